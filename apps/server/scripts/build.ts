/**
 * Bundles the server (our workspace packages inlined, npm packages left external) and prepares a
 * pre-initialised embedded database so the first `npm start` skips PGlite's slow initdb.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { bundleServer } from './bundle.ts';
import { createPgliteSeed } from './pglite-seed.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const migrations = join(root, '../../packages/db/migrations');
const t0 = performance.now();

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await bundleServer(root, dist);
// dist/main.js (what `npm start` runs) sets NODE_ENV before anything is loaded, then loads the
// bundle. It cannot be a line inside the bundle: the bundle's imports of npm packages are evaluated
// before its first line, and React (report rendering) picks its development build — several times
// slower — when NODE_ENV is not 'production' at that moment.
writeFileSync(
  join(dist, 'main.js'),
  "// Production unless the environment says otherwise (see scripts/build.ts).\nprocess.env.NODE_ENV ??= 'production';\nawait import('./server.js');\n",
);
cpSync(migrations, join(dist, 'migrations'), { recursive: true });

// The PDF reports embed Liberation Sans (accents, '²', '≤'); the bundle looks for it in dist/fonts.
const standardFonts = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
mkdirSync(join(dist, 'fonts'), { recursive: true });
for (const file of ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf', 'LiberationSans-Italic.ttf', 'LiberationSans-BoldItalic.ttf', 'LICENSE_LIBERATION']) {
  cpSync(join(standardFonts, file), join(dist, 'fonts', file));
}

// Version and commit of this build, shown by the admin deployment tab (modules/admin-console/build-info.ts).
writeFileSync(join(dist, 'build-info.json'), JSON.stringify(buildInfo()));

writeFileSync(join(dist, 'pglite-seed.tar.gz'), await createPgliteSeed(migrations));

console.log(`server built in ${Math.round(performance.now() - t0)} ms → ${dist}`);

/**
 * `npm audit --omit=dev` at build time, for the security panel's 'Vulnerabilidades em dependências'
 * check: the counts by severity, or why the registry could not be asked (offline, a registry
 * without the audit endpoint). Never fails the build.
 */
function dependencyAdvisories(): { checkedAt: string; counts: Record<string, number> | null; error: string | null } {
  const checkedAt = new Date().toISOString();
  let out = '';
  try {
    out = execFileSync('npm', ['audit', '--omit=dev', '--json'], { cwd: join(root, '../..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 60_000 });
  } catch (err) {
    // npm audit exits 1 when it finds advisories: its report is still on stdout.
    out = (err as { stdout?: string }).stdout ?? '';
  }
  try {
    const report = JSON.parse(out) as { metadata?: { vulnerabilities?: Record<string, number> }; error?: { summary?: string; code?: string }; message?: string };
    if (report.metadata?.vulnerabilities) return { checkedAt, counts: report.metadata.vulnerabilities, error: null };
    return { checkedAt, counts: null, error: report.error?.summary ?? report.error?.code ?? report.message ?? 'resposta sem contagem de vulnerabilidades' };
  } catch {
    return { checkedAt, counts: null, error: 'npm audit não respondeu' };
  }
}

function buildInfo(): { version: string; commit: string | null; builtAt: string; advisories: ReturnType<typeof dependencyAdvisories> } {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  let commit: string | null = process.env.GIT_COMMIT ?? null;
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = null; // not a git checkout (e.g. a source tarball)
    }
  }
  return { version, commit, builtAt: new Date().toISOString(), advisories: dependencyAdvisories() };
}
