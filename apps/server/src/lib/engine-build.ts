import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The engine's build, for the analysis cache key: its version plus a content hash of its source
 * (every non-test .ts file under packages/engine/src, path and content), so any change to the
 * engine — a formula, a reference row — makes a new key without anyone remembering to bump a
 * version. The bundle (scripts/bundle.ts) fixes the hash at build time through `define`, since the
 * engine's source does not ship with it; under tsx (development, tests) it is read once from disk.
 */

declare const __ENGINE_SOURCE_HASH__: string | undefined;

/** sha256 over the sorted relative paths and contents of the engine's source files (tests excluded). */
export function engineSourceHash(dir: string): string {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  walk(dir);
  const hash = createHash('sha256');
  for (const file of files.map((f) => relative(dir, f).split('\\').join('/')).sort()) {
    hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0');
  }
  return hash.digest('hex');
}

/** packages/engine/src, from this file's place in the repository (not used by the bundle). */
export const ENGINE_SOURCE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../packages/engine/src');

let cached: string | null = null;

/** '1.0.0+3f2a…' (version + 16 hex digits of the source hash). */
export function engineBuild(version: string): string {
  if (cached === null) {
    const hash = typeof __ENGINE_SOURCE_HASH__ === 'string' ? __ENGINE_SOURCE_HASH__ : engineSourceHash(ENGINE_SOURCE_DIR).slice(0, 16);
    cached = hash;
  }
  return `${version}+${cached}`;
}
