import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@viabiliza/db/client';
import { backupMetadata } from '@viabiliza/db/schema';
import { BACKUP_HISTORY_LIMIT } from '@viabiliza/contracts/backup';

export type BackupRow = typeof backupMetadata.$inferSelect;

export async function insertBackup(db: Database, input: { backupName: string; tablesIncluded: string[]; trigger: 'manual' | 'scheduled'; createdBy: string | null }) {
  const [row] = await db.insert(backupMetadata).values({ ...input, status: 'pending' }).returning();
  return row!;
}

export async function findBackup(db: Database, id: string): Promise<BackupRow | undefined> {
  const [row] = await db.select().from(backupMetadata).where(eq(backupMetadata.id, id));
  return row;
}

export function listBackups(db: Database) {
  return db.select().from(backupMetadata).orderBy(desc(backupMetadata.createdAt)).limit(BACKUP_HISTORY_LIMIT);
}

export async function backupTotals(db: Database) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      lastCompletedAt: sql<string | null>`max(${backupMetadata.completedAt}) filter (where ${backupMetadata.status} = 'completed')`,
      spaceUsed: sql<number>`coalesce(sum(${backupMetadata.backupSize}) filter (where ${backupMetadata.status} = 'completed'), 0)::float8`,
    })
    .from(backupMetadata);
  return row!;
}

export async function findUnfinished(db: Database): Promise<BackupRow | undefined> {
  const [row] = await db.select().from(backupMetadata).where(inArray(backupMetadata.status, ['pending', 'running'])).limit(1);
  return row;
}

export function updateBackup(db: Database, id: string, values: Partial<Omit<BackupRow, 'id'>>) {
  return db.update(backupMetadata).set(values).where(eq(backupMetadata.id, id));
}

export async function latestCompleted(db: Database) {
  const [row] = await db
    .select({ id: backupMetadata.id, backupName: backupMetadata.backupName, completedAt: backupMetadata.completedAt })
    .from(backupMetadata)
    .where(and(eq(backupMetadata.status, 'completed'), isNotNull(backupMetadata.completedAt)))
    .orderBy(desc(backupMetadata.completedAt))
    .limit(1);
  return row ?? null;
}

export function backupsCreatedBefore(db: Database, cutoff: Date) {
  return db.select({ id: backupMetadata.id, storageKey: backupMetadata.storageKey }).from(backupMetadata).where(lt(backupMetadata.createdAt, cutoff));
}

export function deleteBackupRow(db: Database, id: string) {
  return db.delete(backupMetadata).where(eq(backupMetadata.id, id));
}

/** Backups left pending or running by a process that is gone (created before `cutoff`). */
export function failAbandoned(db: Database, cutoff: Date, message: string) {
  return db
    .update(backupMetadata)
    .set({ status: 'failed', errorMessage: message, manifest: null })
    .where(and(or(eq(backupMetadata.status, 'pending'), eq(backupMetadata.status, 'running')), lt(backupMetadata.createdAt, cutoff)));
}
