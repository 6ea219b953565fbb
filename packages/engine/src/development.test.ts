import fc from 'fast-check';
import { ASSUMPTION_IDS, type AssumptionId } from '@viabiliza/contracts/analysis';
import type { AssumptionUsed, Figure, FigureSource, FigureUnit } from '@viabiliza/contracts/analysis-result';
import type { DevelopmentInputs } from '@viabiliza/contracts/questionnaire';
import { describe, expect, it } from 'vitest';
import { PRESUMIDO_RATE, computeDevelopment, monthsBetween, solveMonotone } from './development.ts';
import { DISTRATO_RETENTION, runDevelopmentModel, type DevelopmentModelParams } from './development-model.ts';
import { annualToMonthly, npv } from './finance.ts';
import { PRICE_MISSING_NOTE } from './financial.ts';
import type { ResolvedInputs } from './types.ts';

// ------------------------------------------------------------------------------------------------
// The monthly model on small cases built by hand.

/**
 * 10 units × 100 m² at R$ 10.000/m² = VGV R$ 10 mi; private = equivalent area (ratio 1) = 1 000 m²;
 * CUB R$ 2.000 → CUB base R$ 2 mi; nothing the CUB excludes, no indirect costs, no INCC, no tax, no
 * commission, no distrato, no loan; approval 0, works 3 months (1..3, delivery at 3), one sales month
 * (month 1, everything sold at launch); sinal 10 %, the rest (repasse) at delivery.
 */
const BASE: DevelopmentModelParams = {
  landPrice: 1_000_000,
  itbiRate: 0.03,
  notaryRate: 0.015,
  landDeal: 'cash',
  landDealShare: 0,
  units: [{ count: 10, privateArea: 100, pricePerSqm: 10_000 }],
  privateToEquivalent: 1,
  cubPerSqm: 2000,
  cubAgeMonths: 0,
  cubExclusionsRate: 0,
  indirectRate: 0,
  inccAnnual: 0,
  approvalMonths: 0,
  worksMonths: 3,
  salesMonths: 1,
  signal: 0.1,
  monthly: 0,
  balloons: 0,
  keys: 0,
  distratoRate: 0,
  commissionRate: 0,
  taxRate: 0,
  loanShare: 0,
  loanRateAnnual: 0,
};
const model = (p: Partial<DevelopmentModelParams> = {}) => runDevelopmentModel({ ...BASE, ...p });

describe('development model: hand-computed rules', () => {
  it('base case: land 1,045 mi at month 0, 2 mi of works, 10 mi received (1 mi at sale, 9 mi at delivery)', () => {
    const r = model();
    expect(r.deliveryMonth).toBe(3);
    expect(r.land).toBeCloseTo(1_045_000, 6);
    expect(r.worksTotal).toBeCloseTo(2_000_000, 6);
    expect(r.inflows[1]).toBeCloseTo(1_000_000, 6);
    expect(r.inflows[3]).toBeCloseTo(9_000_000, 6);
    expect(r.receipts).toBeCloseTo(10_000_000, 6);
    // Profit = 10 − 1,045 − 2 = 6,955 mi.
    expect(r.profit).toBeCloseTo(6_955_000, 4);
  });

  it('equivalent area = private / ratio; the budget adds what the CUB excludes and indirect costs', () => {
    // Ratio 0,7: 1 000 / 0,7 = 1 428,57 m² × 2 000 = 2 857 142,86 CUB; × 1,45 = 4 142 857,14 works;
    // indirect 30 % = 1 242 857,14.
    const r = model({ privateToEquivalent: 0.7, cubExclusionsRate: 0.45, indirectRate: 0.3, approvalMonths: 2 });
    expect(r.equivalentArea).toBeCloseTo(1428.5714, 3);
    expect(r.worksTotal).toBeCloseTo(4_142_857.14, 1);
    expect(r.indirectTotal).toBeCloseTo(1_242_857.14, 1);
    expect(r.works.bdi).toBeCloseTo(2_857_142.857 * 0.2, 1);
  });

  it('permuta física: the landowner’s 20 % of the units leave the VGV; only ITBI + notary are paid for the land', () => {
    const r = model({ landDeal: 'permuta-fisica', landDealShare: 0.2 });
    expect(r.permutaValue).toBeCloseTo(2_000_000, 6);
    expect(r.receipts).toBeCloseTo(8_000_000, 6);
    expect(r.land).toBeCloseTo(45_000, 6); // 1 mi × 4,5 %
    // Profit = 8 − 0,045 − 2 = 5,955 mi.
    expect(r.profit).toBeCloseTo(5_955_000, 4);
  });

  it('permuta financeira: 15 % of every receipt goes to the landowner', () => {
    const r = model({ landDeal: 'permuta-financeira', landDealShare: 0.15 });
    expect(r.permutaPaid).toBeCloseTo(1_500_000, 6);
    expect(r.receipts).toBeCloseTo(8_500_000, 6);
    expect(r.outflows[1]).toBeCloseTo(150_000 + 2_000_000 * (r.outflows[1]! - 150_000) / 2_000_000, 6);
    expect(r.profit).toBeCloseTo(8_500_000 - 45_000 - 2_000_000, 4);
  });

  it('distrato: 10 % cancelled at delivery, 50 % of what was paid retained, units resold over 6 months', () => {
    const r = model({ distratoRate: 0.1 });
    // Paid before the keys: the sinal, 1 mi. Cancelled buyers paid 0,1 mi; half (50 mil) refunded at 3.
    // At delivery the staying 90 % pay the repasse: 9 mi × 0,9 = 8,1 mi. Resales: 1 mi in months 4–9.
    expect(DISTRATO_RETENTION).toBe(0.5);
    expect(r.distratoValue).toBeCloseTo(1_000_000, 6);
    expect(r.inflows[3]).toBeCloseTo(8_100_000 - 50_000, 6);
    for (let m = 4; m <= 9; m++) expect(r.inflows[m]).toBeCloseTo(1_000_000 / 6, 6);
    // Receipts = 1 + 8,05 + 1 = 10,05 mi.
    expect(r.receipts).toBeCloseTo(10_050_000, 6);
  });

  it('INCC: instalments corrected from the sale to delivery; costs by the month they are paid', () => {
    // INCC 12,6825 % a.a. = 1 % a month. Sale at month 1, repasse 90 % at month 3: × 1,01² = 1,0201.
    const i = (1.01 ** 12) - 1;
    const r = model({ inccAnnual: i });
    expect(r.inflows[1]).toBeCloseTo(1_000_000, 6);
    expect(r.inflows[3]).toBeCloseTo(9_000_000 * 1.0201, 4);
    expect(r.inccOnReceipts).toBeCloseTo(9_000_000 * 0.0201, 4);
    // S-curve weights over 3 months: 0,25 / 0,5 / 0,25 → 2 mi × (0,25·1,01 + 0,5·1,0201 + 0,25·1,030301).
    expect(r.worksTotal).toBeCloseTo(2_000_000 * (0.25 * 1.01 + 0.5 * 1.0201 + 0.25 * 1.030301), 4);
    // A CUB dated 12 months before the analysis date is brought forward by 1,01^12.
    const aged = model({ inccAnnual: i, cubAgeMonths: 12 });
    expect(aged.worksTotal / r.worksTotal).toBeCloseTo(1.01 ** 12, 9);
  });

  it('RET 4 % vs lucro presumido 5,93 % on the receipts', () => {
    expect(PRESUMIDO_RATE).toBeCloseTo(0.0593, 10); // 0,65 + 3 + 15 % × 8 + 9 % × 12 = 5,93 %
    expect(model({ taxRate: 0.04 }).taxes).toBeCloseTo(400_000, 6);
    expect(model({ taxRate: PRESUMIDO_RATE }).taxes).toBeCloseTo(593_000, 6);
    expect(model({ taxRate: 0.01 }).taxes).toBeCloseTo(100_000, 6);
  });

  it('plano empresário: 60 % of the works drawn with the works, interest monthly, repaid at delivery', () => {
    // Draws: 0,6 × (0,5 mi, 1 mi, 0,5 mi) = 0,3 / 0,6 / 0,3 mi in months 1–3; 1 % a month on the
    // opening balance: month 2: 0,3 mi × 1 % = 3 000; month 3: 0,9 mi × 1 % = 9 000 → 12 000.
    const r = model({ loanShare: 0.6, loanRateAnnual: 1.01 ** 12 - 1 });
    expect(r.peakDebt).toBeCloseTo(1_200_000, 4);
    expect(r.interest).toBeCloseTo(12_000, 4);
    // Equity at month 1: −(0,5 mi works − 0,3 mi draw) + 1 mi sinal = +0,8 mi; at 3 the 1,2 mi is repaid.
    expect(r.equityNet[1]).toBeCloseTo(1_000_000 - 500_000 + 300_000, 4);
    expect(r.equityNet[3]).toBeCloseTo(9_000_000 - 500_000 + 300_000 - 9_000 - 1_200_000, 4);
    expect(r.profit).toBeCloseTo(6_955_000 - 12_000, 4);
  });

  it('na planta: mensais until the month before delivery, annual reforços, chaves with the repasse', () => {
    // Approval 0, works 30 (delivery 30), sale at month 1: 28 mensais (2..29), reforços at 13 and 25.
    const r = model({ worksMonths: 30, signal: 0.1, monthly: 0.28, balloons: 0.1, keys: 0.05 });
    expect(r.inflows[2]).toBeCloseTo(10_000_000 * 0.01, 6);
    expect(r.inflows[13]).toBeCloseTo(100_000 + 500_000, 6);
    expect(r.inflows[30]).toBeCloseTo(10_000_000 * 0.52, 6);
  });
});

describe('development: back-solves and break-evens', () => {
  it('solveMonotone finds a linear root exactly and returns null without a bracket', () => {
    expect(solveMonotone((x) => 3 - 2 * x, -10, 10)).toBeCloseTo(1.5, 9);
    expect(solveMonotone((x) => x * x + 1, -10, 10)).toBeNull();
  });

  it('monthsBetween counts calendar months', () => {
    expect(monthsBetween('2024-10', '2026-11-25')).toBe(25);
    expect(monthsBetween(undefined, '2026-11-25')).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------
// computeDevelopment on resolved inputs.

const VALUES: Partial<Record<AssumptionId, number>> = {
  itbiRate: 0.03,
  notaryRate: 0.015,
  discountRateAnnual: 0.15,
  salePricePerSqm: 10000,
  constructionCostPerSqm: 2000,
  sellableEfficiency: 0.8,
  softCostRate: 0.1,
  commissionRate: 0.05,
  retRate: 0.04,
  targetMargin: 0.15,
  constructionMonths: 4,
  salesMonths: 6,
  approvalMonths: 2,
  cubExclusionsRate: 0.45,
  inccAnnual: 0.06,
  distratoRate: 0.1,
  constructionLoanShare: 0.5,
  constructionLoanRateAnnual: 0.12,
};

function assumptions(values: Partial<Record<AssumptionId, number>> = {}): Record<AssumptionId, AssumptionUsed> {
  const out = {} as Record<AssumptionId, AssumptionUsed>;
  for (const id of ASSUMPTION_IDS) {
    const value = values[id] ?? VALUES[id] ?? 0;
    out[id] = {
      id,
      label: `Premissa ${id}`,
      value,
      unit: 'fraction',
      defaultValue: VALUES[id] ?? 0,
      overridden: id in values,
      source: { kind: 'assumption', assumptionId: id, label: `Premissa ${id}`, overridden: id in values },
    };
  }
  return out;
}

const q = (field: 'targetValue' | 'builtArea' | 'totalArea'): FigureSource => ({ kind: 'questionnaire', field, label: field });
const fig = (id: string, value: number, unit: FigureUnit, source: FigureSource): Figure => ({ id, label: id, value, unit, source });

function inputs(overrides: Partial<ResolvedInputs> = {}, values: Partial<Record<AssumptionId, number>> = {}): ResolvedInputs {
  return {
    price: fig('price', 1_000_000, 'BRL', q('targetValue')),
    area: fig('area', 500, 'm2', q('totalArea')),
    landArea: fig('landArea', 500, 'm2', q('totalArea')),
    builtArea: fig('builtArea', 1000, 'm2', q('builtArea')),
    monthlyRent: null,
    condominiumFee: null,
    annualTax: null,
    downPayment: null,
    acceptsFinancing: null,
    city: 'São Paulo',
    state: 'SP',
    isDevelopment: true,
    assumptions: assumptions(values),
    references: [],
    ...overrides,
  };
}
const dev = (d: DevelopmentInputs) => ({ inputs: d });

describe('computeDevelopment', () => {
  it('units × private area replace the built area; RLV at the target margin gives that margin', () => {
    const r = computeDevelopment(inputs(), dev({ units: '12', privateAreaPerUnit: '60' }));
    const x = r.detail!;
    expect(x.units.value).toBe(12);
    expect(x.privateArea.value).toBe(720);
    expect(x.equivalentArea.value).toBeCloseTo(900, 6); // 720 / 0,8
    expect(x.vgvGross.value).toBeCloseTo(7_200_000, 4);
    // At the residual land value the margin is the 15 % target: re-run with that price.
    const atRlv = computeDevelopment(inputs({ price: fig('price', x.rlvTargetMargin.value! , 'BRL', q('targetValue')) }), dev({ units: '12', privateAreaPerUnit: '60' }));
    expect(atRlv.marginOnVgv.value!).toBeCloseTo(0.15, 6);
    // At the residual land value to the hurdle the project NPV is 0 (IRR = 15 %).
    const atIrr = computeDevelopment(inputs({ price: fig('price', x.rlvTargetIrr.value!, 'BRL', q('targetValue')) }), dev({ units: '12', privateAreaPerUnit: '60' }));
    expect(Math.abs(atIrr.npv.value!)).toBeLessThan(1);
    expect(atIrr.irr.value!).toBeCloseTo(0.15, 4);
  });

  it('break-evens: profit zero at the minimum price and at the maximum CUB; margin-target delay', () => {
    const d = { units: '12', privateAreaPerUnit: '60' };
    const x = computeDevelopment(inputs(), dev(d)).detail!;
    const atPrice = computeDevelopment(inputs({}, { salePricePerSqm: x.breakEvenPricePerSqm.value! }), dev(d));
    // The figure is rounded to cents per m²: ± R$ 0,005 × 720 m² × (1 − commission − tax) < R$ 4.
    expect(Math.abs(atPrice.profit.value!)).toBeLessThan(4);
    const atCost = computeDevelopment(inputs({}, { constructionCostPerSqm: x.breakEvenCostPerSqm.value! }), dev(d));
    // CUB rounded to cents: ± R$ 0,005 × 900 m² × 1,45 × INCC ≈ R$ 7.
    expect(Math.abs(atCost.profit.value!)).toBeLessThan(10);
    expect(x.maxDelayMonths.value).not.toBeNull();
  });

  it('tax regime, land deal and payment flow come from the questionnaire block', () => {
    const r = computeDevelopment(
      inputs(),
      dev({ units: '10', privateAreaPerUnit: '100', taxRegime: 'presumido', landDeal: 'permuta-fisica', landDealShare: '25', signalShare: '20', loanShare: '0' }),
    );
    const x = r.detail!;
    expect(x.taxRegime).toBe('presumido');
    expect(x.landDeal).toBe('permuta-fisica');
    expect(x.landDealShare).toBe(0.25);
    expect(x.paymentFlow.signal).toBe(0.2);
    expect(x.interestPaid.value).toBe(0);
    expect(x.notes.join(' ')).toMatch(/5,93 %/);
    // Permuta física: 25 % of the 10 mi VGV goes to the landowner.
    expect(x.permutaValue.value).toBeCloseTo(2_500_000, 4);
  });

  it('without units nor built area the figures are null with a note; without a price the RLV is still computed', () => {
    const none = computeDevelopment(inputs({ builtArea: null }));
    expect(none.vgv.value).toBeNull();
    expect(none.vgv.note).toMatch(/unidades/);
    expect(none.detail).toBeUndefined();
    const noPrice = computeDevelopment(inputs({ price: null }));
    expect(noPrice.totalCost.value).toBeNull();
    expect(noPrice.totalCost.note).toContain(PRICE_MISSING_NOTE);
    expect(noPrice.residualLandValue.value).not.toBeNull();
    expect(noPrice.cashFlow).toEqual([]);
  });

  it('NPV and IRR of the headline are the project (unlevered) flow at the hurdle', () => {
    const r = computeDevelopment(inputs());
    const nets = r.cashFlow.map((p) => p.net);
    expect(r.npv.value!).toBeCloseTo(npv(annualToMonthly(0.15), nets), 2);
    expect(r.detail!.projectNpv.value).toBe(r.npv.value);
  });
});

function assertClean(value: unknown, path = 'result'): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${path} is ${value}`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertClean(v, `${path}[${i}]`));
    return;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('value' in o && 'unit' in o && 'source' in o && o.value === null && !(typeof o.note === 'string' && o.note.length > 0)) {
      throw new Error(`${path} is null without a note`);
    }
    for (const [k, v] of Object.entries(o)) assertClean(v, `${path}.${k}`);
  }
}

describe('computeDevelopment: properties', () => {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  const rate = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true }));
  const randomInputs = fc
    .record({
      price: maybe(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e8, noNaN: true }))),
      built: maybe(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e5, noNaN: true }))),
      itbiRate: rate,
      discountRateAnnual: rate,
      salePricePerSqm: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 50000, noNaN: true })),
      constructionCostPerSqm: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 20000, noNaN: true })),
      sellableEfficiency: rate,
      softCostRate: rate,
      distratoRate: fc.double({ min: 0, max: 0.9, noNaN: true }),
      inccAnnual: fc.double({ min: -0.2, max: 0.5, noNaN: true }),
      constructionLoanShare: rate,
      constructionMonths: fc.integer({ min: 0, max: 60 }),
      salesMonths: fc.integer({ min: 0, max: 60 }),
      approvalMonths: fc.integer({ min: 0, max: 24 }),
    })
    .map(({ price, built, ...values }) =>
      inputs(
        {
          price: price === null ? null : fig('price', price, 'BRL', q('targetValue')),
          builtArea: built === null ? null : fig('builtArea', built, 'm2', q('builtArea')),
        },
        values,
      ),
    );

  it('never outputs NaN/Infinity; peak exposure ≥ 0; base sensitivity cell = headline margin', () => {
    fc.assert(
      fc.property(randomInputs, (input) => {
        const r = computeDevelopment(input);
        assertClean(r);
        if (r.peakExposure.value !== null) expect(r.peakExposure.value).toBeGreaterThanOrEqual(0);
        const [cost] = r.sensitivity;
        if (cost) expect(cost.cells[2]![2]).toBe(r.marginOnVgv.value);
      }),
      { numRuns: 60 },
    );
  });
});
