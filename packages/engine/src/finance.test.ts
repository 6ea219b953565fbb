import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualToMonthly,
  irr,
  mirr,
  monthlyToAnnual,
  npv,
  paybackPeriod,
  pmt,
  priceSchedule,
  roundCents,
  sacSchedule,
  sCurveWeights,
} from './finance.ts';

const RUNS = { numRuns: 200 };

describe('reference vectors (REFERENCE-DATA.md, from numpy-financial)', () => {
  it('NPV at 5% of [-15000, 1500, 2500, 3500, 4500, 6000] is 122.89, first flow undiscounted', () => {
    expect(roundCents(npv(0.05, [-15000, 1500, 2500, 3500, 4500, 6000]))).toBe(122.89);
  });

  it('IRR of [-100, 39, 59, 55, 20] is 0.28095', () => {
    const r = irr([-100, 39, 59, 55, 20]);
    expect(r).not.toBeNull();
    expect(r!).toBeCloseTo(0.28095, 5);
  });

  it('IRR of [-1, -2, -3] is undefined (null)', () => {
    expect(irr([-1, -2, -3])).toBeNull();
  });

  it('PMT at 0.08/12, 60 periods, 15000 is -304.145914', () => {
    expect(pmt(0.08 / 12, 60, 15000)).toBeCloseTo(-304.145914, 6);
  });

  it('MIRR of [-120000, 39000, 30000, 21000, 37000, 46000] at 10% / 12% is 0.126094', () => {
    const r = mirr([-120000, 39000, 30000, 21000, 37000, 46000], 0.1, 0.12);
    expect(r).not.toBeNull();
    expect(r!).toBeCloseTo(0.126094, 6);
  });

  it('SAC R$ 100.000 over 4 periods at 10% pays 35.000, 32.500, 30.000, 27.500', () => {
    const s = sacSchedule(100000, 0.1, 4);
    expect(s.rows.map((r) => r.payment)).toEqual([35000, 32500, 30000, 27500]);
    expect(s.rows.map((r) => r.amortization)).toEqual([25000, 25000, 25000, 25000]);
    expect(s.rows.map((r) => r.balance)).toEqual([75000, 50000, 25000, 0]);
    expect(s.totalInterest).toBe(25000);
    expect(s.totalPaid).toBe(125000);
    expect(s.firstPayment).toBe(35000);
    expect(s.lastPayment).toBe(27500);
  });
});

describe('finance helpers', () => {
  it('pmt at zero rate splits the principal evenly; when=1 pays at the beginning', () => {
    expect(pmt(0, 10, 1000)).toBe(-100);
    expect(pmt(0.1, 2, 1000, 0, 1)).toBeCloseTo(pmt(0.1, 2, 1000) / 1.1, 10);
  });

  it('annual and monthly rates are inverse conversions', () => {
    expect(annualToMonthly(0.12)).toBeCloseTo(0.009488792934583, 12);
    expect(monthlyToAnnual(annualToMonthly(0.15))).toBeCloseTo(0.15, 12);
  });

  it('IRR picks the root closest to zero when the flow has several', () => {
    // (1+r)^-1 roots 10% and 20%.
    expect(irr([-100, 230, -132])!).toBeCloseTo(0.1, 10);
  });

  it('IRR of a flow without a sign change, empty or all zeros is null', () => {
    expect(irr([])).toBeNull();
    expect(irr([0, 0, 0])).toBeNull();
    expect(irr([100, 50])).toBeNull();
  });

  it('IRR handles a small monthly rate over a long flow', () => {
    const flows = [-100000, ...new Array<number>(359).fill(1000), 101000];
    const r = irr(flows)!;
    expect(r).toBeCloseTo(0.01, 10);
  });

  it('MIRR is null without both signs', () => {
    expect(mirr([1, 2, 3], 0.1, 0.1)).toBeNull();
    expect(mirr([-1], 0.1, 0.1)).toBeNull();
  });

  it('payback is the first index where the cumulative flow is back at zero or above', () => {
    expect(paybackPeriod([-100, 39, 59, 55, 20])).toBe(3);
    expect(paybackPeriod([-100, 50, 50])).toBe(2);
    expect(paybackPeriod([-100, 10, 10])).toBeNull();
    expect(paybackPeriod([0, -100, 60, 60])).toBe(3);
    expect(paybackPeriod([10, 10])).toBe(0);
    expect(paybackPeriod([])).toBeNull();
  });

  it('S-curve weights are symmetric, peak in the middle and sum to 1', () => {
    const w = sCurveWeights(5);
    expect(w).toHaveLength(5);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(w[0]).toBeCloseTo(w[4]!, 14);
    expect(w[2]).toBeGreaterThan(w[1]!);
    expect(sCurveWeights(1)).toEqual([1]);
    expect(sCurveWeights(0)).toEqual([]);
  });

  it('roundCents rounds half away from zero and folds negative zero', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(-1.005)).toBe(-1.01);
    expect(Object.is(roundCents(-0.001), 0)).toBe(true);
    expect(roundCents(122.8948549509405)).toBe(122.89);
  });

  it('an invalid loan gives an empty schedule of zeros', () => {
    for (const s of [sacSchedule(0, 0.01, 10), priceSchedule(1000, 0.01, 0), sacSchedule(1000, Number.NaN, 10)]) {
      expect(s.rows).toEqual([]);
      expect(s.totalPaid).toBe(0);
    }
  });

  it('Price pays a constant instalment that matches pmt', () => {
    const s = priceSchedule(300000, 0.01, 360);
    expect(s.firstPayment).toBeCloseTo(-pmt(0.01, 360, 300000), 2);
    expect(new Set(s.rows.slice(0, -1).map((r) => r.payment)).size).toBe(1);
  });
});

describe('properties', () => {
  const conventionalFlows = fc
    .tuple(
      fc.double({ min: 100, max: 1e7, noNaN: true }),
      fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 120 }),
    )
    .map(([investment, returns]) => [-investment, ...returns]);

  it('NPV at the IRR is ~0 for conventional flows (one negative, then positives)', () => {
    fc.assert(
      fc.property(conventionalFlows, (flows) => {
        const r = irr(flows);
        // A conventional flow has exactly one IRR in (-1, ∞); the scan finds it unless it is below −99%.
        const total = flows.reduce((a, b) => a + b, 0);
        if (r === null) return npv(-0.99, flows) < 0 && total < 0;
        const scale = flows.reduce((a, b) => a + Math.abs(b), 0);
        return Number.isFinite(r) && Math.abs(npv(r, flows)) <= 1e-7 * scale;
      }),
      RUNS,
    );
  });

  const loan = fc.record({
    principal: fc.double({ min: 1e5, max: 1e8, noNaN: true }),
    rate: fc.double({ min: 0.002, max: 0.05, noNaN: true }),
    months: fc.integer({ min: 2, max: 420 }),
  });

  it('SAC pays less total interest than Price for the same loan (rate > 0, months > 1)', () => {
    fc.assert(
      fc.property(loan, ({ principal, rate, months }) => {
        return sacSchedule(principal, rate, months).totalInterest < priceSchedule(principal, rate, months).totalInterest;
      }),
      RUNS,
    );
  });

  it('SAC first payment is above the Price payment', () => {
    fc.assert(
      fc.property(loan, ({ principal, rate, months }) => {
        return sacSchedule(principal, rate, months).firstPayment > priceSchedule(principal, rate, months).firstPayment;
      }),
      RUNS,
    );
  });

  it('schedules have every month, end at balance 0 and amortize exactly the principal', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        fc.integer({ min: 1, max: 600 }),
        (principal, rate, months) => {
          for (const s of [sacSchedule(principal, rate, months), priceSchedule(principal, rate, months)]) {
            if (s.rows.length !== months) return false;
            if (s.rows[s.rows.length - 1]!.balance !== 0) return false;
            const amortized = s.rows.reduce((acc, r) => acc + Math.round(r.amortization * 100), 0);
            if (amortized !== Math.round(principal * 100)) return false;
            if (s.rows.some((r) => r.balance < 0 || r.amortization < 0)) return false;
            if (Math.abs(s.totalPaid - (s.totalInterest + Math.round(principal * 100) / 100)) > 1e-6 * s.totalPaid) return false;
          }
          return true;
        },
      ),
      RUNS,
    );
  });

  it('outputs are always finite (or null) for any finite input', () => {
    const anyFlows = fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 0, maxLength: 150 });
    fc.assert(
      fc.property(
        anyFlows,
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (flows, a, b) => {
          const values = [npv(a, flows), irr(flows), mirr(flows, a, b), paybackPeriod(flows), annualToMonthly(a), monthlyToAnnual(a / 12)];
          return values.every((v) => v === null || Number.isFinite(v));
        },
      ),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        fc.integer({ min: 0, max: 600 }),
        (principal, rate, months) => {
          const rows = [...sacSchedule(principal, rate, months).rows, ...priceSchedule(principal, rate, months).rows];
          return rows.every((r) => [r.payment, r.interest, r.amortization, r.balance].every(Number.isFinite));
        },
      ),
      RUNS,
    );
  });

  it('S-curve weights are non-negative and sum to 1 for any length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), (n) => {
        const w = sCurveWeights(n);
        return w.length === n && w.every((x) => x >= -1e-15) && Math.abs(w.reduce((a, b) => a + b, 0) - 1) < 1e-12;
      }),
      RUNS,
    );
  });
});
