import { COST_PER_TOKEN, type AnalyticsReport } from '@viabiliza/contracts/analytics';
import { PROVIDER_NAMES } from '@viabiliza/contracts/analysis';
import type { AppContext } from '../../context.ts';
import * as repo from './analytics.repository.ts';

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const rate = (part: number, whole: number) => (whole ? round((part / whole) * 100) : null);

/**
 * /analytics (spec 02 §6), every figure from the database over the chosen period. The prototype's
 * fixed success rate, random hourly usage and provider rates, and fixed 99.8% uptime are replaced
 * by the runs, analyses and monitoring samples actually stored.
 */
export async function analyticsReport(ctx: AppContext, periodDays: number, now = new Date()): Promise<AnalyticsReport> {
  const since = new Date(now.getTime() - periodDays * 86_400_000);
  const interval = ctx.config.metricsSampleSeconds;
  const [users, runs, analyses, hours, providers, coverage] = await Promise.all([
    repo.userFigures(ctx.db, since),
    repo.runFigures(ctx.db, since),
    repo.analysesTotal(ctx.db, since),
    repo.analysesByHour(ctx.db, since),
    repo.providerFigures(ctx.db, since),
    repo.monitoringCoverage(ctx.db, since, interval),
  ]);
  const avgRunSeconds = runs.avg_seconds === null ? null : round(Number(runs.avg_seconds), 2);
  const byHour = new Map(hours.map((h) => [Number(h.hour), Number(h.n)]));
  // Expected intervals run from the first sample in the period (an installation younger than the
  // period is not charged for the time before it existed) to now.
  const expectedSamples = coverage.first ? Math.max(1, Math.ceil((now.getTime() - coverage.first.getTime()) / (interval * 1000))) : 0;
  return {
    periodDays,
    since: since.toISOString(),
    generatedAt: now.toISOString(),
    kpis: {
      activeUsers: users.active_users,
      newUsers: users.new_users,
      convertedUsers: users.converted_users,
      conversionPercent: rate(users.converted_users, users.new_users),
      analyses,
      avgRunSeconds,
      runsCompleted: runs.completed,
      runsFailed: runs.failed,
      successRate: rate(runs.completed, runs.completed + runs.failed),
    },
    hourly: Array.from({ length: 24 }, (_, hour) => ({ hour, analyses: byHour.get(hour) ?? 0 })),
    providers: providers.map((p) => ({
      provider: p.provider,
      name: PROVIDER_NAMES[p.provider] ?? p.provider,
      analyses: Number(p.analyses),
      tokens: Number(p.tokens),
      cost: round(Number(p.tokens) * COST_PER_TOKEN, 2),
      runsCompleted: Number(p.completed),
      runsFailed: Number(p.failed),
      successRate: rate(Number(p.completed), Number(p.completed) + Number(p.failed)),
    })),
    performance: {
      avgRunSeconds,
      uptimePercent: expectedSamples ? Math.min(100, round((coverage.buckets / expectedSamples) * 100, 2)) : null,
      samples: coverage.buckets,
      expectedSamples,
      // Filled by the route from the monitoring overview (it needs the app for its probes).
      openAlerts: 0,
      openCriticalAlerts: 0,
    },
  };
}
