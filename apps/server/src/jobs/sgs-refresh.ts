import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { refreshSgs, sgsRefreshDue } from '../modules/reference-data/refresh.ts';
import { JOBS } from './job-names.ts';
import type { JobDefinition } from './queue.ts';

/** Every day at 09:00 Brasília time (SGS publishes the previous day's Selic and TR overnight). */
export const SGS_CRON = '0 9 * * *';

/** A refresh records its own failure (reference_imports): the queue does not retry it. */
export function sgsRefreshJob(ctx: () => AppContext): JobDefinition<Record<string, never>> {
  return {
    name: JOBS.sgsRefresh,
    parse: (data) => z.object({}).strict().parse(data ?? {}) as Record<string, never>,
    handle: async () => {
      await refreshSgs(ctx());
    },
    retryLimit: 0,
    expireInSeconds: 600,
  };
}

/**
 * With SGS configured: the daily schedule, and a refresh now when the last one is more than
 * 24 h old. Without network the job only records 'failed' (shipped rows stay in use).
 */
export async function scheduleSgsRefresh(ctx: AppContext): Promise<void> {
  if (!ctx.config.sgsBaseUrl) return;
  await ctx.queue.boss.schedule(JOBS.sgsRefresh, SGS_CRON, {}, { tz: 'America/Sao_Paulo' });
  if (await sgsRefreshDue(ctx)) await ctx.queue.send(JOBS.sgsRefresh, {});
}
