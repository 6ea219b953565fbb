import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '@viabiliza/contracts/analytics';

import { analyticsCsv } from './analytics-csv';

const report: AnalyticsReport = {
  periodDays: 7,
  since: '2026-11-21',
  generatedAt: '2026-11-28T06:00:00.000Z',
  kpis: { activeUsers: 3, newUsers: 2, convertedUsers: 1, conversionPercent: 50, analyses: 4, avgRunSeconds: 1.5, runsCompleted: 4, runsFailed: 0, successRate: 100 },
  hourly: [{ hour: 9, analyses: 4 }],
  providers: [{ provider: 'openai-compatible', name: '=HYPERLINK("http://x";"y")', analyses: 4, tokens: 10, cost: 0.02, runsCompleted: 4, runsFailed: 0, successRate: 100 }],
  performance: { avgRunSeconds: -1.5, uptimePercent: null, samples: 0, expectedSamples: 0, openAlerts: 0, openCriticalAlerts: 0 },
};

describe('analyticsCsv', () => {
  it('exports a provider name that is a formula as text, and numbers as numbers', () => {
    const lines = analyticsCsv(report).split('\r\n');
    expect(lines).toContain(`Provider;"'=HYPERLINK(""http://x"";""y"") - análises";4`);
    expect(lines).toContain('Performance;Tempo médio de análise (s);-1,5');
    expect(lines[0]).toBe('Seção;Indicador;Valor');
  });
});
