import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { performanceMetrics } from '@viabiliza/db/schema';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

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
