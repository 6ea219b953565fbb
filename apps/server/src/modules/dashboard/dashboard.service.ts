import type { FastifyBaseLogger } from 'fastify';
import { analysisTypeLabel, PROVIDER_NAMES } from '@viabiliza/contracts/analysis';
import {
  DASHBOARD_GOALS,
  DASHBOARD_TIME_ZONE,
  monthStartIn,
  ratio,
  type DashboardMetrics,
  type DashboardStats,
  type ProviderMetric,
  type SystemCheck,
  type TypeMetric,
} from '@viabiliza/contracts/dashboard';
import { HISTORY_MESSAGES, previewText } from '@viabiliza/contracts/history';
import type { AppContext } from '../../context.ts';
import * as repo from './dashboard.repository.ts';
import { checkSystem } from './system-status.ts';

const MB = 1024 * 1024;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const providerName = (id: string | null) => (id ? (PROVIDER_NAMES[id] ?? id) : HISTORY_MESSAGES.noProvider);

/**
 * The system checks describe this server, not the user, so every dashboard in the same few seconds
 * shares one run: under load, probing the database and the queue per request cost more than the
 * user's own queries (bench:api). Per context, so each test app has its own.
 */
const SYSTEM_CHECK_TTL_MS = 5000;
const systemChecks = new WeakMap<AppContext, { at: number; checks: Promise<SystemCheck[]> }>();
function recentSystemChecks(ctx: AppContext, log: FastifyBaseLogger, now = Date.now()): Promise<SystemCheck[]> {
  const hit = systemChecks.get(ctx);
  if (hit && now - hit.at < SYSTEM_CHECK_TTL_MS) return hit.checks;
  const checks = checkSystem(ctx, log);
  systemChecks.set(ctx, { at: now, checks });
  return checks;
}

/**
 * Who is asking: the server's own figures (Node version, uptime, memory, database, queue, disk) go to
 * admins only; everyone else gets figures about their own rows.
 */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** Spec 01 §2 'Dashboard' and §3 'Dashboard stats', with real figures. */
export async function getStats(ctx: AppContext, viewer: Viewer, log: FastifyBaseLogger, now = new Date()): Promise<DashboardStats> {
  const userId = viewer.id;
  const monthStart = monthStartIn(DASHBOARD_TIME_ZONE, now);
  const [totalProperties, documents, analyses, runs, recent, docStates, progress, system] = await Promise.all([
    repo.countProperties(ctx.db, userId),
    repo.countDocuments(ctx.db, userId, monthStart),
    repo.countAnalyses(ctx.db, userId, monthStart),
    repo.runOutcomes(ctx.db, userId),
    repo.recentAnalyses(ctx.db, userId),
    repo.documentStates(ctx.db, userId),
    repo.runProgress(ctx.db, userId),
    viewer.isAdmin ? recentSystemChecks(ctx, log) : undefined,
  ]);
  return {
    totalProperties,
    totalDocuments: documents.total,
    totalAnalyses: analyses.total,
    successRate: ratio(runs.completed, runs.completed + runs.failed),
    runs: { completed: runs.completed, failed: runs.failed },
    recentAnalyses: recent.map((row) => ({
      id: row.id,
      propertyId: row.propertyId,
      propertyTitle: row.propertyTitle,
      analysisType: row.analysisType,
      typeLabel: analysisTypeLabel(row.analysisType),
      providerUsed: row.providerUsed,
      providerName: row.providerUsed ? providerName(row.providerUsed) : null,
      tokensUsed: row.tokensUsed,
      confidenceScore: row.confidenceScore,
      createdAt: row.createdAt.toISOString(),
      preview: previewText(row.head),
    })),
    month: { start: monthStart.toISOString(), analyses: analyses.since, documents: documents.since },
    goals: { ...DASHBOARD_GOALS },
    own: {
      documents: docStates,
      runs: {
        inProgress: progress.inProgress,
        completed: runs.completed,
        failed: runs.failed,
        lastRunAt: progress.lastRunAt?.toISOString() ?? null,
        lastRunStatus: progress.lastRunStatus,
      },
    },
    ...(system ? { system } : {}),
    generatedAt: now.toISOString(),
  };
}

/** The 'Atividade' panel: means, cache, breakdowns by type and provider, and (for admins) this server's memory. */
export async function getMetrics(ctx: AppContext, viewer: Viewer, now = new Date()): Promise<DashboardMetrics> {
  const userId = viewer.id;
  const [groups, cacheEntries, runs] = await Promise.all([
    repo.analysisGroups(ctx.db, userId),
    repo.countCacheEntries(ctx.db, userId),
    repo.runOutcomes(ctx.db, userId),
  ]);

  let total = 0;
  let confidenceSum = 0;
  let confidenceCount = 0;
  let tokensSum = 0;
  let tokensCount = 0;
  const byType = new Map<string, number>();
  const byProvider = new Map<string | null, { uses: number; confident: number }>();
  for (const g of groups) {
    total += g.count;
    confidenceSum += g.confidenceSum;
    confidenceCount += g.confidenceCount;
    tokensSum += g.tokensSum;
    tokensCount += g.tokensCount;
    byType.set(g.analysisType, (byType.get(g.analysisType) ?? 0) + g.count);
    const p = byProvider.get(g.providerUsed) ?? { uses: 0, confident: 0 };
    p.uses += g.count;
    p.confident += g.confident;
    byProvider.set(g.providerUsed, p);
  }

  const types: TypeMetric[] = [...byType]
    .map(([type, count]) => ({ type, label: analysisTypeLabel(type), count, percent: round((count / total) * 100) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'pt-BR'));
  const providers: ProviderMetric[] = [...byProvider]
    .map(([provider, p]) => ({ provider, name: providerName(provider), uses: p.uses, successRate: round((p.confident / p.uses) * 100) }))
    .sort((a, b) => b.uses - a.uses || a.name.localeCompare(b.name, 'pt-BR'));

  const averageConfidence = ratio(confidenceSum, confidenceCount);
  const averageTokens = ratio(tokensSum, tokensCount);
  return {
    totalAnalyses: total,
    averageConfidence: averageConfidence === null ? null : round(averageConfidence),
    averageTokens: averageTokens === null ? null : Math.round(averageTokens),
    cacheHitRate: ratio(runs.cached, runs.completed),
    cacheHits: runs.cached,
    completedRuns: runs.completed,
    cacheEntries,
    types,
    providers,
    ...(viewer.isAdmin ? { memory: serverMemory() } : {}),
    generatedAt: now.toISOString(),
  };
}

function serverMemory(): NonNullable<DashboardMetrics['memory']> {
  const memory = process.memoryUsage();
  return { rssMb: round(memory.rss / MB), heapUsedMb: round(memory.heapUsed / MB), heapTotalMb: round(memory.heapTotal / MB) };
}
