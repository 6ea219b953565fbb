import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Which test files need a database, and which of those also run on PostgreSQL.
 *
 * A file needs a database when it imports the server's test helper or the db client: those run on
 * PGlite in every `npm test`, and the rest (engine, contracts, extraction, web components) once,
 * with no database at all.
 *
 * On PostgreSQL (TEST_DATABASE_URL) run the files whose behaviour depends on the database server
 * rather than on the SQL a route sends, which is the same on both: the queue (pg-boss on a pool),
 * LISTEN/NOTIFY, several instances on one database, crash recovery, budgets and rate limits shared
 * through the database, full-text search, backup and restore, isolation between accounts,
 * concurrent requests. Any file that asks `usingPostgres`, starts instances or reads
 * TEST_DATABASE_URL itself is added without being listed. `TEST_POSTGRES_ALL=1` runs every database
 * file on PostgreSQL.
 */
export const POSTGRES_FILES = [
  // the real entry point in its own process, migrations under the startup lock, several instances
  'apps/server/src/main.test.ts',
  'apps/server/src/many-instances.test.ts',
  'apps/server/src/two-instances.test.ts',
  'apps/server/src/database-unavailable.test.ts',
  'apps/server/src/production-topology.test.ts',
  // crash recovery: stale runs and documents are taken over by age on PostgreSQL
  'apps/server/src/crash-recovery.test.ts',
  'apps/server/src/modules/documents/recovery.test.ts',
  // the queue and the jobs on it (pg-boss's pool on PostgreSQL, its adapter on PGlite)
  'apps/server/src/jobs/queue.test.ts',
  'apps/server/src/jobs/extract-document.test.ts',
  'apps/server/src/modules/documents/malformed-files.test.ts',
  'apps/server/src/modules/sandbox/sandbox.routes.test.ts',
  // LISTEN/NOTIFY
  'apps/server/src/realtime/events.routes.test.ts',
  'apps/server/src/realtime/events-after-outage.test.ts',
  'apps/server/src/realtime/streams-across-instances.test.ts',
  // budgets and rate limits counted in the database, concurrent sign-ins
  'apps/server/src/plugins/rate-limit-store.test.ts',
  'apps/server/src/modules/auth/sign-in-protection.test.ts',
  'apps/server/src/modules/auth/account-creation-budget.test.ts',
  // full-text search (Portuguese dictionaries of the server)
  'apps/server/src/modules/search/search.routes.test.ts',
  'apps/server/src/modules/chat/retrieval.test.ts',
  // backup and restore (pg_dump-like export of the database's rows), in a bucket too
  'apps/server/src/modules/backup/backup.routes.test.ts',
  'apps/server/src/storage/s3-storage.test.ts',
  // isolation between accounts, and what the health and status pages say about the database
  'apps/server/src/isolation.test.ts',
  'apps/server/src/modules/health/health.routes.test.ts',
  'apps/server/src/modules/dashboard/own-status.routes.test.ts',
];

/**
 * Node 24 (the next LTS) runs a smoke subset, not the whole suite again: the entry point boots and
 * migrates a new data directory, one API flow from sign-up to a saved analysis, one extraction in a
 * worker thread, one analysis by the engine.
 */
export const SMOKE_FILES = [
  'apps/server/src/main.test.ts',
  'apps/server/src/app.test.ts',
  'apps/server/src/modules/analyses/analyses.routes.test.ts',
  'apps/server/src/jobs/extract-document.test.ts',
  'packages/extract/src/extract.test.ts',
  'packages/engine/src/analyze.test.ts',
];

const ROOTS = ['apps', 'packages'];
const TEST_FILE = /\.test\.tsx?$/;
const USES_DATABASE = /test\/helper\.ts'|@viabiliza\/db\/client'/;
const ASKS_FOR_POSTGRES = /\busingPostgres\b|\bstartInstance\b|TEST_DATABASE_URL/;
/**
 * Files that replace a module or a global for themselves (vi.mock, stubbed env or globals, fake
 * timers) need a module graph of their own; every other file shares its worker's modules with the
 * files before it (isolate: false), which saves importing the server again for each file.
 */
const NEEDS_ISOLATION = /\bvi\.(?:mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(/;

function testFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (TEST_FILE.test(entry.name)) out.push(relative(root, path));
    }
  };
  for (const r of ROOTS) walk(join(root, r));
  return out.sort();
}

export function classifyTestFiles(root: string) {
  const all = testFiles(root);
  const database: string[] = [];
  const postgres: string[] = [];
  const isolated: string[] = [];
  for (const file of all) {
    const source = readFileSync(join(root, file), 'utf8');
    if (NEEDS_ISOLATION.test(source)) isolated.push(file);
    if (!USES_DATABASE.test(source)) continue;
    database.push(file);
    if (POSTGRES_FILES.includes(file) || ASKS_FOR_POSTGRES.test(source)) postgres.push(file);
  }
  const missing = [...POSTGRES_FILES, ...SMOKE_FILES].filter((f) => !all.includes(f));
  if (missing.length) throw new Error(`test-setup/projects.ts lists files that do not exist: ${missing.join(', ')}`);
  return { all, database, postgres, isolated, pure: all.filter((f) => !database.includes(f)) };
}
