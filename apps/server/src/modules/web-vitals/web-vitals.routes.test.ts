import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { performanceMetrics } from '@viabiliza/db/schema';
import { RATE_LIMITS } from '@viabiliza/contracts/rate-limits';
import { ADMIN_EMAIL, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/metrics/web-vitals', payload: payload as object, headers: cookie ? { cookie } : {} });

const rowsFor = (name: string) => t.runtime.ctx.db.select().from(performanceMetrics).where(eq(performanceMetrics.metricName, name));

describe('POST /api/metrics/web-vitals', () => {
  it('stores an anonymous visitor’s vitals with the rating computed by the server', async () => {
    const res = await post({ metrics: [{ name: 'FCP', value: 1200, path: '/faq' }, { name: 'CLS', value: 0.3, path: '/faq' }] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ stored: 2 });
    const [fcp] = await rowsFor('FCP');
    expect(fcp).toMatchObject({ metricValue: 1200, userId: null, tags: { type: 'web_vital', rating: 'good', path: '/faq' } });
    const [cls] = await rowsFor('CLS');
    expect(cls?.tags).toMatchObject({ rating: 'poor' });
  });

  it('keeps the user id of a signed-in visitor', async () => {
    const { cookie, user } = await signUp(t);
    expect((await post({ metrics: [{ name: 'TTFB', value: 900, path: '/dashboard' }] }, cookie)).statusCode).toBe(202);
    const [row] = await rowsFor('TTFB');
    expect(row).toMatchObject({ userId: user.id, metricValue: 900, tags: { rating: 'needs-improvement' } });
  });

  it('rejects absurd or malformed reports with 400 and a Portuguese message, storing nothing', async () => {
    const before = (await rowsFor('LCP')).length;
    for (const payload of [
      { metrics: [{ name: 'LCP', value: -5, path: '/' }] },
      { metrics: [{ name: 'LCP', value: 9_999_999, path: '/' }] },
      { metrics: [{ name: 'CLS', value: 50, path: '/' }] },
      { metrics: [{ name: 'XYZ', value: 1, path: '/' }] },
      { metrics: [] },
      { metrics: [{ name: 'LCP', value: 100, path: 'https://evil.example/' }] },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.message).toMatch(/^Dados inválidos: /);
    }
    const res = await post({ metrics: [{ name: 'LCP', value: 9_999_999, path: '/' }] });
    expect(res.json().error.message).toContain('Valor da métrica fora do intervalo aceitável');
    expect((await rowsFor('LCP')).length).toBe(before);
  });
});

describe('figures no outsider can forge (issue 15, item 5)', () => {
  const from = (ip: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/metrics/web-vitals', remoteAddress: ip, payload: payload as object });

  it('refuses an implausible page load (LCP 119 000 ms) and stores nothing', async () => {
    const before = (await rowsFor('LCP')).length;
    for (const value of [119_000, 30_001]) {
      const res = await from('203.0.113.60', { metrics: [{ name: 'LCP', value, path: '/' }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Valor da métrica fora do intervalo aceitável');
    }
    expect((await rowsFor('LCP')).length).toBe(before);
  });

  it('takes at most 10 reports a minute from one address (one per page load leaves room for reloads)', async () => {
    expect(RATE_LIMITS.vitals).toEqual({ max: 10, windowMs: 60_000 });
    const codes: number[] = [];
    for (let i = 0; i <= 10; i++) codes.push((await from('203.0.113.61', { metrics: [{ name: 'FCP', value: 900, path: '/' }] })).statusCode);
    expect(codes.slice(0, -1).every((c) => c === 202)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('shows the admin the median and p75 with their count: forged slow reports barely move them', async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    for (let i = 0; i < 20; i++) expect((await from(`198.51.100.${i + 1}`, { metrics: [{ name: 'LCP', value: 1000 + i * 50, path: '/' }] })).statusCode).toBe(202);
    // Ten anonymous reports at the highest value accepted, each from its own address.
    for (let i = 0; i < 10; i++) expect((await from(`192.0.2.${i + 1}`, { metrics: [{ name: 'LCP', value: 29_999, path: '/' }] })).statusCode).toBe(202);
    const res = await t.app.inject({ url: '/api/admin/console/overview', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const { metrics } = res.json();
    expect(metrics.pageLoadSamples).toBe(30);
    // The mean would be 10 983 ms; the median of the 30 stays with the real pages.
    expect(metrics.pageLoadMs).toBe(1725);
    expect(metrics.pageLoadP75Ms).toBeGreaterThan(metrics.pageLoadMs);
  });
});
