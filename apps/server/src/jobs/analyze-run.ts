import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { executeRun } from '../modules/analyses/analyses.service.ts';
import { JOBS } from './job-names.ts';
import type { JobDefinition } from './queue.ts';

const payload = z.object({ runId: z.uuid() });

/**
 * One analysis run. Not retried by the queue: the run itself records failure and notifies, and a
 * run interrupted by a stop is found and queued again by `recoverRuns` at the next start.
 */
export function analyzeRunJob(ctx: () => AppContext): JobDefinition<z.infer<typeof payload>> {
  return {
    name: JOBS.analyzeRun,
    retryLimit: 0,
    expireInSeconds: 300,
    // A run spends most of its time waiting on the database (claim, steps, one saving transaction);
    // the engine itself takes ~10 ms. One at a time made the queue the bottleneck under load
    // (bench:load: 52 s end to end at p50 while each run's requests answered in ≤ 123 ms).
    concurrency: 4,
    parse: (data) => payload.parse(data),
    handle: async ({ runId }) => executeRun(ctx(), runId),
  };
}
