import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { adminTestReports, deployChecklist, deployments, performanceMetrics, securityAudit, user } from '@viabiliza/db/schema';
import { ADMIN_EMAIL, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { LocalStorage } from '../../storage/local-storage.ts';

// Admin mutations allow 3 per minute per admin and route: each test that runs suites uses its own admin.
const ADMINS = [ADMIN_EMAIL, 'admin2@viabiliza.test', 'admin3@viabiliza.test', 'admin4@viabiliza.test', 'admin5@viabiliza.test'];
const EXTRA_ADMIN = 'admin6@viabiliza.test';

let t: TestApp;
let hook: Server;
const hookCalls: { body: Record<string, unknown>; headers: IncomingMessage['headers'] }[] = [];
const cookies: string[] = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      hookCalls.push({ body: JSON.parse(data) as Record<string, unknown>, headers: req.headers });
      res.writeHead(req.url === '/fail' ? 500 : 202).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const port = (hook.address() as AddressInfo).port;
  t = await createTestApp({
    adminEmails: [...ADMINS, EXTRA_ADMIN],
    deployEnvironments: [
      { name: 'staging', hookUrl: `http://127.0.0.1:${port}/deploy` },
      { name: 'production', hookUrl: `http://127.0.0.1:${port}/deploy` },
      { name: 'preview', hookUrl: `http://127.0.0.1:${port}/fail` },
    ],
  });
  for (const email of ADMINS) cookies.push((await signUp(t, { email })).cookie);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => hook?.close(resolve));
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const runSuite = (cookie: string, suite: string) => inject('POST', '/api/admin/tests/run', cookie, { suite });

describe('admin console access', () => {
  it('answers 401 anonymous and 403 to a non-admin on every endpoint', async () => {
    const member = await signUp(t);
    const endpoints: [('GET' | 'POST' | 'PUT'), string, object?][] = [
      ['GET', '/api/admin/console/overview'],
      ['GET', '/api/admin/console/health'],
      ['POST', '/api/admin/tests/run', { suite: 'smoke' }],
      ['GET', '/api/admin/tests/reports'],
      ['GET', '/api/admin/tests/scenarios'],
      ['GET', '/api/admin/deploy'],
      ['PUT', '/api/admin/deploy/checklist/rollbackPlan', { checked: true }],
      ['POST', '/api/admin/deploy/staging', {}],
    ];
    for (const [method, url, body] of endpoints) {
      expect((await inject(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, member.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(hookCalls).toHaveLength(0);
    expect(await t.runtime.ctx.db.select().from(adminTestReports)).toHaveLength(0);
  });
});

describe('synthetic tests', () => {
  it('runs every check for real on a healthy app and stores the report', async () => {
    const res = await runSuite(cookies[0]!, 'all');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.results.map((r: { id: string }) => r.id)).toEqual(['database', 'auth', 'storage', 'extraction', 'engine', 'report', 'queue', 'realtime']);
    for (const check of report.results) expect(check, check.name).toMatchObject({ status: 'passed', error: null });
    expect(report).toMatchObject({ suite: 'all', total: 8, passed: 8, failed: 0, successRate: 100 });
    // The throwaway account of the auth round trip is gone.
    expect(await t.runtime.ctx.db.select().from(user).where(like(user.email, 'sintetico.%'))).toHaveLength(0);

    const listed = (await inject('GET', '/api/admin/tests/reports', cookies[0])).json();
    expect(listed.latest.id).toBe(report.id);
    const goLive = Object.fromEntries(listed.goLive.map((c: { id: string; ok: boolean }) => [c.id, c.ok]));
    expect(goLive.success).toBe(true);
    expect(goLive.smoke).toBe(true);
    // No realtime_monitoring sample yet: missing data counts as not met (spec 02 §5).
    expect(goLive.performance).toBe(false);
    const [audit] = await t.runtime.ctx.db.select().from(securityAudit).where(eq(securityAudit.action, 'admin_tests_run'));
    expect(audit).toMatchObject({ success: true, resource: 'admin_test_reports' });
  }, 120_000);

  it('reports the storage check failed when the file store cannot be written', async () => {
    const ctx = t.runtime.ctx;
    const storage = ctx.storage;
    ctx.storage = new LocalStorage('/proc/viabiliza-not-writable');
    let report;
    try {
      report = (await runSuite(cookies[1]!, 'smoke')).json();
    } finally {
      ctx.storage = storage;
    }
    expect(report.results.map((r: { id: string }) => r.id)).toEqual(['database', 'auth', 'storage', 'realtime']);
    const storageCheck = report.results.find((r: { id: string }) => r.id === 'storage');
    expect(storageCheck.status).toBe('failed');
    expect(storageCheck.error).toBeTruthy();
    expect(report).toMatchObject({ passed: 3, failed: 1, successRate: 75 });

    const listed = (await inject('GET', '/api/admin/tests/reports', cookies[1])).json();
    expect(listed.latest.id).toBe(report.id);
    expect(listed.history).toHaveLength(1);
    const goLive = Object.fromEntries(listed.goLive.map((c: { id: string; ok: boolean }) => [c.id, c.ok]));
    expect(goLive).toMatchObject({ success: false, smoke: false });
  }, 60_000);

  it('runs the E2E groups through the API with a throwaway user and deletes it', async () => {
    const report = (await runSuite(cookies[2]!, 'e2e')).json();
    const byGroup = (g: string) => report.results.filter((r: { group: string }) => r.group === g).map((r: { name: string }) => r.name);
    expect(byGroup('Autenticação')).toEqual(['Cadastro de novo usuário', 'Logout', 'Login com credenciais válidas']);
    expect(byGroup('Dashboard')).toEqual(['Dashboard carrega', 'Navegação entre abas', 'Exibição de métricas']);
    expect(byGroup('Análise de Propriedades')).toEqual(['Upload de documento', 'Execução da análise', 'Visualização dos resultados']);
    for (const check of report.results) expect(check, `${check.name}: ${check.error}`).toMatchObject({ status: 'passed' });
    expect(await t.runtime.ctx.db.select().from(user).where(like(user.email, 'sintetico.%'))).toHaveLength(0);
    const center = (await inject('GET', '/api/admin/tests/reports?group=center', cookies[2])).json();
    expect(center.latest.id).toBe(report.id);
  }, 120_000);

  it('checks the three real-data scenarios against the facts written in their documents', async () => {
    const report = (await runSuite(cookies[3]!, 'scenarios')).json();
    expect(report.results.map((r: { id: string }) => r.id)).toEqual(['scenario-residential', 'scenario-commercial', 'scenario-warehouse']);
    for (const check of report.results) expect(check, `${check.name}: ${check.error}`).toMatchObject({ status: 'passed' });
    const warehouse = report.results.find((r: { id: string }) => r.id === 'scenario-warehouse');
    expect(warehouse.details).toContain('Ônus apontado na análise jurídica: penhora');
    expect(warehouse.details).toContain('Lido: valor venal R$ 8.950.000,00');
  }, 120_000);
});

describe('one scenario and the admin budget', () => {
  it('runs a single scenario and refuses the 4th admin run within a minute', async () => {
    const { cookie } = await signUp(t, { email: EXTRA_ADMIN });
    const one = (await inject('POST', '/api/admin/tests/run', cookie, { suite: 'scenarios', scenario: 'scenario-warehouse' })).json();
    expect(one.results.map((r: { id: string }) => r.id)).toEqual(['scenario-warehouse']);
    expect(one.results[0].status).toBe('passed');
    const bad = await inject('POST', '/api/admin/tests/run', cookie, { suite: 'scenarios', scenario: 'castelo' });
    expect(bad.statusCode).toBe(400);
    // Invalid bodies are refused before the budget is counted: two more runs fit, the 4th does not.
    expect((await runSuite(cookie, 'smoke')).statusCode).toBe(200);
    expect((await runSuite(cookie, 'smoke')).statusCode).toBe(200);
    const limited = await runSuite(cookie, 'smoke');
    expect(limited.statusCode).toBe(429);
  }, 60_000);
});

describe('monitoring overview', () => {
  it('derives page load from web-vitals rows, components from probes and alerts from samples', async () => {
    const db = t.runtime.ctx.db;
    await db.insert(performanceMetrics).values([
      { metricName: 'LCP', metricValue: 1200, tags: { type: 'web_vital', rating: 'good', path: '/', timestamp: new Date().toISOString() } },
      { metricName: 'LCP', metricValue: 1800, tags: { type: 'web_vital', rating: 'needs-improvement', path: '/', timestamp: new Date().toISOString() } },
    ]);
    const at = new Date().toISOString();
    await db.insert(performanceMetrics).values({
      metricName: 'realtime_monitoring',
      metricValue: 2500,
      tags: { at, instanceId: 'teste', requests: 10, p50Ms: 900, p95Ms: 2500, errorRatePercent: 20, cpuPercent: 1, memoryBytes: 1, memoryPercent: 1, activeUsers: 1, queueDepth: 0 },
    });
    const res = await inject('GET', '/api/admin/console/overview', cookies[0]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.metrics.pageLoadMs).toBe(1500);
    expect(body.metrics.pageLoadP75Ms).toBe(1650);
    expect(body.metrics.pageLoadSamples).toBe(2);
    expect(body.metrics.activeUsers).toBeGreaterThanOrEqual(ADMINS.length);
    expect(body.metrics.uptimePercent).toBe(100);
    expect(body.components.map((c: { name: string }) => c.name)).toEqual(['Database', 'Auth', 'Storage', 'AI']);
    for (const c of body.components) expect(c.status).not.toBe('critical');
    expect(body.alerts.map((a: { level: string; message: string }) => [a.level, a.message])).toEqual(
      expect.arrayContaining([
        ['error', 'Taxa de erro de 20% (limite 10%)'],
        ['error', 'Tempo de resposta (p95) de 2.500 ms (limite 2000 ms)'],
      ]),
    );
  });

  it('fills the health panel from probes, the tables and the stored samples', async () => {
    const body = (await inject('GET', '/api/admin/console/health', cookies[0])).json();
    expect(body.services.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
      ['database', 'healthy'],
      ['authentication', 'healthy'],
      ['fileProcessing', 'healthy'],
      ['apiConnections', 'healthy'],
    ]);
    const users = await t.runtime.ctx.db.select().from(user);
    expect(body.metrics.totalUsers).toBe(users.length);
    // The sample stored above answered 10 requests with a 20% error rate: 2 errors.
    expect(body.metrics.recentErrors).toBe(2);
    expect(body.metrics.avgResponseTime).not.toBeNull();
    expect((await inject('GET', '/api/admin/console/health')).statusCode).toBe(401);
  });

  it('reports Storage critical and the overall state Crítico when DATA_DIR cannot be written', async () => {
    const config = t.runtime.ctx.config;
    const dataDir = config.dataDir;
    config.dataDir = '/proc/viabiliza-not-writable';
    try {
      const body = (await inject('GET', '/api/admin/console/overview', cookies[0])).json();
      expect(body.components.find((c: { id: string }) => c.id === 'storage').status).toBe('critical');
      expect(body.status).toBe('critical');
      expect(body.alerts[0]).toMatchObject({ level: 'error', message: 'Storage: indisponível' });
    } finally {
      config.dataDir = dataDir;
    }
  });
});

describe('deployment', () => {
  it('lists the configured environments, the build version and the computed checks', async () => {
    const body = (await inject('GET', '/api/admin/deploy', cookies[4])).json();
    expect(body.version).toBe('1.0.0');
    expect(body.environments.map((e: { name: string; configured: boolean }) => [e.name, e.configured])).toEqual([
      ['staging', true],
      ['production', true],
      ['preview', true],
    ]);
    const checks = Object.fromEntries(body.checks.map((c: { id: string; ok: boolean }) => [c.id, c.ok]));
    // PUBLIC_URL is http in tests and no backup exists: both checks fail; migrations are current.
    expect(checks).toMatchObject({ ssl: false, backup: false, database: true });
    expect(body.productionReady).toBe(false);
  });

  it('persists the manual checklist items and refuses to tick a computed one', async () => {
    const res = await inject('PUT', '/api/admin/deploy/checklist/rollbackPlan', cookies[4], { checked: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().checklist.find((c: { id: string }) => c.id === 'rollbackPlan')).toMatchObject({ checked: true, manual: true });
    const [row] = await t.runtime.ctx.db.select().from(deployChecklist).where(eq(deployChecklist.item, 'rollbackPlan'));
    expect(row?.checked).toBe(true);
    const computed = await inject('PUT', '/api/admin/deploy/checklist/testsPass', cookies[4], { checked: true });
    expect(computed.statusCode).toBe(400);
    expect(computed.json().error.message).toBe('Este item é calculado pelo servidor e não pode ser marcado manualmente');
  });

  it('refuses production while the checks fail, without calling the hook', async () => {
    const res = await inject('POST', '/api/admin/deploy/production', cookies[4]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Pré-requisitos não atendidos para produção');
    expect(hookCalls).toHaveLength(0);
    expect(await t.runtime.ctx.db.select().from(deployments)).toHaveLength(0);
    const refused = await t.runtime.ctx.db.select().from(securityAudit).where(and(eq(securityAudit.action, 'deploy'), eq(securityAudit.success, false)));
    expect(refused).toHaveLength(1);
  });

  it('deploys staging by POSTing to its hook and records the release', async () => {
    const res = await inject('POST', '/api/admin/deploy/staging', cookies[3]);
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record).toMatchObject({ environment: 'staging', status: 'deployed', version: '1.0.0', error: null });
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]!.body).toMatchObject({ deploymentId: record.id, environment: 'staging', version: '1.0.0' });
    expect(hookCalls[0]!.body.checks).toMatchObject({ ssl: false, database: true });
    const [row] = await t.runtime.ctx.db.select().from(deployments).where(eq(deployments.id, record.id));
    expect(row?.triggeredBy).toBeTruthy();
    const overview = (await inject('GET', '/api/admin/deploy', cookies[3])).json();
    expect(overview.environments.find((e: { name: string }) => e.name === 'staging').last.status).toBe('deployed');
    expect(overview.history[0]).toMatchObject({ id: record.id, triggeredBy: ADMINS[3] });
  });

  it('records a failed release when the hook answers an error', async () => {
    const record = (await inject('POST', '/api/admin/deploy/preview', cookies[3])).json();
    expect(record).toMatchObject({ environment: 'preview', status: 'failed', error: 'O hook de deploy respondeu 500' });
  });

  it('says how to configure a hook for an environment without one, and 404 for an unknown one', async () => {
    const config = t.runtime.ctx.config;
    const saved = config.deployEnvironments;
    config.deployEnvironments = [];
    try {
      const res = await inject('POST', '/api/admin/deploy/staging', cookies[2]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('DEPLOY_ENVIRONMENTS');
      expect((await inject('POST', '/api/admin/deploy/nowhere', cookies[2])).statusCode).toBe(404);
    } finally {
      config.deployEnvironments = saved;
    }
  });
});

describe('the go-live response time (issue 15, item 5)', () => {
  it('averages only the intervals that answered requests: idle ones are "sem requisições", not 0 ms', async () => {
    // An hour ahead, so no sample the sampler writes meanwhile is among the latest.
    const at = (s: number) => new Date(Date.now() + 3_600_000 + s * 1000);
    const sample = (p95: number | null, requests: number, s: number) => ({
      metricName: 'realtime_monitoring',
      metricValue: p95,
      createdAt: at(s),
      tags: { at: at(s).toISOString(), instanceId: 'ocioso', requests, p50Ms: p95, p95Ms: p95, errorRatePercent: 0, cpuPercent: 1, memoryBytes: 1, memoryPercent: 1, activeUsers: 0, queueDepth: 0 },
    });
    await t.runtime.ctx.db.insert(performanceMetrics).values([
      ...[1, 2, 3, 4, 5].map((s) => sample(2400, 30, s)),
      // Five idle intervals after the busy ones, stored without a response time (null): averaged as
      // 0 ms, a slow server would pass.
      ...[6, 7, 8, 9, 10].map((s) => sample(null, 0, s)),
    ]);
    const { recentPerformanceMs } = await import('./tests.service.ts');
    expect(await recentPerformanceMs(t.runtime.ctx)).toBe(2400);
  });
});

describe('monitoring alerts (issue 15, item 5)', () => {
  const sample = (instanceId: string, secondsAgo: number, errorRatePercent: number) => {
    const at = new Date(Date.now() - secondsAgo * 1000).toISOString();
    return {
      metricName: 'realtime_monitoring',
      metricValue: 100,
      createdAt: new Date(at),
      tags: { at, instanceId, requests: 50, p50Ms: 50, p95Ms: 100, errorRatePercent, cpuPercent: 1, memoryBytes: 1, memoryPercent: 1, activeUsers: 1, queueDepth: 0 },
    };
  };
  const alertsOf = async (instanceId: string) =>
    ((await inject('GET', '/api/admin/console/overview', cookies[0])).json().alerts as { id: string; level: string; at: string }[]).filter((a) => a.id.startsWith(`${instanceId}:`));

  it('keep one id while the condition lasts and clear when it ends', async () => {
    const db = t.runtime.ctx.db;
    await db.insert(performanceMetrics).values([sample('inst-alerta', 100, 1), sample('inst-alerta', 70, 25), sample('inst-alerta', 40, 30)]);
    const during = await alertsOf('inst-alerta');
    expect(during).toHaveLength(1);
    expect(during[0]).toMatchObject({ level: 'error' });
    // Dated by the first sample of the episode, so the next poll and the next sample keep the id.
    await db.insert(performanceMetrics).values(sample('inst-alerta', 10, 40));
    expect((await alertsOf('inst-alerta')).map((a) => a.id)).toEqual(during.map((a) => a.id));
    // The condition ends: the alert is gone.
    await db.insert(performanceMetrics).values(sample('inst-alerta', 0, 0));
    expect(await alertsOf('inst-alerta')).toEqual([]);
  });

  it("say nothing about an instance whose last sample is old (it stopped; its state now is unknown)", async () => {
    await t.runtime.ctx.db.insert(performanceMetrics).values(sample('inst-parada', 18 * 60, 50));
    expect(await alertsOf('inst-parada')).toEqual([]);
  });
});
