import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRuns, performanceMetrics, properties, propertyAnalyses, user as users } from '@viabiliza/db/schema';
import { inArray } from 'drizzle-orm';
import { REALTIME_METRIC } from '../metrics/metrics.repository.ts';
import { ADMIN_EMAIL, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let plain: Awaited<ReturnType<typeof signUp>>;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { email: ADMIN_EMAIL });
  const a = await signUp(t);
  const b = await signUp(t);
  const idle = await signUp(t);
  plain = await signUp(t);
  // An old account, outside every period except 90 days, that never analysed anything.
  await t.database.db.update(users).set({ createdAt: ago(40 * DAY), lastLoginAt: null }).where(inArray(users.id, [idle.user.id, admin.user.id]));
  await t.database.db.update(users).set({ lastLoginAt: null }).where(inArray(users.id, [a.user.id, b.user.id, plain.user.id]));
  const [propA] = await t.database.db.insert(properties).values({ userId: a.user.id, title: 'Imóvel A' }).returning();
  const [propB] = await t.database.db.insert(properties).values({ userId: b.user.id, title: 'Imóvel B' }).returning();
  // Three analyses in the last 7 days (2 by the engine, 1 by OpenAI with 1.500 tokens) at 14:00 in
  // Brasília (17:00 UTC), and one 10 days ago (inside 30 days, outside 7).
  const at14h = (daysAgo: number) => {
    const d = new Date(Date.now() - daysAgo * DAY);
    d.setUTCHours(17, 0, 0, 0);
    return d.getTime() > Date.now() ? new Date(d.getTime() - DAY) : d;
  };
  const analyses = [
    { userId: a.user.id, propertyId: propA!.id, providerUsed: 'local', tokensUsed: 0, createdAt: at14h(1) },
    { userId: a.user.id, propertyId: propA!.id, providerUsed: 'local', tokensUsed: 0, createdAt: at14h(2) },
    { userId: b.user.id, propertyId: propB!.id, providerUsed: 'openai', tokensUsed: 1500, createdAt: at14h(3) },
    { userId: b.user.id, propertyId: propB!.id, providerUsed: 'openai', tokensUsed: 700, createdAt: at14h(10) },
  ];
  await t.database.db.insert(propertyAnalyses).values(analyses.map((x) => ({ ...x, analysisType: 'financial' })));
  // Runs in the last 7 days: three completed in 2, 4 and 6 s and one failed; a cache hit does not
  // count for the time. One run 10 days ago.
  const run = (userId: string, provider: string, status: string, startMsAgo: number, seconds: number | null, cached = false) => ({
    userId, status, cached, analysisType: 'financial', input: { provider }, inputHash: 'h',
    createdAt: ago(startMsAgo), finishedAt: seconds === null ? null : new Date(Date.now() - startMsAgo + seconds * 1000),
  });
  await t.database.db.insert(analysisRuns).values([
    run(a.user.id, 'local', 'completed', 1 * DAY, 2),
    run(a.user.id, 'local', 'completed', 2 * DAY, 4),
    run(b.user.id, 'openai', 'completed', 3 * DAY, 6),
    run(b.user.id, 'openai', 'failed', 3 * DAY, 1),
    run(a.user.id, 'local', 'completed', 1 * DAY, 0.01, true),
    run(b.user.id, 'openai', 'failed', 10 * DAY, 1),
  ]);
  // Monitoring began 100 s ago (4 intervals of 30 s up to now); samples in 3 of them.
  await t.database.db.insert(performanceMetrics).values([100, 70, 10].map((s) => ({ metricName: REALTIME_METRIC, metricValue: 10, createdAt: ago(s * 1000) })));
}, 60_000);
afterAll(async () => t?.close());

const report = async (period?: string) => {
  const res = await t.app.inject({ url: `/api/admin/analytics${period ? `?period=${period}` : ''}`, headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/admin/analytics', () => {
  it('answers 401 anonymous, 403 to a non-admin and 400 to an unknown period', async () => {
    expect((await t.app.inject({ url: '/api/admin/analytics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/analytics', headers: { cookie: plain.cookie } })).statusCode).toBe(403);
    const bad = await t.app.inject({ url: '/api/admin/analytics?period=15', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('counts the 7-day figures from the stored analyses and runs', async () => {
    const r = await report('7');
    expect(r.periodDays).toBe(7);
    // Active: A and B ran analyses (nobody signed in); new: A, B and the plain user; converted: A and B.
    expect(r.kpis.analyses).toBe(3);
    // A free product has no revenue: the prototype's R$ 2,50 per analysis is not a figure of ours.
    expect(r.kpis).not.toHaveProperty('estimatedRevenue');
    expect(r.kpis.runsCompleted).toBe(4);
    expect(r.kpis.runsFailed).toBe(1);
    expect(r.kpis.successRate).toBe(80);
    expect(r.kpis.avgRunSeconds).toBe(4);
    expect(r.kpis.activeUsers).toBe(2);
    expect(r.kpis.convertedUsers).toBe(2);
    expect(r.kpis.newUsers).toBe(3);
    expect(r.kpis.conversionPercent).toBe(66.7);
    expect(r.hourly).toHaveLength(24);
    expect(r.hourly[14].analyses).toBe(3);
    expect(r.hourly.reduce((n: number, h: { analyses: number }) => n + h.analyses, 0)).toBe(3);
    const byProvider = Object.fromEntries(r.providers.map((p: { provider: string }) => [p.provider, p]));
    expect(byProvider.local).toMatchObject({ name: 'Motor Viabiliza', analyses: 2, tokens: 0, cost: 0, runsCompleted: 3, runsFailed: 0, successRate: 100 });
    expect(byProvider.openai).toMatchObject({ analyses: 1, tokens: 1500, cost: 3, runsCompleted: 1, runsFailed: 1, successRate: 50 });
    expect(r.performance.avgRunSeconds).toBe(4);
  });

  it('widens with the period: 30 days adds the 10-day-old analysis and run', async () => {
    const r = await report('30');
    expect(r.kpis.analyses).toBe(4);
    expect(r.kpis.runsFailed).toBe(2);
    const openai = r.providers.find((p: { provider: string }) => p.provider === 'openai');
    expect(openai).toMatchObject({ analyses: 2, tokens: 2200, cost: 4.4 });
    const r90 = await report('90');
    expect(r.kpis.newUsers).toBe(3);
    expect(r90.kpis.newUsers).toBe(5);
  });

  it('measures uptime from the monitoring samples', async () => {
    const r = await report();
    expect(r.performance.samples).toBe(3);
    expect(r.performance.expectedSamples).toBe(4);
    expect(r.performance.uptimePercent).toBe(75);
  });

  it('counts the alerts open now, the same ones the /admin monitoring tab lists', async () => {
    const at = new Date().toISOString();
    await t.runtime.ctx.db.insert(performanceMetrics).values({
      metricName: REALTIME_METRIC,
      metricValue: 2500,
      tags: { at, instanceId: 'analytics-test', requests: 10, p50Ms: 900, p95Ms: 2500, errorRatePercent: 20, cpuPercent: 1, memoryBytes: 1, memoryPercent: 1, activeUsers: 1, queueDepth: 0 },
    });
    const r = await report();
    const overview = (await t.app.inject({ url: '/api/admin/console/overview', headers: { cookie: admin.cookie } })).json();
    expect(r.performance.openAlerts).toBe(overview.alerts.length);
    // The sample's 20% errors and 2,5 s p95 are both over the critical limits.
    expect(r.performance.openCriticalAlerts).toBeGreaterThanOrEqual(2);
  });
});
