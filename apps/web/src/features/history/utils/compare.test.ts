import type { PropertyAnalysisItem } from '@viabiliza/contracts/history';
import { describe, expect, it } from 'vitest';

import { compareAnalyses, defaultPair, formatCompareValue, formatDelta, summarize, visibleRows } from './compare';

function item(overrides: Omit<Partial<PropertyAnalysisItem>, 'figures'> & { figures?: Partial<PropertyAnalysisItem['figures']> }): PropertyAnalysisItem {
  const { figures, ...rest } = overrides;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    propertyId: '00000000-0000-4000-8000-0000000000aa',
    property: { id: '00000000-0000-4000-8000-0000000000aa', title: 'Casa', address: null, city: 'Recife', state: 'PE' },
    analysisType: 'complete',
    providerUsed: 'local',
    providerName: 'Motor Viabiliza',
    tokensUsed: 0,
    confidenceScore: 80,
    viabilityScore: 6,
    scoreBand: 'moderada',
    completeness: 70,
    createdAt: '2026-01-01T12:00:00.000Z',
    preview: '',
    figures: { price: 500_000, irr: 0.05, npv: -1000, grossYield: 0.06, vgv: null, margin: null, marketDeviation: 0.1, ...figures },
    ...rest,
  };
}

describe('compareAnalyses', () => {
  const before = item({});
  const after = item({
    viabilityScore: 7.2,
    completeness: 70.2,
    confidenceScore: 60,
    figures: { price: 480_000, irr: 0.07, npv: 5000, marketDeviation: 0.02, grossYield: null },
  });
  const rows = compareAnalyses(before, after);
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));

  it('reads deltas from the older to the newer, green when the change is good for the person', () => {
    expect(byId.score).toMatchObject({ before: 6, after: 7.2, verdict: 'better' });
    expect(byId.score!.delta).toBeCloseTo(1.2);
    expect(byId.confidence).toMatchObject({ delta: -20, verdict: 'worse' });
    expect(byId.irr!.verdict).toBe('better');
    expect(byId.npv!.verdict).toBe('better');
    // A price closer to the market reference is better; the price itself is neither.
    expect(byId.marketDeviation!.verdict).toBe('better');
    expect(byId.price!.verdict).toBe('changed');
  });

  it('calls rounding noise unchanged and a missing side unknown', () => {
    expect(byId.completeness!.verdict).toBe('same');
    expect(byId.grossYield).toMatchObject({ before: 0.06, after: null, delta: null, verdict: 'unknown' });
  });

  it('hides figures neither analysis has, and counts the changes', () => {
    expect(visibleRows(rows).map((r) => r.id)).not.toContain('vgv');
    expect(summarize(rows)).toEqual({ better: 4, worse: 1, same: 1 });
  });
});

describe('formatting', () => {
  it('writes values and signed deltas the Brazilian way', () => {
    expect(formatCompareValue(6.25, 'score')).toBe('6,3/10');
    expect(formatCompareValue(0.0178, 'fraction')).toBe('1,78%');
    expect(formatCompareValue(null, 'BRL')).toBe('—');
    expect(formatDelta(1.2, 'score')).toBe('+1,2');
    expect(formatDelta(-20, 'percent')).toBe('−20 p.p.');
    expect(formatDelta(0.02, 'fraction')).toBe('+2,00 p.p.');
    expect(formatDelta(-20_000, 'BRL').replace(/\s/g, ' ')).toBe('−R$ 20.000,00');
  });
});

describe('defaultPair', () => {
  it('compares the second newest with the newest', () => {
    expect(defaultPair([{ id: 'c' }, { id: 'b' }, { id: 'a' }])).toEqual({ beforeId: 'b', afterId: 'c' });
    expect(defaultPair([{ id: 'c' }])).toEqual({ beforeId: null, afterId: 'c' });
  });
});
