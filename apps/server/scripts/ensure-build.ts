/**
 * `npm start`'s prestart: builds the web app and the server only when their sources changed since
 * the last build, so a second start serves at once instead of spending a minute on the web build.
 *
 * What changed is judged by a fingerprint of the inputs — every file's path, size and mtime under
 * the workspaces (apps/*, packages/*, without node_modules, dist, dot-folders and test files) and
 * the root package.json and package-lock.json — kept in apps/server/dist/build-stamp.json after a
 * build that succeeded. A fresh clone has no stamp and builds; an edited, added or removed source
 * file, or a changed lockfile (`npm ci` of another version), builds again. `--force` always builds.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP_FILE = 'apps/server/dist/build-stamp.json';
/** What a start needs from the build; one missing (a failed or interrupted build) means building again. */
export const BUILD_OUTPUTS = ['apps/server/dist/main.js', 'apps/server/dist/server.js', 'apps/web/dist/index.html'];
const WORKSPACE_ROOTS = ['apps', 'packages'];
const ROOT_INPUTS = ['package.json', 'package-lock.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'test-results', 'coverage']);
const UNBUILT_FILE = /\.test\.tsx?$|\.tsbuildinfo$/;

export interface Stamp {
  fingerprint: string;
  builtAt: string;
}

export type Decision = { build: true; reason: string } | { build: false; reason: string };

/** Whether to build: the pure part of this script, tested in ensure-build.test.ts. */
export function decide(input: { stamp: Stamp | null; fingerprint: string; missingOutputs: string[]; force?: boolean }): Decision {
  if (input.force) return { build: true, reason: 'build forçado (--force)' };
  if (input.missingOutputs.length) return { build: true, reason: `faltam ${input.missingOutputs.join(', ')}` };
  if (!input.stamp) return { build: true, reason: 'nenhum build anterior registrado' };
  if (input.stamp.fingerprint !== input.fingerprint) return { build: true, reason: 'fontes alteradas desde o último build' };
  return { build: false, reason: `build de ${input.stamp.builtAt} está em dia` };
}

/** Path, size and mtime of every input file, hashed in a stable order: a stat per file, no reading. */
export function fingerprint(root: string): string {
  const files: string[] = ROOT_INPUTS.map((f) => join(root, f)).filter((f) => existsSync(f));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !UNBUILT_FILE.test(entry.name)) files.push(path);
    }
  };
  for (const r of WORKSPACE_ROOTS) if (existsSync(join(root, r))) walk(join(root, r));
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file)}\0${size}\0${Math.trunc(mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

export function readStamp(root: string): Stamp | null {
  try {
    const stamp = JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8')) as Partial<Stamp>;
    return typeof stamp.fingerprint === 'string' && typeof stamp.builtAt === 'string' ? { fingerprint: stamp.fingerprint, builtAt: stamp.builtAt } : null;
  } catch {
    return null;
  }
}

function main(root: string, force: boolean): void {
  const before = fingerprint(root);
  const decision = decide({ stamp: readStamp(root), fingerprint: before, missingOutputs: BUILD_OUTPUTS.filter((f) => !existsSync(join(root, f))), force });
  if (!decision.build) {
    console.log(`viabiliza: ${decision.reason}; sem rebuild (npm run build para forçar).`);
    return;
  }
  console.log(`viabiliza: construindo (${decision.reason})…`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  // The fingerprint taken before the build: a source edited during the build builds again next time.
  writeFileSync(join(root, STAMP_FILE), JSON.stringify({ fingerprint: before, builtAt: new Date().toISOString() } satisfies Stamp));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(fileURLToPath(new URL('../../../', import.meta.url)), process.argv.includes('--force'));
}
