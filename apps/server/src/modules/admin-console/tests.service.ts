import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SLA_MS,
  TEST_HISTORY,
  TEST_THRESHOLDS,
  type GoLiveCriterion,
  type TestCheck,
  type TestReport,
  type TestReportsResponse,
  type TestSuite,
} from '@viabiliza/contracts/admin-console';
import type { AppContext } from '../../context.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { securityReport } from '../security/security.service.ts';
import { latestSampleValues, insertTestReport, latestTestReports, type TestReportRow } from './admin-console.repository.ts';
import { runChecks } from './check-runner.ts';
import { SMOKE_CHECKS, systemChecks } from './system-checks.ts';
import { SCENARIOS } from './samples.ts';
import { e2eChecks, scenarioChecks } from './test-center.ts';

/** Suites of the admin testing tab and of the /testing test center, listed apart. */
export const SUITE_GROUPS = { admin: ['all', 'smoke'], center: ['e2e', 'scenarios'] } as const;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function toTestReport(row: TestReportRow): TestReport {
  return {
    id: row.id,
    suite: row.suite as TestSuite,
    total: row.total,
    passed: row.passed,
    failed: row.failed,
    skipped: row.skipped,
    successRate: row.successRate,
    durationMs: row.durationMs,
    results: row.results as unknown as TestCheck[],
    createdAt: row.createdAt.toISOString(),
  };
}

async function checksFor(ctx: AppContext, app: FastifyInstance, suite: TestSuite, scenario?: string): Promise<TestCheck[]> {
  switch (suite) {
    case 'all':
      return runChecks(systemChecks(ctx, app));
    case 'smoke':
      return runChecks(systemChecks(ctx, app, SMOKE_CHECKS));
    case 'scenarios':
      return runChecks(scenarioChecks(ctx).filter((c) => !scenario || c.id === scenario));
    case 'e2e': {
      const { checks, cleanup } = e2eChecks(ctx, app);
      try {
        return await runChecks(checks);
      } finally {
        await cleanup();
      }
    }
  }
}

/** Runs a suite now, stores its report (admin_test_reports) and audits the run. */
export async function runSuite(ctx: AppContext, request: FastifyRequest, userId: string, suite: TestSuite, scenario?: string): Promise<TestReport> {
  const started = performance.now();
  const results = await checksFor(ctx, request.server, suite, suite === 'scenarios' ? scenario : undefined);
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const skipped = results.filter((r) => r.status === 'skipped').length;
  const counted = results.length - skipped;
  const row = await insertTestReport(ctx.db, {
    suite,
    total: results.length,
    passed,
    failed,
    skipped,
    successRate: counted ? round((passed / counted) * 100) : 0,
    durationMs: Math.round(performance.now() - started),
    results: results as unknown as Record<string, unknown>[],
    createdBy: userId,
  });
  await audit(ctx.db, request.log, {
    userId,
    action: 'admin_tests_run',
    resource: 'admin_test_reports',
    success: failed === 0,
    details: { suite, scenario: scenario ?? null, reportId: row.id, passed, failed, skipped },
    ...requestMeta(request),
  });
  return toTestReport(row);
}

/** Average of the last 5 realtime_monitoring samples with requests (spec 02 §5); null without any (counts as not met). */
export async function recentPerformanceMs(ctx: AppContext): Promise<number | null> {
  const rows = await latestSampleValues(ctx.db, 5);
  if (!rows.length) return null;
  return round(rows.reduce((n, r) => n + r.value, 0) / rows.length);
}

export async function goLiveCriteria(ctx: AppContext, app: FastifyInstance): Promise<GoLiveCriterion[]> {
  const [reports, performanceMs, security] = await Promise.all([
    latestTestReports(ctx.db, [...SUITE_GROUPS.admin], 10),
    recentPerformanceMs(ctx),
    securityReport(ctx, app),
  ]);
  const latest = reports[0] ? toTestReport(reports[0]) : null;
  const smokeIds: readonly string[] = SMOKE_CHECKS;
  const smokeRun = reports.map(toTestReport).find((r) => r.results.some((c) => smokeIds.includes(c.id)));
  const smokeResults = smokeRun?.results.filter((c) => smokeIds.includes(c.id)) ?? [];
  const smokeOk = smokeResults.length === smokeIds.length && smokeResults.every((c) => c.status === 'passed');
  return [
    {
      id: 'success',
      label: `Taxa de sucesso ≥ ${TEST_THRESHOLDS.approved}%`,
      ok: Boolean(latest && latest.successRate >= TEST_THRESHOLDS.approved),
      detail: latest ? `Último relatório: ${latest.successRate.toLocaleString('pt-BR')}%` : 'Nenhum teste executado',
    },
    {
      id: 'smoke',
      label: 'Todos os smoke tests passando',
      ok: smokeOk,
      detail: smokeRun ? `${smokeResults.filter((c) => c.status === 'passed').length} de ${smokeIds.length} no último relatório` : 'Smoke tests ainda não executados',
    },
    {
      id: 'performance',
      label: `Performance dentro do SLA (< ${SLA_MS} ms)`,
      ok: performanceMs !== null && performanceMs < SLA_MS,
      detail: performanceMs === null ? 'Sem amostras com requisições ainda (intervalos sem requisições não contam)' : `Média das últimas 5 amostras com requisições (p95): ${performanceMs.toLocaleString('pt-BR')} ms`,
    },
    {
      id: 'security',
      label: 'Segurança validada',
      ok: security.counts.fail === 0,
      detail: `${security.counts.pass} ok, ${security.counts.warn} avisos, ${security.counts.fail} falhas`,
    },
  ];
}

export async function listReports(ctx: AppContext, app: FastifyInstance, group: keyof typeof SUITE_GROUPS): Promise<TestReportsResponse> {
  const rows = await latestTestReports(ctx.db, [...SUITE_GROUPS[group]], TEST_HISTORY + 1);
  const reports = rows.map(toTestReport);
  return {
    latest: reports[0] ?? null,
    history: reports.slice(1, TEST_HISTORY + 1),
    goLive: group === 'admin' ? await goLiveCriteria(ctx, app) : [],
  };
}

export function listScenarios() {
  return {
    scenarios: SCENARIOS.map((s) => ({
      id: `scenario-${s.id}` as const,
      name: s.name,
      difficulty: s.difficulty,
      files: s.documents.map((d) => d.fileName),
      expected: [
        `Tipos de documento: ${s.expected.documentTypes.join(', ')}`,
        ...s.expected.fields.map((f) => `Campo lido: ${f.label}`),
        s.expected.liens.length ? `Ônus apontado: ${s.expected.liens.join(', ')}` : 'Nenhum ônus apontado',
        `Faixa de viabilidade: ${s.expected.scoreBands.join(' ou ')}`,
      ],
    })),
  };
}
