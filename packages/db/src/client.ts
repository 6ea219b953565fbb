import { existsSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one query interface used everywhere, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * dataDir undefined means in memory; seedDump is a `dumpDataDir` tarball used when dataDir is
   * new, seedData the same already in memory (it wins over seedDump).
   */
  | { kind: 'pglite'; dataDir?: string; seedDump?: string; seedData?: Blob };

export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: Database;
  /** The embedded engine, when kind is pglite (pg-boss and LISTEN need it). */
  pglite?: PGlite;
  /** The pool, when kind is postgres. */
  pool?: pg.Pool;
  url?: string;
  migrate(migrationsFolder: string): Promise<void>;
  /**
   * Runs `fn` while holding PostgreSQL's session advisory lock `key` on one connection, so
   * instances starting together take turns (migrations, seeding). PGlite: runs `fn` directly, since
   * one process owns its data directory.
   */
  withAdvisoryLock<T>(key: bigint, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      kind: 'postgres',
      db,
      pool,
      url: options.url,
      migrate: (migrationsFolder) =>
        migratePg(db as never, { migrationsFolder, migrationsSchema: 'drizzle' }),
      withAdvisoryLock: async (key, fn) => {
        const client = await pool.connect();
        let broken = false;
        try {
          await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1::bigint)', [key.toString()]).catch(() => {
              // A lock that cannot be released dies with its connection: destroy it below.
              broken = true;
            });
          }
        } finally {
          client.release(broken);
        }
      },
      close: () => pool.end(),
    };
  }

  const isNew = !options.dataDir || !existsSync(`${options.dataDir}/PG_VERSION`);
  const loadDataDir = !isNew
    ? undefined
    : (options.seedData ?? (options.seedDump && existsSync(options.seedDump) ? new Blob([readFileSync(options.seedDump)]) : undefined));
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir });
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite,
    migrate: (migrationsFolder) =>
      migratePglite(db as never, { migrationsFolder, migrationsSchema: 'drizzle' }),
    withAdvisoryLock: (_key, fn) => fn(),
    close: () => pglite.close(),
  };
}
