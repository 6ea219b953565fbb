import { z } from 'zod';

/** Periods of /analytics (spec 02 §9). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
/** Cost per token, R$ (spec 02 §9). */
export const COST_PER_TOKEN = 0.002;
/** Hour-of-day buckets are in Brasília time, what the people using the product read on their clocks. */
export const ANALYTICS_TIMEZONE = 'America/Sao_Paulo';

export const analyticsQuery = z.object({
  period: z.enum(['7', '30', '90'], { error: 'Período inválido: use 7, 30 ou 90 dias.' }).default('7'),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const analyticsReport = z.object({
  periodDays: z.number(),
  since: z.string(),
  generatedAt: z.string(),
  kpis: z.object({
    /** People who signed in or started an analysis run in the period. */
    activeUsers: z.number(),
    /** Accounts created in the period, and how many of them ran at least one analysis. */
    newUsers: z.number(),
    convertedUsers: z.number(),
    conversionPercent: z.number().nullable(),
    /** Analyses saved in the period (property_analyses). */
    analyses: z.number(),
    /** Mean time from queueing to completion of the runs that computed (cache hits excluded). */
    avgRunSeconds: z.number().nullable(),
    runsCompleted: z.number(),
    runsFailed: z.number(),
    /** completed / (completed + failed) of the period's runs. */
    successRate: z.number().nullable(),
  }),
  hourly: z.array(z.object({ hour: z.number(), analyses: z.number() })),
  providers: z.array(
    z.object({
      provider: z.string(),
      name: z.string(),
      analyses: z.number(),
      tokens: z.number(),
      cost: z.number(),
      runsCompleted: z.number(),
      runsFailed: z.number(),
      successRate: z.number().nullable(),
    }),
  ),
  performance: z.object({
    avgRunSeconds: z.number().nullable(),
    /** Share of the monitoring intervals since sampling began in the period that have a sample. */
    uptimePercent: z.number().nullable(),
    samples: z.number(),
    expectedSamples: z.number(),
    /** Alerts open now (the /admin monitoring tab's: probes and samples over their limits), and the errors among them. */
    openAlerts: z.number(),
    openCriticalAlerts: z.number(),
  }),
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;
