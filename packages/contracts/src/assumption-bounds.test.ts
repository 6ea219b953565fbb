import { describe, expect, it } from 'vitest';
import { ASSUMPTION_BOUNDS, ASSUMPTION_IDS, assumptionOverrides, startRunBody } from './analysis.ts';

describe('assumption overrides with per-assumption bounds', () => {
  it('every assumption has bounds with min ≤ max', () => {
    for (const id of ASSUMPTION_IDS) {
      const b = ASSUMPTION_BOUNDS[id];
      expect(b, id).toBeDefined();
      expect(b.min).toBeLessThanOrEqual(b.max);
    }
  });

  it('accepts a negative appreciation (price-fall stress) and one beyond ±30 % (the engine warns)', () => {
    expect(assumptionOverrides.safeParse({ appreciationAnnual: -0.1 }).success).toBe(true);
    expect(assumptionOverrides.safeParse({ appreciationAnnual: -0.3 }).success).toBe(true);
    expect(assumptionOverrides.safeParse({ appreciationAnnual: 0.45 }).success).toBe(true);
    expect(assumptionOverrides.safeParse({ appreciationAnnual: -0.5 }).success).toBe(true);
    expect(startRunBody.safeParse({ analysisType: 'financial', overrides: { appreciationAnnual: -0.05, igpmAnnual: -0.0105 } }).success).toBe(true);
  });

  it('refuses a value out of its bounds with a Portuguese message naming the range', () => {
    const r = assumptionOverrides.safeParse({ appreciationAnnual: -0.95 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toContain('fora dos limites');
    expect(r.error!.issues[0]!.message).toContain('-0,9');
    expect(r.error!.issues[0]!.path).toEqual(['appreciationAnnual']);
    expect(assumptionOverrides.safeParse({ vacancyRate: -0.01 }).success).toBe(false);
    expect(assumptionOverrides.safeParse({ vacancyRate: 1.01 }).success).toBe(false);
    expect(assumptionOverrides.safeParse({ ownerType: 3 }).success).toBe(false);
    expect(assumptionOverrides.safeParse({ discountRateAnnual: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});
