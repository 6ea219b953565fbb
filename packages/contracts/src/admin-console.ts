import { z } from 'zod';
import { serviceStatus } from './monitor.ts';

/**
 * The /admin console (spec 02 §2 'Admin dashboard') and the /testing test center. Every figure is
 * measured by the server: probes, realtime_monitoring samples, web-vitals rows, stored test reports.
 */

// ------------------------------------------------------------------------------------------------
// Monitoring tab

export const overallStatus = z.enum(['healthy', 'warning', 'critical']);
export type OverallStatus = z.infer<typeof overallStatus>;
export const OVERALL_STATUS_LABELS: Record<OverallStatus, string> = { healthy: 'Saudável', warning: 'Atenção', critical: 'Crítico' };

/** Spec 02 §4 and §9. */
export const HEALTH_LIMITS = { errorRateWarning: 5, errorRateCritical: 10, responseWarningMs: 1000, responseCriticalMs: 2000 } as const;
export const ALERT_CAP = 10;

export const componentStatus = z.object({
  id: z.enum(['database', 'auth', 'storage', 'ai']),
  name: z.string(),
  status: serviceStatus,
  latencyMs: z.number().nullable(),
  message: z.string(),
});
export type ComponentStatus = z.infer<typeof componentStatus>;

export const monitorAlert = z.object({
  id: z.string(),
  level: z.enum(['warning', 'error']),
  message: z.string(),
  at: z.string(),
});
export type MonitorAlert = z.infer<typeof monitorAlert>;

export const consoleMetrics = z.object({
  /** p95 of the requests answered in the current interval (else the last sample's). */
  apiResponseMs: z.number().nullable(),
  errorRatePercent: z.number(),
  activeUsers: z.number(),
  /** Share of the last 24 h covered by this installation's samples (null before the first sample). */
  uptimePercent: z.number().nullable(),
  /** Analysis runs answered from the cache since this process started (null without lookups). */
  cacheHitPercent: z.number().nullable(),
  /** Median LCP reported by browsers over the last 24 h (null without reports): a few forged or broken reports cannot move it. */
  pageLoadMs: z.number().nullable(),
  /** 75th percentile of the same reports (the usual web-vitals figure). */
  pageLoadP75Ms: z.number().nullable(),
  pageLoadSamples: z.number(),
});
export type ConsoleMetrics = z.infer<typeof consoleMetrics>;

export const consoleOverview = z.object({
  checkedAt: z.string(),
  status: overallStatus,
  components: z.array(componentStatus),
  metrics: consoleMetrics,
  alerts: z.array(monitorAlert),
});
export type ConsoleOverview = z.infer<typeof consoleOverview>;

/** Spec 02 §4: critical if database, auth or storage is critical, error rate > 10% or response > 2000 ms; warning over 5% / 1000 ms. */
export function overallStatusFor(components: Pick<ComponentStatus, 'id' | 'status'>[], errorRatePercent: number, responseMs: number | null): OverallStatus {
  const coreCritical = components.some((c) => c.id !== 'ai' && c.status === 'critical');
  const ms = responseMs ?? 0;
  if (coreCritical || errorRatePercent > HEALTH_LIMITS.errorRateCritical || ms > HEALTH_LIMITS.responseCriticalMs) return 'critical';
  if (errorRatePercent > HEALTH_LIMITS.errorRateWarning || ms > HEALTH_LIMITS.responseWarningMs) return 'warning';
  return 'healthy';
}

/** Spec 02 §2 progress bars: response / 20 capped at 100, error rate × 10, page load / 30 capped at 100. */
export const progressFor = {
  response: (ms: number | null) => Math.min(100, (ms ?? 0) / 20),
  errorRate: (percent: number) => Math.min(100, percent * 10),
  pageLoad: (ms: number | null) => Math.min(100, (ms ?? 0) / 30),
};

// ------------------------------------------------------------------------------------------------
// System tab: the health panel of spec 02 §2

export const healthLevel = z.enum(['healthy', 'warning', 'error']);
export type HealthLevel = z.infer<typeof healthLevel>;
/** Spec 02 §4: database above 1000 ms or auth above 500 ms gives warning. */
export const HEALTH_PANEL_LIMITS_MS = { database: 1000, authentication: 500, fileProcessing: 2000, apiConnections: 1000 } as const;

export const healthPanel = z.object({
  lastChecked: z.string(),
  services: z.array(
    z.object({
      id: z.enum(['database', 'authentication', 'fileProcessing', 'apiConnections']),
      name: z.string(),
      status: healthLevel,
      latencyMs: z.number().nullable(),
    }),
  ),
  metrics: z.object({
    totalUsers: z.number(),
    totalAnalyses: z.number(),
    totalProperties: z.number(),
    /** 5xx answers recorded in the realtime_monitoring samples of the last 24 h. */
    recentErrors: z.number(),
    /** Mean p50 of the samples of the last 24 h that answered requests (null without any). */
    avgResponseTime: z.number().nullable(),
  }),
});
export type HealthPanel = z.infer<typeof healthPanel>;

// ------------------------------------------------------------------------------------------------
// Synthetic tests (testing tab and /testing)

export const TEST_SUITES = ['all', 'smoke', 'e2e', 'scenarios'] as const;
export const testSuite = z.enum(TEST_SUITES);
export type TestSuite = z.infer<typeof testSuite>;
export const SCENARIO_IDS = ['scenario-residential', 'scenario-commercial', 'scenario-warehouse'] as const;
/** `scenario` runs one real-data scenario alone (suite 'scenarios'). */
export const runTestsInput = z.object({ suite: testSuite, scenario: z.enum(SCENARIO_IDS, { error: 'Cenário desconhecido' }).optional() });
export type RunTestsInput = z.infer<typeof runTestsInput>;

export const testCheck = z.object({
  id: z.string(),
  group: z.string(),
  name: z.string(),
  status: z.enum(['passed', 'failed', 'skipped']),
  durationMs: z.number(),
  error: z.string().nullable(),
  /** What the check verified, in Portuguese (e.g. the facts a scenario found). */
  details: z.array(z.string()).default([]),
});
export type TestCheck = z.infer<typeof testCheck>;

export const testReport = z.object({
  id: z.string(),
  suite: testSuite,
  total: z.number(),
  passed: z.number(),
  failed: z.number(),
  skipped: z.number(),
  successRate: z.number(),
  durationMs: z.number(),
  results: z.array(testCheck),
  createdAt: z.string(),
});
export type TestReport = z.infer<typeof testReport>;

/** Spec 02 §5 and §9: at least 90% approved, at least 70% warnings; history shows 5. */
export const TEST_THRESHOLDS = { approved: 90, warning: 70 } as const;
export const TEST_HISTORY = 5;
export const SLA_MS = 1000;

export const goLiveCriterion = z.object({ id: z.enum(['success', 'smoke', 'performance', 'security']), label: z.string(), ok: z.boolean(), detail: z.string() });
export type GoLiveCriterion = z.infer<typeof goLiveCriterion>;

export const testReportsResponse = z.object({
  latest: testReport.nullable(),
  history: z.array(testReport),
  goLive: z.array(goLiveCriterion),
});
export type TestReportsResponse = z.infer<typeof testReportsResponse>;

/** GET /api/admin/tests/scenarios: the shipped real-data scenarios, their sample files and the facts checked. */
export const scenarioList = z.object({
  scenarios: z.array(z.object({ id: z.enum(SCENARIO_IDS), name: z.string(), difficulty: z.string(), files: z.array(z.string()), expected: z.array(z.string()) })),
});
export type ScenarioList = z.infer<typeof scenarioList>;

export function testVerdict(successRate: number): 'approved' | 'warning' | 'failed' {
  if (successRate >= TEST_THRESHOLDS.approved) return 'approved';
  if (successRate >= TEST_THRESHOLDS.warning) return 'warning';
  return 'failed';
}

// ------------------------------------------------------------------------------------------------
// Deployment tab

/** Spec 02's six environment checks, plus the backup freshness the pre-deploy check of spec 02 §5 asks for. */
export const DEPLOY_CHECKS = ['security', 'tests', 'performance', 'database', 'ssl', 'monitoring', 'backup'] as const;
export const deployCheckId = z.enum(DEPLOY_CHECKS);
export const DEPLOY_CHECK_LABELS: Record<(typeof DEPLOY_CHECKS)[number], string> = {
  security: 'Segurança',
  tests: 'Testes',
  performance: 'Performance',
  database: 'Banco de dados',
  ssl: 'SSL',
  monitoring: 'Monitoramento',
  backup: 'Backup',
};

export const CHECKLIST_ITEMS = ['securityFixed', 'testsPass', 'performanceOk', 'backupCreated', 'rollbackPlan', 'teamNotified'] as const;
export const checklistItemId = z.enum(CHECKLIST_ITEMS);
export type ChecklistItemId = z.infer<typeof checklistItemId>;
/** Items a person confirms; the others are computed. */
export const MANUAL_CHECKLIST_ITEMS: readonly ChecklistItemId[] = ['rollbackPlan', 'teamNotified'];
export const CHECKLIST_LABELS: Record<ChecklistItemId, string> = {
  securityFixed: 'Correções de segurança aplicadas',
  testsPass: 'Testes aprovados (≥ 90%)',
  performanceOk: 'Performance dentro do SLA (< 1 s)',
  backupCreated: 'Backup com menos de 24 h',
  rollbackPlan: 'Plano de rollback definido',
  teamNotified: 'Equipe notificada',
};

export const deployCheck = z.object({ id: deployCheckId, label: z.string(), ok: z.boolean(), detail: z.string() });
export type DeployCheck = z.infer<typeof deployCheck>;

export const checklistItem = z.object({
  id: checklistItemId,
  label: z.string(),
  checked: z.boolean(),
  manual: z.boolean(),
  detail: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const deployStatus = z.enum(['ready', 'deploying', 'deployed', 'failed', 'rollback']);
export const deploymentRecord = z.object({
  id: z.string(),
  environment: z.string(),
  version: z.string(),
  commit: z.string().nullable(),
  status: deployStatus,
  error: z.string().nullable(),
  triggeredBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DeploymentRecord = z.infer<typeof deploymentRecord>;

export const deployEnvironment = z.object({
  name: z.string(),
  /** The hook's host only: the URL itself may hold a secret token. */
  hookHost: z.string().nullable(),
  configured: z.boolean(),
  last: deploymentRecord.nullable(),
});

export const deployOverview = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  checks: z.array(deployCheck),
  checklist: z.array(checklistItem),
  environments: z.array(deployEnvironment),
  /** Every check, every checklist item and a deployed staging. */
  productionReady: z.boolean(),
  history: z.array(deploymentRecord),
});
export type DeployOverview = z.infer<typeof deployOverview>;

export const setChecklistInput = z.object({ checked: z.boolean({ error: 'Informe se o item está confirmado' }) });
export const DEPLOY_MESSAGES = {
  blockedTitle: 'Deploy Bloqueado',
  blocked: 'Pré-requisitos não atendidos para produção',
  noHook: (env: string) => `Nenhum hook de deploy configurado para "${env}". Defina DEPLOY_ENVIRONMENTS (ex.: staging=https://…,production=https://…) e reinicie o servidor.`,
  unknownEnvironment: 'Ambiente de deploy desconhecido',
  computedItem: 'Este item é calculado pelo servidor e não pode ser marcado manualmente',
  hookFailed: (status: string) => `O hook de deploy respondeu ${status}`,
} as const;
