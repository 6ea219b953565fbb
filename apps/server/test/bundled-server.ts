import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { bundleServer } from '../scripts/bundle.ts';
import { usingPostgres } from './helper.ts';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The server bundled as `npm run build` makes it (scripts/bundle.ts), for tests that run the real
 * entry point as a process: the migrations beside it and, on PGlite, the run's migrated seed, as
 * dist/ ships them. Bundling takes a second or two; main.ts through tsx compiled every source file
 * at each start, and a new data directory without the seed ran PGlite's initdb and every migration.
 */
export async function bundledServer(): Promise<{ entry: string; remove(): void }> {
  // Inside the server's folder, so the bundle's npm imports resolve to node_modules.
  const dir = mkdtempSync(join(SERVER_ROOT, '.main-test-'));
  await bundleServer(SERVER_ROOT, dir);
  cpSync(join(SERVER_ROOT, '../../packages/db/migrations'), join(dir, 'migrations'), { recursive: true });
  if (!usingPostgres) cpSync(inject('pgliteSeed'), join(dir, 'pglite-seed.tar.gz'));
  return { entry: join(dir, 'server.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
