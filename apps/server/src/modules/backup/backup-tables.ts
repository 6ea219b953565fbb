import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@viabiliza/db/client';
import {
  account,
  analysisCollaborators,
  analysisComments,
  analysisRuns,
  documentPages,
  notifications,
  properties,
  propertyAnalyses,
  propertyDocuments,
  propertyRooms,
  user,
} from '@viabiliza/db/schema';

/**
 * The tables a backup holds, parents before children (restore inserts in this order and deletes in
 * the reverse). Spec 02 §7 names profiles, properties, property_analyses, property_documents,
 * notifications and user_analysis_limits; here profiles are Better Auth's `user` table (with
 * `account`, which holds the password hashes, or a restored person could not sign in), and there is
 * no user_analysis_limits table (limits are server constants). document_pages and analysis_runs
 * carry a document's text and an analysis's run; the collaboration and floor-plan tables hang off
 * analyses and properties and would be lost by a restore that recreates those.
 */
const TABLES: PgTable[] = [
  user,
  account,
  properties,
  propertyDocuments,
  documentPages,
  propertyAnalyses,
  analysisRuns,
  notifications,
  analysisCollaborators,
  analysisComments,
  propertyRooms,
];

export interface BackupTable {
  name: string;
  primaryKey: string[];
  columns: string[];
}

export const BACKUP_TABLES: BackupTable[] = TABLES.map((t) => {
  const config = getTableConfig(t);
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  return {
    name: config.name,
    primaryKey: composite ?? config.columns.filter((c) => c.primary).map((c) => c.name),
    columns: config.columns.map((c) => c.name),
  };
});

export const BACKUP_TABLE_NAMES = BACKUP_TABLES.map((t) => t.name);

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
const identList = (names: string[]) => sql.raw(names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', '));

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function countRows(db: Database, table: BackupTable, where?: SQL): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${ident(table.name)}${where ? sql` where ${where}` : sql``}`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/**
 * One page of a table as JSON text per row (row_to_json), in primary-key order. Rows travel as the
 * database's own JSON, never through JavaScript values, so timestamps, bigints, reals and jsonb come
 * back exactly as they were.
 */
export async function readPage(db: Database, table: BackupTable, offset: number, limit: number): Promise<string[]> {
  const result = await db.execute(
    sql`select row_to_json(t)::text as j from ${ident(table.name)} t order by ${identList(table.primaryKey)} limit ${limit} offset ${offset}`,
  );
  return rowsOf<{ j: string }>(result).map((r) => r.j);
}

/** Inserts rows given as JSON texts; `upsert` replaces a row with the same primary key. */
export async function insertRows(db: Database, table: BackupTable, rows: string[], upsert: boolean): Promise<void> {
  if (!rows.length) return;
  const json = `[${rows.join(',')}]`;
  const conflict = upsert
    ? sql` on conflict (${identList(table.primaryKey)}) do update set ${sql.raw(
        table.columns.filter((c) => !table.primaryKey.includes(c)).map((c) => `"${c}" = excluded."${c}"`).join(', '),
      )}`
    : sql``;
  await db.execute(sql`insert into ${ident(table.name)} select * from json_populate_recordset(null::${ident(table.name)}, ${json}::json)${conflict}`);
}

export async function deleteRows(db: Database, table: BackupTable, where?: SQL): Promise<void> {
  await db.execute(sql`delete from ${ident(table.name)}${where ? sql` where ${where}` : sql``}`);
}

export { ident };
