import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { classifyTestFiles } from './test-setup/projects.ts';

const root = new URL('.', import.meta.url).pathname;

/** Settings every project shares (vitest does not inherit `test` options into inline projects). */
const common = {
  // The web app's '@/…' imports, so its components can be rendered in a test (react-dom/server).
  resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
};
const commonTest = {
  environment: 'node',
  pool: 'forks',
  setupFiles: ['test-setup/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/**
 * Three projects (test-setup/projects.ts says which file goes where):
 * - `unit`: files without a database, once;
 * - `pglite`: every database file, each on a fresh embedded database from the run's migrated seed;
 * - `postgres`, only when TEST_DATABASE_URL is set: the files whose behaviour depends on the
 *   database server, each on a clone of the run's migrated template database (all database files
 *   with TEST_POSTGRES_ALL=1).
 * In each, the files share their worker's module graph (isolate: false: the server is imported once
 * per worker, not once per file); a file that mocks a module or stubs a global runs in a module
 * graph of its own, in the same project under the name `<project>-isolado`.
 * Each project's globalSetup runs only when the project has files to run, so a PostgreSQL-only run
 * (`npm run test:pg`) does not build the PGlite seed.
 */
export function projects(options: { only?: string[]; postgres?: boolean } = {}): TestProjectInlineConfiguration[] {
  const files = classifyTestFiles(root);
  const pick = (list: string[]) => (options.only ? list.filter((f) => options.only!.includes(f)) : list);
  const postgresUrl = options.postgres === false ? undefined : process.env.TEST_DATABASE_URL;
  const kinds: Array<{ name: string; include: string[]; test?: object }> = [
    { name: 'unit', include: files.pure },
    {
      name: 'pglite',
      include: files.database,
      test: {
        globalSetup: ['apps/server/test/global-setup.ts'],
        // The helper picks PostgreSQL when this is set: here it must not be.
        env: { TEST_DATABASE_URL: '' },
      },
    },
  ];
  if (postgresUrl) {
    kinds.push({
      name: 'postgres',
      include: process.env.TEST_POSTGRES_ALL === '1' ? files.database : files.postgres,
      test: { globalSetup: ['apps/server/test/postgres-setup.ts'], env: { TEST_DATABASE_URL: postgresUrl } },
    });
  }
  return kinds.flatMap(({ name, include, test }) =>
    [
      { name, isolate: false, include: pick(include.filter((f) => !files.isolated.includes(f))) },
      { name: `${name}-isolado`, isolate: true, include: pick(include.filter((f) => files.isolated.includes(f))) },
    ]
      .filter((p) => p.include.length > 0)
      .map((p) => ({ ...common, test: { ...commonTest, ...test, ...p } })),
  );
}

export default defineConfig({
  test: {
    projects: projects(),
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
