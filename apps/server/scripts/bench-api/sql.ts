import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** The little the seeding and the EXPLAINs need from either engine. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (VACUUM, DDL). */
  exec(text: string): Promise<void>;
}

export function pgSql(client: pg.Client | pg.Pool): Sql {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
  };
}

export function pgliteSql(db: PGlite): Sql {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    exec: async (text) => {
      await db.exec(text);
    },
  };
}
