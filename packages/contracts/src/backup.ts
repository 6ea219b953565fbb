import { z } from 'zod';

/** Backups are kept this long; the daily schedule deletes older archives and rows (spec 02 §9). */
export const BACKUP_RETENTION_DAYS = 30;
/** History shown on /backup (spec 02 §7). */
export const BACKUP_HISTORY_LIMIT = 20;
/** A successful backup younger than this counts as recent (security check, deploy gate). */
export const BACKUP_FRESHNESS_HOURS = 24;

export const backupStatus = z.enum(['pending', 'running', 'completed', 'failed']);
export type BackupStatus = z.infer<typeof backupStatus>;

export const backupProgress = z.object({
  /** tables | files | upload */
  step: z.string(),
  percent: z.number().min(0).max(100),
  label: z.string(),
});

/** One row of backup_metadata as the page shows it. */
export const backup = z.object({
  id: z.string(),
  backupName: z.string(),
  status: backupStatus,
  trigger: z.enum(['manual', 'scheduled']),
  tablesIncluded: z.array(z.string()),
  backupSize: z.number().nullable(),
  originalSize: z.number().nullable(),
  compressionRatio: z.number().nullable(),
  /** Rows per table and the number of files, from the manifest (null until completed). */
  rowCounts: z.record(z.string(), z.number()).nullable(),
  fileCount: z.number().nullable(),
  progress: backupProgress.nullable(),
  errorMessage: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  restoredAt: z.string().nullable(),
});
export type Backup = z.infer<typeof backup>;

export const backupList = z.object({
  backups: z.array(backup),
  totals: z.object({
    count: z.number(),
    lastCompletedAt: z.string().nullable(),
    /** Bytes of all stored archives. */
    spaceUsed: z.number(),
  }),
  schedule: z.object({ cron: z.string(), timezone: z.string(), retentionDays: z.number() }),
});
export type BackupList = z.infer<typeof backupList>;

/** The browser asks 'Tem certeza…?' first; the server still wants the explicit confirmation. */
export const restoreBackupBody = z.object({ confirm: z.literal(true, { error: 'Confirme a restauração.' }) });
export type RestoreBackupBody = z.infer<typeof restoreBackupBody>;

export const restoreBackupResponse = z.object({
  id: z.string(),
  restoredAt: z.string(),
  /** Rows found after the restore per table, equal to the manifest's (else the restore is rolled back). */
  rowCounts: z.record(z.string(), z.number()),
  files: z.number(),
});
export type RestoreBackupResponse = z.infer<typeof restoreBackupResponse>;

export const restoreConfirmation = (name: string) => `Tem certeza que deseja restaurar o backup "${name}"? Esta ação não pode ser desfeita.`;
