import { z } from 'zod';
import { PASSWORD_MAX } from './auth.ts';

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

/** How archives are encrypted (AES-256-GCM) and whether the generated key was already shown. */
export const backupEncryption = z.object({
  algorithm: z.literal('AES-256-GCM'),
  /** env: BACKUP_ENCRYPTION_KEY; generated: DATA_DIR/backup-key, shown once on this page. */
  source: z.enum(['env', 'generated']),
  /** Names the key without revealing it (16 hexadecimal characters). */
  fingerprint: z.string(),
  /** When a generated key was shown (null: not yet; always null for env). */
  shownAt: z.string().nullable(),
});
export type BackupEncryption = z.infer<typeof backupEncryption>;

export const backupList = z.object({
  backups: z.array(backup),
  totals: z.object({
    count: z.number(),
    lastCompletedAt: z.string().nullable(),
    /** Bytes of all stored archives. */
    spaceUsed: z.number(),
  }),
  schedule: z.object({ cron: z.string(), timezone: z.string(), retentionDays: z.number() }),
  encryption: backupEncryption,
});
export type BackupList = z.infer<typeof backupList>;

export const BACKUP_MESSAGES = {
  passwordRequired: 'Informe sua senha para continuar.',
  wrongPassword: 'Senha incorreta. Digite a senha da sua conta para confirmar.',
  downloadNeedsPassword: 'Confirme sua senha para baixar o backup.',
  keyAlreadyShown:
    'A chave de criptografia já foi exibida e não é mostrada de novo. Ela continua no arquivo backup-key do diretório de dados (DATA_DIR) do servidor.',
  keyFromEnvironment: 'A chave de criptografia vem da variável BACKUP_ENCRYPTION_KEY do servidor e não é exibida aqui.',
  tooManyWrongPasswords: 'Muitas tentativas de senha incorretas. Aguarde alguns minutos e tente novamente.',
} as const;

/** The admin's own password, asked again before a backup leaves the server or replaces data. */
export const adminPassword = z
  .string({ error: BACKUP_MESSAGES.passwordRequired })
  .min(1, { error: BACKUP_MESSAGES.passwordRequired })
  .max(PASSWORD_MAX, { error: BACKUP_MESSAGES.wrongPassword });

export const backupPasswordBody = z.object({ password: adminPassword });
export type BackupPasswordBody = z.infer<typeof backupPasswordBody>;

/** A link valid for a minute, for this admin and this backup: the browser downloads it natively. */
export const backupDownloadLink = z.object({ url: z.string(), expiresAt: z.string() });
export type BackupDownloadLink = z.infer<typeof backupDownloadLink>;

export const backupKeyReveal = z.object({ key: z.string(), fingerprint: z.string(), shownAt: z.string() });
export type BackupKeyReveal = z.infer<typeof backupKeyReveal>;

/** The browser asks 'Tem certeza…?' and the password first; the server wants both. */
export const restoreBackupBody = z.object({ confirm: z.literal(true, { error: 'Confirme a restauração.' }), password: adminPassword });
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
