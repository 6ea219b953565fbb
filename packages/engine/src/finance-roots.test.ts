import { describe, expect, it } from 'vitest';
import { discountedPayback, irr, irrRoots, npv, paybackWithDips, signChanges } from './finance.ts';

describe('IRR roots', () => {
  it('finds a root below −99,99 % instead of denying it', () => {
    // −100 then 0,001: 1 + r = 0,001 / 100 → r = −0,99999
    expect(irr([-100, 0.001])!).toBeCloseTo(-0.99999, 9);
    // −100 then 0,00001: r = −0,9999999
    expect(irr([-100, 0.00001])!).toBeCloseTo(-0.9999999, 12);
  });

  it('lists every root of a flow that changes sign twice', () => {
    // −100 + 230/(1+r) − 132/(1+r)² = 0 → (1+r) ∈ {1,1; 1,2}
    const roots = irrRoots([-100, 230, -132]);
    expect(roots).toHaveLength(2);
    expect(roots[0]!).toBeCloseTo(0.1, 10);
    expect(roots[1]!).toBeCloseTo(0.2, 10);
    expect(signChanges([-100, 230, -132])).toBe(2);
    expect(signChanges([-100, 0, 50, 60])).toBe(1);
    expect(irrRoots([1, 2])).toEqual([]);
  });
});

describe('payback details', () => {
  it('reports the month the cumulative flow turns positive and the later dip', () => {
    // cumulative: −100, −40, 20 (month 2), −30 (month 3), −20
    expect(paybackWithDips([-100, 60, 60, -50, 10])).toEqual({ firstPositive: 2, negativeAgain: 3 });
    expect(paybackWithDips([-100, 60, 60, 10])).toEqual({ firstPositive: 2, negativeAgain: null });
    expect(paybackWithDips([-100, 10])).toEqual({ firstPositive: null, negativeAgain: null });
  });

  it('discounted payback: −100, 60/1,1 = 54,55, 60/1,21 = 49,59 → cumulative ≥ 0 at month 2', () => {
    expect(discountedPayback(0.1, [-100, 60, 60])).toBe(2);
    // at 30 %: 46,15 + 35,50 = 81,66 < 100 → never
    expect(discountedPayback(0.3, [-100, 60, 60])).toBeNull();
    expect(npv(0.1, [-100, 60, 60])).toBeCloseTo(4.1322, 4);
  });
});
