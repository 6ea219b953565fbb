import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHECKLIST_ITEMS,
  CHECKLIST_LABELS,
  DEPLOY_CHECK_LABELS,
  DEPLOY_MESSAGES,
  MANUAL_CHECKLIST_ITEMS,
  SLA_MS,
  TEST_THRESHOLDS,
  type ChecklistItem,
  type ChecklistItemId,
  type DeployCheck,
  type DeployOverview,
  type DeploymentRecord,
} from '@viabiliza/contracts/admin-console';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { migrationsFolder } from '../../bootstrap.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { latestSamples } from '../metrics/metrics.repository.ts';
import { securityReport } from '../security/security.service.ts';
import * as repo from './admin-console.repository.ts';
import { buildInfo } from './build-info.ts';
import { SUITE_GROUPS, recentPerformanceMs } from './tests.service.ts';

const DAY_MS = 24 * 3600_000;
/** Spec 02 §4: staging, then production. */
export const DEFAULT_ENVIRONMENTS = ['staging', 'production'] as const;
const HOOK_TIMEOUT_MS = 15_000;
const HISTORY = 10;

function toRecord(row: repo.DeploymentRow, by: string | null = null): DeploymentRecord {
  return {
    id: row.id,
    environment: row.environment,
    version: row.version,
    commit: row.commit,
    status: row.status as DeploymentRecord['status'],
    error: row.error,
    triggeredBy: by,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function environments(ctx: AppContext): { name: string; hookUrl: string | null }[] {
  const configured = ctx.config.deployEnvironments ?? [];
  const names = [...new Set([...DEFAULT_ENVIRONMENTS, ...configured.map((e) => e.name)])];
  return names.map((name) => ({ name, hookUrl: configured.find((e) => e.name === name)?.hookUrl ?? null }));
}

const dateTime = (d: Date) => d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The checks of spec 02 §2/§5, each computed from this installation now. */
export async function deployChecks(ctx: AppContext, app: FastifyInstance): Promise<DeployCheck[]> {
  const [security, reports, performanceMs, backup, applied, samples] = await Promise.all([
    securityReport(ctx, app),
    repo.latestTestReports(ctx.db, [...SUITE_GROUPS.admin], 1),
    recentPerformanceMs(ctx),
    repo.latestCompletedBackup(ctx.db),
    repo.appliedMigrations(ctx.db),
    latestSamples(ctx.db, 1),
  ]);
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  const lastEntry = journal.entries.at(-1);
  const report = reports[0];
  const backupFresh = Boolean(backup?.completedAt && Date.now() - backup.completedAt.getTime() < DAY_MS);
  const lastSample = samples[0]?.createdAt;
  const sampleFresh = Boolean(lastSample && Date.now() - lastSample.getTime() < 3 * ctx.sampler.intervalMs);
  const https = ctx.config.publicUrl.startsWith('https://');
  const failed = security.checks.filter((c) => c.status === 'fail').map((c) => c.name);
  const checks: Omit<DeployCheck, 'label'>[] = [
    { id: 'security', ok: failed.length === 0, detail: failed.length ? `Falhas: ${failed.join(', ')}` : `${security.counts.pass} verificações ok, ${security.counts.warn} avisos` },
    {
      id: 'tests',
      ok: Boolean(report && report.successRate >= TEST_THRESHOLDS.approved),
      detail: report ? `Último relatório: ${report.successRate.toLocaleString('pt-BR')}% (${dateTime(report.createdAt)})` : 'Nenhum teste executado',
    },
    {
      id: 'performance',
      ok: performanceMs !== null && performanceMs < SLA_MS,
      detail: performanceMs === null ? 'Sem amostras com requisições (intervalos sem requisições não contam)' : `Média das últimas 5 amostras com requisições: ${performanceMs.toLocaleString('pt-BR')} ms`,
    },
    {
      id: 'database',
      ok: Boolean(lastEntry && applied.count >= journal.entries.length && applied.lastCreatedAt === lastEntry.when),
      detail: `${applied.count} de ${journal.entries.length} migrações aplicadas${lastEntry ? ` (última: ${lastEntry.tag})` : ''}`,
    },
    { id: 'ssl', ok: https, detail: https ? `PUBLIC_URL usa HTTPS (${ctx.config.publicUrl})` : `PUBLIC_URL não usa HTTPS (${ctx.config.publicUrl})` },
    {
      id: 'monitoring',
      ok: sampleFresh,
      detail: lastSample ? `Última amostra: ${dateTime(lastSample)}` : 'Nenhuma amostra de monitoramento gravada',
    },
    {
      id: 'backup',
      ok: backupFresh,
      detail: backup?.completedAt ? `Último backup concluído: ${dateTime(backup.completedAt)}` : 'Nenhum backup concluído',
    },
  ];
  return checks.map((c) => ({ ...c, label: DEPLOY_CHECK_LABELS[c.id] }));
}

function checklistFrom(checks: DeployCheck[], rows: { item: string; checked: boolean }[]): ChecklistItem[] {
  const ok = (id: DeployCheck['id']) => checks.find((c) => c.id === id)!;
  const computed: Partial<Record<ChecklistItemId, DeployCheck>> = {
    securityFixed: ok('security'),
    testsPass: ok('tests'),
    performanceOk: ok('performance'),
    backupCreated: ok('backup'),
  };
  return CHECKLIST_ITEMS.map((id) => {
    const manual = MANUAL_CHECKLIST_ITEMS.includes(id);
    const source = computed[id];
    return {
      id,
      label: CHECKLIST_LABELS[id],
      manual,
      checked: manual ? Boolean(rows.find((r) => r.item === id)?.checked) : Boolean(source?.ok),
      detail: source?.detail ?? null,
    };
  });
}

export async function deployOverview(ctx: AppContext, app: FastifyInstance): Promise<DeployOverview> {
  const [checks, rows, recent] = await Promise.all([deployChecks(ctx, app), repo.checklistRows(ctx.db), repo.recentDeployments(ctx.db, HISTORY)]);
  const checklist = checklistFrom(checks, rows);
  const envs = await Promise.all(
    environments(ctx).map(async (e) => {
      const last = await repo.latestDeployment(ctx.db, e.name);
      return { name: e.name, hookHost: e.hookUrl ? new URL(e.hookUrl).host : null, configured: Boolean(e.hookUrl), last: last ? toRecord(last) : null };
    }),
  );
  const stagingDeployed = envs.find((e) => e.name === 'staging')?.last?.status === 'deployed';
  const { version, commit } = buildInfo(ctx.config.gitCommit);
  return {
    version,
    commit,
    checks,
    checklist,
    environments: envs,
    productionReady: checks.every((c) => c.ok) && checklist.every((c) => c.checked) && stagingDeployed,
    history: recent.map((r) => toRecord(r.row, r.by)),
  };
}

export async function setChecklist(ctx: AppContext, request: FastifyRequest, userId: string, item: ChecklistItemId, checked: boolean) {
  if (!MANUAL_CHECKLIST_ITEMS.includes(item)) throw new AppError('VALIDATION', DEPLOY_MESSAGES.computedItem);
  await repo.setChecklistItem(ctx.db, item, checked, userId);
  await audit(ctx.db, request.log, { userId, action: 'deploy_checklist_update', resource: 'deploy_checklist', success: true, details: { item, checked }, ...requestMeta(request) });
  return deployOverview(ctx, request.server);
}

/**
 * Triggers a release: POSTs it to the environment's deploy hook (the way hosting platforms start a
 * deploy) and records who, when, which version and the checks at that moment. Production needs
 * every check, every checklist item and a deployed staging ('Deploy Bloqueado' otherwise).
 */
export async function deploy(ctx: AppContext, request: FastifyRequest, userId: string, environment: string): Promise<DeploymentRecord> {
  const env = environments(ctx).find((e) => e.name === environment);
  const meta = requestMeta(request);
  if (!env) throw new AppError('NOT_FOUND', DEPLOY_MESSAGES.unknownEnvironment);
  if (!env.hookUrl) throw new AppError('VALIDATION', DEPLOY_MESSAGES.noHook(environment));
  const overview = await deployOverview(ctx, request.server);
  const checks = Object.fromEntries(overview.checks.map((c) => [c.id, c.ok]));
  if (environment === 'production' && !overview.productionReady) {
    await audit(ctx.db, request.log, { userId, action: 'deploy', resource: 'deployments', success: false, details: { environment, reason: 'BLOCKED', checks }, ...meta });
    throw new AppError('CONFLICT', DEPLOY_MESSAGES.blocked);
  }
  const row = await repo.insertDeployment(ctx.db, {
    environment,
    version: overview.version,
    commit: overview.commit,
    status: 'deploying',
    checks: { ...checks, checklist: Object.fromEntries(overview.checklist.map((c) => [c.id, c.checked])) },
    triggeredBy: userId,
  });
  let error: string | null = null;
  try {
    const res = await fetch(env.hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Viabiliza-Deploy/1' },
      body: JSON.stringify({ deploymentId: row.id, environment, version: overview.version, commit: overview.commit, checks, requestedAt: row.createdAt.toISOString() }),
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    if (!res.ok) error = DEPLOY_MESSAGES.hookFailed(String(res.status));
  } catch (err) {
    error = DEPLOY_MESSAGES.hookFailed(err instanceof Error && err.name === 'TimeoutError' ? 'sem resposta (tempo esgotado)' : 'com erro de conexão');
  }
  const done = await repo.finishDeployment(ctx.db, row.id, error ? 'failed' : 'deployed', error);
  await audit(ctx.db, request.log, { userId, action: 'deploy', resource: 'deployments', success: !error, details: { environment, deploymentId: row.id, version: overview.version, error }, ...meta });
  return toRecord(done);
}
