import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { performanceMetrics } from '@viabiliza/db/schema';
import { ADMIN_EMAIL, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { percentile } from './metrics.ts';

const TOKEN = 'metrics-token-metrics-token-0001';
let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  admin = await signUp(t, { email: ADMIN_EMAIL });
});
afterAll(async () => t?.close());

describe('GET /metrics', () => {
  it('answers 401 anonymous, 401 with a wrong token and 403 to a non-admin', async () => {
    const user = await signUp(t);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { cookie: user.cookie } })).statusCode).toBe(403);
  });

  it('counts the requests the test made, by route pattern and status class', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'DELETE', url: '/api/notifications/does-not-exist-' + i, headers: { cookie: admin.cookie } });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    // The three requests above share one pattern label: the id is not a label value.
    const line = body.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/api/notifications/:id"') && l.includes('status_class="4xx"'));
    expect(line).toBeDefined();
    expect(body).not.toContain('does-not-exist');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('queue_depth{queue="analyze-run",state="ready"}');
    expect(body).toContain('analysis_cache_lookups_total');
    // An admin session also reads it.
    expect((await t.app.inject({ url: '/metrics', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('counts an /api/health request exactly', async () => {
    const read = async () => {
      const body = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      const m = body.match(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} (\d+)/);
      return m ? Number(m[1]) : 0;
    };
    const before = await read();
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/health' });
    expect(await read()).toBe(before + 2);
  });
});

describe('realtime_monitoring sample', () => {
  it('stores p50/p95 of the interval, active users and memory in performance_metrics', async () => {
    await t.runtime.ctx.sampler.sampleNow(); // start a clean interval
    const users = [await signUp(t), await signUp(t)];
    for (const u of users) await t.app.inject({ url: '/api/auth/session', headers: { cookie: u.cookie } });
    const sample = await t.runtime.ctx.sampler.sampleNow();
    // Two sign-ups and two session reads in this interval.
    expect(sample.requests).toBe(4);
    expect(sample.p50Ms).toBeGreaterThan(0);
    expect(sample.p95Ms).toBeGreaterThanOrEqual(sample.p50Ms!);
    expect(sample.errorRatePercent).toBe(0);
    // The admin and every user signed up in this file have a live session used within the hour.
    expect(sample.activeUsers).toBeGreaterThanOrEqual(3);
    expect(sample.memoryBytes).toBeGreaterThan(10 * 1024 * 1024);
    const rows = await t.database.db.select().from(performanceMetrics).where(eq(performanceMetrics.metricName, 'realtime_monitoring'));
    const last = rows.find((r) => (r.tags as { at?: string }).at === sample.at);
    expect(last?.metricValue).toBeCloseTo(sample.p95Ms!, 1);
    expect((last?.tags as { instanceId: string }).instanceId).toBe(t.runtime.ctx.sampler.instanceId);
  });

  it("stores an idle interval as 'sem requisições' (no response time), which the deploy check's average skips", async () => {
    await t.app.inject({ url: '/api/auth/session', headers: { cookie: admin.cookie } });
    const busy = await t.runtime.ctx.sampler.sampleNow();
    expect(busy.requests).toBe(1);
    const idle = [];
    for (let i = 0; i < 5; i++) idle.push(await t.runtime.ctx.sampler.sampleNow());
    expect(idle.map((s) => s.requests)).toEqual([0, 0, 0, 0, 0]);
    const rows = await t.database.db.select().from(performanceMetrics).where(eq(performanceMetrics.metricName, 'realtime_monitoring'));
    const at = (s: { at: string }) => rows.find((r) => (r.tags as { at?: string }).at === s.at)!;
    // Not 0 ms: an interval without requests has no response time.
    expect(idle.map((s) => at(s).metricValue)).toEqual([null, null, null, null, null]);
    expect(at(busy).metricValue).toBeCloseTo(busy.p95Ms!, 1);
    // The last 5 samples are idle; the average is the busy intervals' (the 5 latest with requests).
    const answered = rows
      .filter((r) => (r.tags as { requests: number }).requests > 0)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, 5);
    const mean = answered.reduce((n, r) => n + r.metricValue!, 0) / answered.length;
    const { recentPerformanceMs } = await import('../admin-console/tests.service.ts');
    expect(await recentPerformanceMs(t.runtime.ctx)).toBeCloseTo(mean, 1);
    expect(await recentPerformanceMs(t.runtime.ctx)).toBeGreaterThan(0);
  });
});

describe('percentile', () => {
  it('uses the nearest rank', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 95)).toBe(95);
  });
});
