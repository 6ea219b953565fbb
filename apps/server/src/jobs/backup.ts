import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { BACKUP_CRON, backupTimezone, failAbandonedBackups, runBackup, scheduledBackup } from '../modules/backup/backup.service.ts';
import { JOBS } from './job-names.ts';
import type { JobDefinition } from './queue.ts';

/** A manual backup names its row; the daily schedule sends no payload and makes its own. */
const payload = z.object({ backupId: z.uuid().optional() });

/** A backup run records its own failure in backup_metadata, so the queue does not retry it. */
export function backupJob(ctx: () => AppContext): JobDefinition<z.infer<typeof payload>> {
  return {
    name: JOBS.backup,
    parse: (data) => payload.parse(data ?? {}),
    handle: async ({ backupId }) => (backupId ? runBackup(ctx(), backupId) : scheduledBackup(ctx())),
    retryLimit: 0,
    expireInSeconds: 3600,
  };
}

/**
 * Daily at 02:00 server time through pg-boss's cron (one job per tick across all instances), and
 * on start the backups a stopped process left unfinished are marked failed.
 */
export async function scheduleBackups(ctx: AppContext): Promise<void> {
  const cutoff = ctx.database.pglite ? new Date() : new Date(Date.now() - 2 * 3600_000);
  await failAbandonedBackups(ctx, cutoff);
  await ctx.queue.boss.schedule(JOBS.backup, BACKUP_CRON, {}, { tz: backupTimezone() });
}
