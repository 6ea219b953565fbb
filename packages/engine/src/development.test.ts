import fc from 'fast-check';
import { ASSUMPTION_IDS, type AssumptionId } from '@viabiliza/contracts/analysis';
import type { AssumptionUsed, Figure, FigureSource, FigureUnit } from '@viabiliza/contracts/analysis-result';
import { describe, expect, it } from 'vitest';
import { computeDevelopment } from './development.ts';
import { annualToMonthly, npv } from './finance.ts';
import { PRICE_MISSING_NOTE } from './financial.ts';
import type { ResolvedInputs } from './types.ts';

// ------------------------------------------------------------------------------------------------
// Fixture built by hand: a R$ 1 mi plot, 1 000 m² built, 4 months of works, 6 months of sales.

const BASE_ASSUMPTIONS: Record<AssumptionId, number> = {
  itbiRate: 0.03,
  notaryRate: 0.015,
  downPaymentRate: 0.2,
  financingRateAnnual: 0.12,
  financingTermMonths: 360,
  discountRateAnnual: 0.15,
  holdingYears: 10,
  appreciationAnnual: 0.05,
  rentPerSqm: 40,
  vacancyRate: 0.08,
  managementRate: 0.1,
  maintenanceRate: 0.005,
  salePricePerSqm: 10000,
  constructionCostPerSqm: 2000,
  sellableEfficiency: 0.8,
  softCostRate: 0.1,
  commissionRate: 0.05,
  retRate: 0.04,
  targetMargin: 0.15,
  constructionMonths: 4,
  salesMonths: 6,
  trMonthly: 0,
  borrowerAge: 35,
  mipRateMonthly: 0,
  dfiRateMonthly: 0,
  loanAdminFeeMonthly: 0,
};

function assumptions(values: Partial<Record<AssumptionId, number>> = {}): Record<AssumptionId, AssumptionUsed> {
  const out = {} as Record<AssumptionId, AssumptionUsed>;
  for (const id of ASSUMPTION_IDS) {
    const value = values[id] ?? BASE_ASSUMPTIONS[id];
    out[id] = {
      id,
      label: `Premissa ${id}`,
      value,
      unit: 'fraction',
      defaultValue: BASE_ASSUMPTIONS[id],
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

describe('computeDevelopment: hand-computed case', () => {
  const r = computeDevelopment(inputs());

  it('VGV, costs, profit and margins', () => {
    expect(r.landCost.value).toBe(1_045_000); // 1 000 000 × (1 + 3% + 1,5%)
    expect(r.builtArea.value).toBe(1000);
    expect(r.sellableArea.value).toBe(800);
    expect(r.vgv.value).toBe(8_000_000);
    expect(r.vgv.label).toBe('VGV (Valor Geral de Vendas)');
    expect(r.constructionCost.value).toBe(2_000_000);
    expect(r.softCosts.value).toBe(200_000);
    expect(r.commissions.value).toBe(400_000);
    expect(r.ret.value).toBe(320_000);
    expect(r.totalCost.value).toBe(3_965_000);
    expect(r.profit.value).toBe(4_035_000);
    expect(r.marginOnVgv.value).toBeCloseTo(4_035_000 / 8_000_000, 12);
    expect(r.marginOnCost.value).toBeCloseTo(4_035_000 / 3_965_000, 12);
  });

  it('residual land value at the 15% target margin', () => {
    // (8 000 000 × 0,85 − 2 000 000 − 200 000 − 400 000 − 320 000) / 1,045
    expect(r.residualLandValue.value).toBe(3_712_918.66);
    expect(r.residualLandValue.label).toBe('Valor residual do terreno');
    expect(r.residualLandValue.note).toBeUndefined();
  });

  it('monthly cash flow: land at month 0, S-curve works, 20/80 sales before delivery', () => {
    // Delivery at month 5; sales in months 1..6; horizon = 6.
    expect(r.cashFlow).toHaveLength(7);
    expect(r.cashFlow[0]).toEqual({ month: 0, inflow: 0, outflow: 1_105_000, net: -1_105_000, cumulative: -1_105_000 });
    const sale = 8_000_000 / 6;
    expect(r.cashFlow[1]!.inflow).toBeCloseTo(sale * 0.2, 2);
    // Month 1: S-curve weight (1 − cos(π/4))/2 of the works + 70% of soft costs / 4 + commission + RET.
    const w1 = (1 - Math.cos(Math.PI / 4)) / 2;
    expect(r.cashFlow[1]!.outflow).toBeCloseTo(2_000_000 * w1 + 35_000 + 400_000 / 6 + 0.04 * sale * 0.2, 2);
    expect(r.cashFlow[5]!.inflow).toBeCloseTo(4 * sale * 0.8 + sale, 2); // repasse + month-5 sale in full
    expect(r.cashFlow[6]!.inflow).toBeCloseTo(sale, 2);
    const totalIn = r.cashFlow.reduce((a, p) => a + p.inflow, 0);
    const totalNet = r.cashFlow.reduce((a, p) => a + p.net, 0);
    expect(totalIn).toBeCloseTo(8_000_000, 1);
    expect(totalNet).toBeCloseTo(4_035_000, 1);
  });

  it('peak exposure is the deepest cumulative balance (month 4, before the repasse)', () => {
    // 1 105 000 + 2 000 000 of works − 4 × (R$ 266 666,67 received − 35 000 − 66 666,67 − 10 666,67)
    expect(r.peakExposure.value!).toBeCloseTo(2_487_666.67, 1);
    expect(r.peakExposure.label).toBe('Exposição máxima de caixa');
    expect(r.paybackMonths.value).toBe(5);
  });

  it('NPV, IRR and MIRR of the monthly nets', () => {
    const nets = r.cashFlow.map((p) => p.net);
    expect(r.npv.value).toBeCloseTo(npv(annualToMonthly(0.15), nets), 2);
    const monthly = (1 + r.irr.value!) ** (1 / 12) - 1;
    expect(Math.abs(npv(monthly, nets))).toBeLessThan(1e-4);
    expect(r.mirr.value).not.toBeNull();
    expect(r.mirr.value!).toBeLessThan(r.irr.value!);
  });

  it('sensitivity: price × cost (margin) and price × speed (IRR), base cells = headline', () => {
    const [cost, speed] = r.sensitivity;
    expect(cost!.title).toBe('Preço de venda × custo de obra');
    expect(cost!.metricLabel).toBe('Margem sobre VGV');
    expect(cost!.cells[2]![2]).toBe(r.marginOnVgv.value);
    expect(cost!.rowValues).toEqual([1600, 1800, 2000, 2200, 2400]);
    expect(cost!.colValues).toEqual([8000, 9000, 10000, 11000, 12000]);
    expect(speed!.title).toBe('Preço de venda × velocidade de vendas');
    expect(speed!.metricLabel).toBe('TIR anual');
    expect(speed!.rowValues).toEqual([3, 5, 6, 9, 12]);
    expect(speed!.cells[2]![2]).toBe(r.irr.value);
    // Cheaper works, higher margin; faster sales, higher IRR.
    expect(cost!.cells[0]![2]!).toBeGreaterThan(cost!.cells[4]![2]!);
    expect(speed!.cells[0]![2]!).toBeGreaterThan(speed!.cells[4]![2]!);
    assertClean(r);
  });
});

describe('computeDevelopment: missing data and edge cases', () => {
  it('without built area the project figures are null with the note', () => {
    const r = computeDevelopment(inputs({ builtArea: null }));
    for (const f of [r.builtArea, r.sellableArea, r.vgv, r.constructionCost, r.totalCost, r.profit, r.marginOnVgv, r.residualLandValue, r.peakExposure, r.irr]) {
      expect(f.value, f.id).toBeNull();
      expect(f.note, f.id).toContain('Informe a área construída prevista');
    }
    expect(r.landCost.value).toBe(1_045_000);
    expect(r.cashFlow).toEqual([]);
    expect(r.sensitivity).toEqual([]);
    assertClean(r);
  });

  it('without a price the land-dependent figures are null, the residual land value is still computed', () => {
    const r = computeDevelopment(inputs({ price: null }));
    for (const f of [r.landCost, r.totalCost, r.profit, r.marginOnVgv, r.marginOnCost, r.peakExposure, r.npv, r.irr, r.mirr, r.paybackMonths]) {
      expect(f.value, f.id).toBeNull();
      expect(f.note, f.id).toBe(PRICE_MISSING_NOTE);
    }
    expect(r.vgv.value).toBe(8_000_000);
    expect(r.residualLandValue.value).toBe(3_712_918.66);
    assertClean(r);
  });

  it('a negative residual land value is kept, with the note', () => {
    const r = computeDevelopment(inputs({}, { salePricePerSqm: 2000 }));
    expect(r.residualLandValue.value!).toBeLessThan(0);
    expect(r.residualLandValue.note).toBe('Valor residual negativo: o projeto não comporta o terreno na margem-alvo');
  });

  it('sales after delivery are received in full in the month of sale', () => {
    const r = computeDevelopment(inputs({}, { constructionMonths: 1, salesMonths: 4, retRate: 0, commissionRate: 0 }));
    // Delivery month 2: month 1 gets 20% of its sale, month 2 gets 80% of month 1 + its own sale.
    const sale = 2_000_000;
    expect(r.cashFlow.map((p) => p.inflow)).toEqual([0, sale * 0.2, sale * 1.8, sale, sale]);
  });

  it('zero sale price: VGV 0 and margin undefined with a note', () => {
    const r = computeDevelopment(inputs({}, { salePricePerSqm: 0 }));
    expect(r.vgv.value).toBe(0);
    expect(r.marginOnVgv.value).toBeNull();
    expect(r.marginOnVgv.note).toMatch(/VGV/);
    expect(r.irr.value).toBeNull();
    expect(r.irr.note).toBe('TIR indefinida: o fluxo não muda de sinal');
    assertClean(r);
  });
});

describe('computeDevelopment: properties', () => {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  const rate = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true }));
  const randomInputs = fc
    .record({
      price: maybe(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e8, noNaN: true }))),
      built: maybe(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e5, noNaN: true }))),
      itbiRate: rate,
      notaryRate: rate,
      discountRateAnnual: rate,
      salePricePerSqm: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 50000, noNaN: true })),
      constructionCostPerSqm: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 20000, noNaN: true })),
      sellableEfficiency: rate,
      softCostRate: rate,
      commissionRate: rate,
      retRate: rate,
      targetMargin: rate,
      constructionMonths: fc.integer({ min: 0, max: 120 }),
      salesMonths: fc.integer({ min: 0, max: 120 }),
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

  it('never outputs NaN/Infinity; peak exposure ≥ 0; base cells match the headline figures', () => {
    fc.assert(
      fc.property(randomInputs, (input) => {
        const r = computeDevelopment(input);
        assertClean(r);
        if (r.peakExposure.value !== null) expect(r.peakExposure.value).toBeGreaterThanOrEqual(0);
        const [cost, speed] = r.sensitivity;
        if (cost) expect(cost.cells[2]![2]).toBe(r.marginOnVgv.value);
        if (speed) expect(speed.cells[2]![2]).toBe(r.irr.value);
        return true;
      }),
      { numRuns: 150 },
    );
  });
});
