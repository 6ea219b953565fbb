import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteSeed } from '../scripts/pglite-seed.ts';
import { migrationsFolder } from '../src/bootstrap.ts';

/** Builds the migrated PGlite image once per run; each test file loads it into a fresh database. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-test-'));
  const seed = join(dir, 'seed.tar.gz');
  writeFileSync(seed, await createPgliteSeed(migrationsFolder()));
  project.provide('pgliteSeed', seed);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSeed: string;
  }
}
