import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@viabiliza/db/client';
import { referenceImports, referenceRows } from '@viabiliza/db/schema';

export type ReferenceRowRecord = typeof referenceRows.$inferSelect;
export type ReferenceRowInsert = typeof referenceRows.$inferInsert;
export type ReferenceImportRecord = typeof referenceImports.$inferSelect;

export async function listReferenceRows(db: Database): Promise<ReferenceRowRecord[]> {
  return db.select().from(referenceRows).orderBy(referenceRows.series, referenceRows.asOf);
}

/** Ids of `ids` already stored (append-only: those are skipped, never overwritten). */
export async function existingIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.select({ id: referenceRows.id }).from(referenceRows).where(inArray(referenceRows.id, ids.slice(i, i + 500)));
    found.push(...rows.map((r) => r.id));
  }
  return new Set(found);
}

/** Inserts rows whose id is new; returns how many were added. */
export async function insertReferenceRows(db: Database, rows: ReferenceRowInsert[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await db.insert(referenceRows).values(rows.slice(i, i + 200)).onConflictDoNothing({ target: referenceRows.id }).returning({ id: referenceRows.id });
    added += inserted.length;
  }
  return added;
}

export async function insertImport(db: Database, values: typeof referenceImports.$inferInsert): Promise<ReferenceImportRecord> {
  const [row] = await db.insert(referenceImports).values(values).returning();
  return row!;
}

export async function updateImport(db: Database, id: string, values: Partial<typeof referenceImports.$inferInsert>): Promise<void> {
  await db.update(referenceImports).set(values).where(eq(referenceImports.id, id));
}

export async function lastSgsRun(db: Database): Promise<ReferenceImportRecord | null> {
  const [row] = await db.select().from(referenceImports).where(eq(referenceImports.origin, 'sgs')).orderBy(desc(referenceImports.createdAt)).limit(1);
  return row ?? null;
}
