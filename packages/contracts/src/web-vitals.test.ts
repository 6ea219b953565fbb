import { describe, expect, it } from 'vitest';
import { rateWebVital, webVitalsReport } from './web-vitals.ts';

describe('web-vital ratings (spec 01 §9)', () => {
  it('uses the good/poor thresholds inclusively', () => {
    expect(rateWebVital('FCP', 1800)).toBe('good');
    expect(rateWebVital('FCP', 1801)).toBe('needs-improvement');
    expect(rateWebVital('FCP', 3000)).toBe('needs-improvement');
    expect(rateWebVital('FCP', 3001)).toBe('poor');
    expect(rateWebVital('LCP', 2500)).toBe('good');
    expect(rateWebVital('LCP', 4000.5)).toBe('poor');
    expect(rateWebVital('CLS', 0.1)).toBe('good');
    expect(rateWebVital('CLS', 0.2)).toBe('needs-improvement');
    expect(rateWebVital('CLS', 0.26)).toBe('poor');
    expect(rateWebVital('TTFB', 799)).toBe('good');
    expect(rateWebVital('TTFB', 1800)).toBe('needs-improvement');
    expect(rateWebVital('TTFB', 1801)).toBe('poor');
  });

  it('rejects absurd values and unknown names', () => {
    const ok = { metrics: [{ name: 'LCP', value: 1200, path: '/' }] };
    expect(webVitalsReport.safeParse(ok).success).toBe(true);
    expect(webVitalsReport.safeParse({ metrics: [{ name: 'LCP', value: -1, path: '/' }] }).success).toBe(false);
    expect(webVitalsReport.safeParse({ metrics: [{ name: 'CLS', value: 11, path: '/' }] }).success).toBe(false);
    expect(webVitalsReport.safeParse({ metrics: [{ name: 'LCP', value: 10 * 60_000, path: '/' }] }).success).toBe(false);
    expect(webVitalsReport.safeParse({ metrics: [{ name: 'INP', value: 10, path: '/' }] }).success).toBe(false);
    expect(webVitalsReport.safeParse({ metrics: [{ name: 'LCP', value: 10, path: 'https://x.test/' }] }).success).toBe(false);
    expect(webVitalsReport.safeParse({ metrics: [] }).success).toBe(false);
  });
});
