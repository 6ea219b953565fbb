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
  /** dataDir undefined means in memory; seedDump is a `dumpDataDir` tarball used when dataDir is new. */
  | { kind: 'pglite'; dataDir?: string; seedDump?: string };

export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: Database;
  /** The embedded engine, when kind is pglite (pg-boss and LISTEN need it). */
  pglite?: PGlite;
  /** The pool, when kind is postgres. */
  pool?: pg.Pool;
  url?: string;
  migrate(migrationsFolder: string): Promise<void>;
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
      close: () => pool.end(),
    };
  }

  const isNew = !options.dataDir || !existsSync(`${options.dataDir}/PG_VERSION`);
  const loadDataDir =
    isNew && options.seedDump && existsSync(options.seedDump)
      ? new Blob([readFileSync(options.seedDump)])
      : undefined;
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir });
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite,
    migrate: (migrationsFolder) =>
      migratePglite(db as never, { migrationsFolder, migrationsSchema: 'drizzle' }),
    close: () => pglite.close(),
  };
}
