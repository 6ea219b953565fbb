import type { FastifyInstance } from 'fastify';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import {
  ALERT_CAP,
  HEALTH_LIMITS,
  overallStatusFor,
  type ComponentStatus,
  type ConsoleOverview,
  type MonitorAlert,
} from '@viabiliza/contracts/admin-console';
import { SAMPLE_HISTORY, monitorSample, type MonitorService } from '@viabiliza/contracts/monitor';
import type { AppContext } from '../../context.ts';
import { aiConfigOf, listProviders } from '../ai/provider-registry.ts';
import { latestSamples } from '../metrics/metrics.repository.ts';
import { probeServices } from '../monitor/monitor.service.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HEALTH_PANEL_LIMITS_MS, type HealthPanel } from '@viabiliza/contracts/admin-console';
import { withTimeout } from '../dashboard/system-status.ts';
import { pageLoadSince, sampleCoverageSince, systemTotals } from './admin-console.repository.ts';
import { SAMPLE_MATRICULA } from './samples.ts';

const DAY_MS = 24 * 3600_000;
/** Spec 02 §4: AI response time above 2000 ms gives warning. */
const AI_WARNING_MS = 2000;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The built-in engine is the provider every analysis can fall back on: time one real run of it. */
function probeAi(ctx: AppContext): ComponentStatus {
  const configured = listProviders(aiConfigOf(ctx)).filter((p) => p.configured).map((p) => p.name);
  const started = performance.now();
  try {
    const example = EXAMPLE_PROPERTIES[0]!;
    runEngine({ analysisType: 'complete', questionnaire: example.questionnaire, documents: example.documents, generatedAt: new Date().toISOString() });
    const ms = round(performance.now() - started);
    return { id: 'ai', name: 'AI', status: ms > AI_WARNING_MS ? 'warning' : 'healthy', latencyMs: ms, message: configured.join(', ') };
  } catch {
    return { id: 'ai', name: 'AI', status: 'critical', latencyMs: null, message: 'Motor de análise falhou' };
  }
}

function component(services: MonitorService[], id: 'database' | 'auth' | 'storage', name: string): ComponentStatus {
  const s = services.find((x) => x.id === id)!;
  return { id, name, status: s.status, latencyMs: s.latencyMs, message: s.message };
}

type AlertLevel = MonitorAlert['level'];
type Sample = { at: string; errorRatePercent: number; p95Ms: number | null; instanceId: string };

const errorLevel = (s: Sample): AlertLevel | null =>
  s.errorRatePercent > HEALTH_LIMITS.errorRateCritical ? 'error' : s.errorRatePercent > HEALTH_LIMITS.errorRateWarning ? 'warning' : null;
const latencyLevel = (s: Sample): AlertLevel | null => {
  const ms = s.p95Ms ?? 0;
  return ms > HEALTH_LIMITS.responseCriticalMs ? 'error' : ms > HEALTH_LIMITS.responseWarningMs ? 'warning' : null;
};

/**
 * Alerts for conditions that hold now: each instance's latest sample (if it is recent: a stopped
 * instance's last sample says nothing about now) that crosses a limit. The alert is dated and named
 * by the first sample of the run at that level, so it keeps one id while the condition lasts (the
 * browser toasts it once) and disappears when a sample no longer crosses the limit.
 */
export function alertsFromSamples(samples: Sample[], now: Date, intervalMs: number): MonitorAlert[] {
  const out: MonitorAlert[] = [];
  const byInstance = new Map<string, Sample[]>();
  for (const s of samples) byInstance.set(s.instanceId, [...(byInstance.get(s.instanceId) ?? []), s]);
  for (const [instanceId, list] of byInstance) {
    const newestFirst = [...list].sort((a, b) => b.at.localeCompare(a.at));
    const latest = newestFirst[0]!;
    if (now.getTime() - new Date(latest.at).getTime() > 2 * intervalMs) continue;
    const kinds = [
      { kind: 'errors', level: errorLevel, message: (l: AlertLevel) => `Taxa de erro de ${latest.errorRatePercent.toLocaleString('pt-BR')}% (limite ${l === 'error' ? HEALTH_LIMITS.errorRateCritical : HEALTH_LIMITS.errorRateWarning}%)` },
      { kind: 'latency', level: latencyLevel, message: (l: AlertLevel) => `Tempo de resposta (p95) de ${Math.round(latest.p95Ms ?? 0).toLocaleString('pt-BR')} ms (limite ${l === 'error' ? HEALTH_LIMITS.responseCriticalMs : HEALTH_LIMITS.responseWarningMs} ms)` },
    ];
    for (const { kind, level, message } of kinds) {
      const current = level(latest);
      if (!current) continue;
      let start = latest;
      for (const s of newestFirst.slice(1)) {
        if (level(s) !== current) break;
        start = s;
      }
      out.push({ id: `${instanceId}:${kind}:${current}:${start.at}`, level: current, at: start.at, message: message(current) });
    }
  }
  return out;
}

/**
 * The monitoring tab (spec 02 §2, §4): component statuses from the same probes as /system-monitor,
 * the current interval's figures, and alerts for the probes and latest samples that cross a limit now.
 */
export async function consoleOverview(ctx: AppContext, app: FastifyInstance): Promise<ConsoleOverview> {
  const now = new Date();
  const since = new Date(now.getTime() - DAY_MS);
  const intervalSeconds = ctx.sampler.intervalMs / 1000;
  const [current, services, rows, pageLoad, coverage] = await Promise.all([
    ctx.sampler.current(),
    probeServices(ctx, app),
    latestSamples(ctx.db, SAMPLE_HISTORY),
    pageLoadSince(ctx.db, since),
    sampleCoverageSince(ctx.db, since, intervalSeconds),
  ]);
  const components = [
    component(services, 'database', 'Database'),
    component(services, 'auth', 'Auth'),
    component(services, 'storage', 'Storage'),
    probeAi(ctx),
  ];
  const samples = rows.map((r) => monitorSample.safeParse(r.tags)).filter((r) => r.success).map((r) => r.data);
  const apiResponseMs = current.p95Ms ?? samples.find((s) => s.p95Ms !== null)?.p95Ms ?? null;

  // Uptime: the share of sampling intervals since the first sample of the last 24 h that have one.
  let uptimePercent: number | null = null;
  if (coverage.first) {
    const expected = Math.floor((now.getTime() - new Date(coverage.first).getTime()) / (intervalSeconds * 1000)) + 1;
    uptimePercent = round(Math.min(100, (coverage.slots / Math.max(1, expected)) * 100));
  }

  const cache = await ctx.metrics.analysisCache.get();
  const hits = cache.values.find((v) => v.labels.result === 'hit')?.value ?? 0;
  const misses = cache.values.find((v) => v.labels.result === 'miss')?.value ?? 0;

  const probeAlerts: MonitorAlert[] = components
    .filter((c) => c.status !== 'healthy')
    .map((c) => ({ id: `probe:${c.id}:${c.status}`, level: c.status === 'critical' ? 'error' : 'warning', at: now.toISOString(), message: `${c.name}: ${c.status === 'critical' ? 'indisponível' : 'lentidão detectada'}${c.latencyMs === null ? '' : ` (${c.latencyMs.toLocaleString('pt-BR')} ms)`}` }));
  const alerts = [...probeAlerts, ...alertsFromSamples(samples, now, ctx.sampler.intervalMs)].sort((a, b) => b.at.localeCompare(a.at)).slice(0, ALERT_CAP);

  return {
    checkedAt: now.toISOString(),
    status: overallStatusFor(components, current.errorRatePercent, apiResponseMs),
    components,
    metrics: {
      apiResponseMs,
      errorRatePercent: current.errorRatePercent,
      activeUsers: current.activeUsers,
      uptimePercent,
      cacheHitPercent: hits + misses > 0 ? round((hits / (hits + misses)) * 100) : null,
      pageLoadMs: pageLoad.medianMs === null ? null : Math.round(pageLoad.medianMs),
      pageLoadP75Ms: pageLoad.p75Ms === null ? null : Math.round(pageLoad.p75Ms),
      pageLoadSamples: pageLoad.samples,
    },
    alerts,
  };
}

/** Times `work`; warning above `warnMs`, error when it fails or takes over 3 s. */
async function timed(work: () => Promise<unknown>, warnMs: number): Promise<{ status: 'healthy' | 'warning' | 'error'; latencyMs: number | null }> {
  const started = performance.now();
  try {
    await withTimeout(work(), 3000);
    const ms = round(performance.now() - started);
    return { status: ms > warnMs ? 'warning' : 'healthy', latencyMs: ms };
  } catch {
    return { status: 'error', latencyMs: null };
  }
}

/**
 * The system tab's health panel (spec 02 §2 'Health and performance panels'): database and auth
 * from the monitor's probes, file processing by extracting a sample document in the worker pool,
 * API connections by a request through the app; totals and recent errors from the database.
 */
export async function healthPanel(ctx: AppContext, app: FastifyInstance): Promise<HealthPanel> {
  const [services, fileProcessing, apiConnections, metrics] = await Promise.all([
    probeServices(ctx, app),
    timed(async () => {
      const dir = await mkdtemp(join(ctx.config.dataDir, 'health-'));
      try {
        const path = join(dir, SAMPLE_MATRICULA.fileName);
        await writeFile(path, SAMPLE_MATRICULA.text);
        await ctx.extraction.run({ path, kind: 'txt', fileName: SAMPLE_MATRICULA.fileName });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, HEALTH_PANEL_LIMITS_MS.fileProcessing),
    timed(async () => {
      const res = await app.inject({ url: '/api/health/db' });
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    }, HEALTH_PANEL_LIMITS_MS.apiConnections),
    systemTotals(ctx.db, new Date(Date.now() - DAY_MS)),
  ]);
  const fromProbe = (id: 'database' | 'auth', warnMs: number) => {
    const s = services.find((x) => x.id === id)!;
    const status = s.latencyMs === null ? 'error' : s.latencyMs > warnMs ? 'warning' : 'healthy';
    return { status, latencyMs: s.latencyMs } as const;
  };
  return {
    lastChecked: new Date().toISOString(),
    services: [
      { id: 'database', name: 'Banco de dados', ...fromProbe('database', HEALTH_PANEL_LIMITS_MS.database) },
      { id: 'authentication', name: 'Autenticação', ...fromProbe('auth', HEALTH_PANEL_LIMITS_MS.authentication) },
      { id: 'fileProcessing', name: 'Processamento de arquivos', ...fileProcessing },
      { id: 'apiConnections', name: 'Conexões da API', ...apiConnections },
    ],
    metrics,
  };
}
