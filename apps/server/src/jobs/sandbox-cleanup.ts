import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { removeExpiredSandboxes } from '../modules/sandbox/sandbox.service.ts';
import { JOBS } from './job-names.ts';
import type { JobDefinition } from './queue.ts';

/**
 * Every 15 minutes: a demo sandbox is gone, with its files, within a quarter of an hour of its 24 h
 * (its session already stops working at the hour, modules/auth/session.ts).
 */
export const SANDBOX_CLEANUP_CRON = '*/15 * * * *';

/** Idempotent: a failed run is simply the next tick's work, so the queue does not retry it. */
export function sandboxCleanupJob(ctx: () => AppContext): JobDefinition<Record<string, never>> {
  return {
    name: JOBS.sandboxCleanup,
    parse: (data) => z.object({}).strict().parse(data ?? {}) as Record<string, never>,
    handle: async () => {
      await removeExpiredSandboxes(ctx());
    },
    retryLimit: 0,
    expireInSeconds: 600,
  };
}

/** pg-boss cron: one job per tick across all instances. */
export async function scheduleSandboxCleanup(ctx: AppContext): Promise<void> {
  await ctx.queue.boss.schedule(JOBS.sandboxCleanup, SANDBOX_CLEANUP_CRON, {});
}
