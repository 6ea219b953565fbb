import { z } from 'zod';

/**
 * The dashboard (spec 01 §2 'Dashboard', §3 'Dashboard stats', §4 'Onboarding', §9): the user's
 * figures from GET /api/dashboard/stats and the activity panel from GET /api/dashboard/metrics.
 * Every figure is computed on the server from the user's own rows; nothing here is fixed or random.
 */

/** Spec 01 §9: monthly goals of the 'Visão Geral' progress bars. */
export const DASHBOARD_GOALS = { analyses: 100, documents: 500 } as const;
/** Spec 01 §9: latest analyses shown under 'Recentes'. */
export const RECENT_ANALYSES_LIMIT = 5;
/** Spec 01 §5: a provider's analysis counts as a success only with confidence above 70. */
export const PROVIDER_SUCCESS_CONFIDENCE = 70;
/** 'This month' is the calendar month in Brazil's official time. */
export const DASHBOARD_TIME_ZONE = 'America/Sao_Paulo';
/** Spec 01 §9 'Local cache': dashboard stats are kept 2 minutes. */
export const DASHBOARD_STALE_MS = 2 * 60_000;

export const DASHBOARD_MESSAGES = {
  loadError: 'Erro ao carregar dados do dashboard',
  restrictedTitle: 'Acesso Restrito',
  restricted: 'Faça login para acessar o dashboard',
  noAnalyses: 'Nenhuma análise encontrada',
  refresh: 'Atualizar',
  viewFull: 'Ver Completo',
} as const;

// ------------------------------------------------------------------------------------------------
// System status, from the same checks as /api/health and /api/health/db

export const SYSTEM_CHECK_STATUSES = ['operational', 'degraded', 'down'] as const;
export const systemCheckStatus = z.enum(SYSTEM_CHECK_STATUSES);
export type SystemCheckStatus = z.infer<typeof systemCheckStatus>;

export const SYSTEM_STATUS_LABELS: Record<SystemCheckStatus, string> = {
  operational: 'Operacional',
  degraded: 'Degradado',
  down: 'Indisponível',
};

export const systemCheck = z.object({
  /** api | database | queue | storage | extraction | providers */
  id: z.string(),
  label: z.string(),
  status: systemCheckStatus,
  /** What the check measured, in Portuguese ('PostgreSQL · 1,2 ms', '3 na fila · 1 em execução'). */
  detail: z.string(),
});
export type SystemCheck = z.infer<typeof systemCheck>;

// ------------------------------------------------------------------------------------------------
// GET /api/dashboard/stats

export const recentAnalysis = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyTitle: z.string(),
  analysisType: z.string(),
  /** The type's Portuguese label ('Completa'); the raw value for an unknown type. */
  typeLabel: z.string(),
  providerUsed: z.string().nullable(),
  /** 'Motor Viabiliza', 'Gemini', …; null when no provider was recorded. */
  providerName: z.string().nullable(),
  tokensUsed: z.number().int().nullable(),
  confidenceScore: z.number().nullable(),
  createdAt: z.string(),
  /** The first 200 characters of the report as plain text (Markdown syntax removed). */
  preview: z.string().max(200),
});
export type RecentAnalysis = z.infer<typeof recentAnalysis>;

/**
 * The person's own work, for the dashboard's status section: their documents by reading state and
 * their analysis runs. Every figure is a count over their rows; nothing about the server.
 */
export const ownStatus = z.object({
  documents: z.object({
    total: z.number().int().min(0),
    /** Text extracted ('completed'). */
    read: z.number().int().min(0),
    /** Waiting for or in extraction ('uploaded', 'processing'). */
    reading: z.number().int().min(0),
    error: z.number().int().min(0),
    quarantined: z.number().int().min(0),
  }),
  runs: z.object({
    /** Queued or running (any status before 'completed' or 'failed'). */
    inProgress: z.number().int().min(0),
    completed: z.number().int().min(0),
    failed: z.number().int().min(0),
    /** When the person's latest run was started (ISO); null without runs. */
    lastRunAt: z.string().nullable(),
    /** That run's status: 'completed', 'failed' or a stage in progress; null without runs. */
    lastRunStatus: z.string().nullable(),
  }),
});
export type OwnStatus = z.infer<typeof ownStatus>;

export const dashboardStats = z.object({
  totalProperties: z.number().int().min(0),
  totalDocuments: z.number().int().min(0),
  totalAnalyses: z.number().int().min(0),
  /** Completed runs over finished runs (completed + failed), 0–1; null when no run has finished. */
  successRate: z.number().min(0).max(1).nullable(),
  runs: z.object({ completed: z.number().int().min(0), failed: z.number().int().min(0) }),
  recentAnalyses: z.array(recentAnalysis).max(RECENT_ANALYSES_LIMIT),
  /** This calendar month in America/Sao_Paulo. */
  month: z.object({
    /** First instant of the month (ISO, UTC). */
    start: z.string(),
    analyses: z.number().int().min(0),
    documents: z.number().int().min(0),
  }),
  goals: z.object({ analyses: z.number().int(), documents: z.number().int() }),
  /** The signed-in person's documents and runs. */
  own: ownStatus,
  /** The server's checks (Node version, uptime, database, queue, disk): sent to admins only, absent for everyone else. */
  system: z.array(systemCheck).optional(),
  generatedAt: z.string(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

// ------------------------------------------------------------------------------------------------
// GET /api/dashboard/metrics

export const typeMetric = z.object({
  type: z.string(),
  label: z.string(),
  count: z.number().int().min(0),
  /** Share of the user's analyses, 0–100. */
  percent: z.number().min(0).max(100),
});
export type TypeMetric = z.infer<typeof typeMetric>;

export const providerMetric = z.object({
  /** null groups the analyses without a recorded provider. */
  provider: z.string().nullable(),
  name: z.string(),
  uses: z.number().int().min(0),
  /** Share of this provider's analyses with confidence above 70, 0–100. */
  successRate: z.number().min(0).max(100),
});
export type ProviderMetric = z.infer<typeof providerMetric>;

export const dashboardMetrics = z.object({
  totalAnalyses: z.number().int().min(0),
  /** Mean confidence 0–100 over the analyses that have one; null when none. */
  averageConfidence: z.number().nullable(),
  /** Mean tokens over the analyses that recorded them; null when none. */
  averageTokens: z.number().nullable(),
  /** Completed runs answered from the cache of identical inputs over all completed runs, 0–1; null without runs. */
  cacheHitRate: z.number().min(0).max(1).nullable(),
  cacheHits: z.number().int().min(0),
  completedRuns: z.number().int().min(0),
  /** Distinct input hashes stored for this user: the analyses an identical request would reuse. */
  cacheEntries: z.number().int().min(0),
  /** Most used first. */
  types: z.array(typeMetric),
  /** Most used first. */
  providers: z.array(providerMetric),
  /** This server process (process.memoryUsage), in MB: sent to admins only, absent for everyone else. */
  memory: z.object({ rssMb: z.number().min(0), heapUsedMb: z.number().min(0), heapTotalMb: z.number().min(0) }).optional(),
  generatedAt: z.string(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetrics>;

// ------------------------------------------------------------------------------------------------
// Onboarding (spec 01 §4, §9)

export const ONBOARDING_DELAY_MS = 1000;
/** The local-storage keys, exactly as the spec names them. */
export const ONBOARDING_STORAGE_KEYS = {
  completed: 'onboarding_completed',
  completedAt: 'onboarding_completed_at',
  skipped: 'onboarding_skipped',
} as const;

// ------------------------------------------------------------------------------------------------
// Helpers shared by the server and the browser

/** part / whole, or null when there is nothing to divide by. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** A bar's fill for a count against a goal, 0–100 (a month past its goal shows a full bar). */
export function goalPercent(value: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.min(100, Math.max(0, (value / goal) * 100));
}

/**
 * The first instant of `now`'s calendar month in `timeZone`, as a UTC Date. Uses the zone's offset
 * at that instant, so it holds in zones with daylight saving too.
 */
export function monthStartIn(timeZone: string, now: Date = new Date()): Date {
  const { year, month } = zonedParts(timeZone, now);
  const guess = Date.UTC(year, month - 1, 1);
  // The zone's wall clock at `guess`, read as if it were UTC, minus `guess` is the offset.
  const offset = (at: number) => {
    const p = zonedParts(timeZone, new Date(at));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
  };
  const first = guess - offset(guess);
  return new Date(guess - offset(first));
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

function zonedParts(timeZone: string, date: Date) {
  let format = zonedFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zonedFormatters.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}
