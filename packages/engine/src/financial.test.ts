import fc from 'fast-check';
import { ASSUMPTION_IDS, type AssumptionId } from '@viabiliza/contracts/analysis';
import type { AssumptionUsed, Figure, FigureSource, FigureUnit } from '@viabiliza/contracts/analysis-result';
import { describe, expect, it } from 'vitest';
import { annualToMonthly, npv } from './finance.ts';
import {
  IRR_NO_SIGN_CHANGE_NOTE,
  PRICE_MISSING_NOTE,
  capitalGainsTax,
  computeFinancial,
  returnFigures,
  toCashFlow,
} from './financial.ts';
import type { ResolvedDeal, ResolvedInputs } from './types.ts';

/** The buyer's choice: 'Pretende financiar?' sim (SAC), everything else as typed nowhere. */
const FINANCED: ResolvedDeal = {
  strategy: 'aluguel',
  wantsFinancing: true,
  financingSystem: null,
  downPayment: null,
  renovation: null,
  worksMonths: 0,
  worksMonthsTyped: false,
  sellMonths: 6,
  sellMonthsTyped: false,
  targetSalePrice: null,
  utilitiesMonthly: null,
  otherRentalIncome: 0,
  otherProperties: false,
  acquisitionMonth: null,
  acquisitionCost: null,
};

// ------------------------------------------------------------------------------------------------
// Fixture built by hand: every assumption a plain, non-overridden assumption with a chosen value.

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
  constructionMonths: 24,
  salesMonths: 24,  // time-tax (issue 17): neutral values so these hand-derived figures keep their meaning
  riskPremium: 0,
  inflationAnnual: 0,
  igpmAnnual: 0,
  rentIndex: 0,
  ownerType: 2,
  exitCostRate: 0,
  exitCapRate: 0,
  // financing (issue 17): no TR, insurance or fee, so the plain SAC figures below hold
  trMonthly: 0,
  borrowerAge: 35,
  mipRateMonthly: 0,
  dfiRateMonthly: 0,
  loanAdminFeeMonthly: 0,
  // development (issue 17): unused by the acquisition model
  approvalMonths: 12,
  cubExclusionsRate: 0.45,
  inccAnnual: 0,
  distratoRate: 0,
  constructionLoanShare: 0,
  constructionLoanRateAnnual: 0,
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

const q = (field: 'targetValue' | 'usableArea' | 'monthlyRent' | 'condominiumFee' | 'annualTax' | 'minimumDownPayment'): FigureSource => ({
  kind: 'questionnaire',
  field,
  label: field,
});

const fig = (id: string, value: number, unit: FigureUnit, source: FigureSource): Figure => ({ id, label: id, value, unit, source });

function inputs(overrides: Partial<ResolvedInputs> = {}, values: Partial<Record<AssumptionId, number>> = {}): ResolvedInputs {
  return {
    price: fig('price', 500000, 'BRL', q('targetValue')),
    area: fig('area', 80, 'm2', q('usableArea')),
    landArea: null,
    builtArea: null,
    monthlyRent: fig('monthlyRent', 2500, 'BRL/mes', q('monthlyRent')),
    condominiumFee: fig('condominiumFee', 500, 'BRL/mes', q('condominiumFee')),
    annualTax: fig('annualTax', 1200, 'BRL', q('annualTax')),
    downPayment: null,
    acceptsFinancing: true,
    // A city without a row in the ITBI table: the typical 3 % (São Paulo would apply 0,5 % to the
    // SFH-financed part, itbi.test.ts), in a state without notary fee tables (RJ): the notaryRate
    // estimate, 1,5 % (SP and MG have escritura and registro tables, notary-fees.test.ts).
    city: 'Cidade Sem Tabela',
    state: 'RJ',
    isDevelopment: false,
    assumptions: assumptions(values),
    references: [],
    ...overrides,
  };
}

/** Every number anywhere in the value is finite, and every null figure says why. */
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

// Hand-computed figures of the base fixture (P = 500 000, rent 2 500, condo 500, IPTU 1 200).
const EGI = 12 * 2500 * 0.92; // 27 600
const OPEX = EGI * 0.1 + 500000 * 0.005 + 0.08 * (12 * 500 + 1200); // 2 760 + 2 500 + 576
const NOI = EGI - OPEX; // 21 764

describe('computeFinancial: hand-computed case (the buyer finances)', () => {
  const r = computeFinancial(inputs({ deal: FINANCED }));

  it('acquisition cost: price + ITBI 3% + notary 1,5%', () => {
    expect(r.price.value).toBe(500000);
    expect(r.itbi.value).toBe(15000);
    expect(r.notary.value).toBe(7500);
    expect(r.acquisitionTotal.value).toBe(522500);
    // ITBI cites its table (itbi-notary): no city row → the typical ITBI row, flagged; RJ has no notary
    // fee table, so the cartório is the notaryRate estimate (1,5 % × 500.000 = 7.500) and says so.
    expect(r.itbi.source).toMatchObject({ kind: 'reference', referenceId: 'itbi-tipico', uncertain: true });
    expect(r.notary.source).toMatchObject({ kind: 'assumption', assumptionId: 'notaryRate' });
    expect(r.notary.note).toContain('Estimativa de 1,5% do valor');
    expect(r.itbi.label).toBe('ITBI');
    expect(r.notary.label).toBe('Cartório e registro');
    expect(r.acquisitionTotal.label).toBe('Custo total de aquisição');
  });

  it('financing: 20% down, 80% financed in SAC and Price', () => {
    expect(r.financing).not.toBeNull();
    const f = r.financing!;
    expect(f.downPayment.value).toBe(100000);
    expect(f.loanAmount.value).toBe(400000);
    expect(f.rateAnnual.value).toBe(0.12);
    expect(f.rateAnnual.source).toEqual(inputs().assumptions.financingRateAnnual.source);
    expect(f.termMonths.value).toBe(360);
    expect(f.sac.rows).toHaveLength(360);
    expect(f.price.rows).toHaveLength(360);
    const i = annualToMonthly(0.12);
    // SAC month 1: 400 000 / 360 + 400 000 × i, both in cents.
    expect(f.sac.firstPayment).toBe(Math.round(40000000 / 360) / 100 + Math.round(40000000 * i) / 100);
    expect(f.sac.firstPayment).toBe(4906.63);
    expect(f.sac.firstPayment).toBeGreaterThan(f.price.firstPayment);
    expect(f.sac.totalInterest).toBeLessThan(f.price.totalInterest);
    expect(f.sac.rows.at(-1)!.balance).toBe(0);
    expect(f.price.rows.at(-1)!.balance).toBe(0);
  });

  it('rent and yields', () => {
    expect(r.monthlyRent.value).toBe(2500);
    expect(r.rentFromReference).toBe(false);
    expect(r.grossYield.value).toBeCloseTo(0.06, 12);
    expect(NOI).toBeCloseTo(21764, 9);
    expect(r.netYield.value).toBeCloseTo(NOI / 522500, 12);
    expect(r.capRate.value).toBeCloseTo(21764 / 500000, 12);
    const i = annualToMonthly(0.12);
    let debt = 0;
    for (let k = 0; k < 12; k++) debt += Math.round(111111) / 100 + Math.round((40000000 - k * 111111) * i) / 100;
    expect(r.cashOnCash.value).toBeCloseTo((NOI - debt) / 122500, 10);
  });

  it('exit value and capital-gains tax (15% on the gain over the all-in cost, × FR2, for an individual)', () => {
    expect(r.exitValue.value).toBe(814447.31); // 500 000 × 1,05^10
    expect(r.capitalGainsTax.value).toBe(0); // the fixture's owner is 'sem imposto'
    const pf = computeFinancial(inputs({}, { ownerType: 0 }));
    // 15% × (814 447,31 − 522 500) × FR2, FR2 = 1/1,0035^120 = 0,657… → 28 797,…
    expect(pf.capitalGainsTax.value).toBeCloseTo((0.15 * (814447.31 - 522500)) / 1.0035 ** 120, 1);
    expect(pf.capitalGainsTax.value!).toBeGreaterThan(28_700);
    expect(pf.capitalGainsTax.value!).toBeLessThan(28_900);
    expect(pf.capitalGainsTax.note).toContain('440 mil');
    expect(r.exitValue.label).toBe('Valor de saída');
    expect(r.capitalGainsTax.label).toBe('IR sobre ganho de capital');
  });

  it('levered cash flow: equity at month 0, NOI/12 − SAC payment, sale and payoff at month H', () => {
    const lev = r.leveredCashFlow!;
    expect(lev).toHaveLength(121);
    expect(lev[0]).toEqual({ month: 0, inflow: 0, outflow: 122500, net: -122500, cumulative: -122500 });
    const sac = r.financing!.sac.rows;
    expect(lev[1]!.inflow).toBe(1813.67); // 21 764 / 12
    expect(lev[1]!.outflow).toBe(sac[0]!.payment);
    const last = lev[120]!;
    expect(last.inflow).toBeCloseTo(1813.67 + 814447.31, 2); // no tax in the fixture
    expect(last.outflow).toBeCloseTo(sac[119]!.payment + sac[119]!.balance, 2);
    let cumulative = 0;
    for (const p of lev) {
      expect(p.net).toBeCloseTo(p.inflow - p.outflow, 2);
      cumulative += p.net;
      expect(p.cumulative).toBeCloseTo(cumulative, 2);
    }
  });

  it("the headline flow is the property's, unlevered: the whole acquisition at month 0, NOI/12 after, the sale at H", () => {
    expect(r.cashFlow).toHaveLength(121);
    expect(r.cashFlow[0]!.outflow).toBe(522500);
    expect(r.cashFlow[1]!.inflow).toBe(1813.67);
    expect(r.cashFlow[1]!.outflow).toBe(0);
    expect(r.cashFlow[120]!.inflow).toBeCloseTo(1813.67 + 814447.31, 2);
    expect(r.irr.value).toBeCloseTo(r.afterTax!.unleveredIrr.value!, 6); // the points are in cents
    // The loan's own IRR and NPV are beside it.
    const lev = r.leveredCashFlow!.map((p) => p.net);
    expect(r.afterTax!.leveredNpv!.value).toBeCloseTo(npv(annualToMonthly(0.15), lev), 2);
    expect(r.financingChosen).toBe(true);
    expect(r.loanEffect!.text).toMatch(/TIR do imóvel/);
  });

  it('NPV, IRR, MIRR and payback from the monthly nets', () => {
    const nets = r.cashFlow.map((p) => p.net);
    expect(r.npv.value).toBeCloseTo(npv(annualToMonthly(0.15), nets), 2);
    expect(r.npv.label).toBe('VPL');
    expect(r.irr.label).toBe('TIR anual');
    expect(r.mirr.label).toBe('MTIR anual');
    expect(r.paybackMonths.label).toBe('Payback');
    expect(r.irr.value).not.toBeNull();
    const monthly = (1 + r.irr.value!) ** (1 / 12) - 1;
    expect(Math.abs(npv(monthly, nets))).toBeLessThan(1e-6 * 122500);
    expect(r.mirr.value).not.toBeNull();
    expect(r.paybackMonths.value).toBe(120);
  });

  it('sensitivity: price × rent and price × rate, 5×5, base cell = headline IRR', () => {
    expect(r.sensitivity.map((m) => m.title)).toEqual(['Preço × aluguel', 'Preço × taxa de juros']);
    for (const m of r.sensitivity) {
      expect(m.cells).toHaveLength(5);
      for (const row of m.cells) expect(row).toHaveLength(5);
      expect(m.base).toEqual({ row: 2, col: 2 });
      expect(m.colValues).toEqual([400000, 450000, 500000, 550000, 600000]);
    }
    const [rentMatrix, rateMatrix] = r.sensitivity;
    // Price × rent judges the property (unlevered); price × rate the buyer's levered cash.
    expect(rentMatrix!.metricLabel).toBe('TIR anual');
    expect(rentMatrix!.cells[2]![2]).toBe(r.irr.value);
    expect(rateMatrix!.metricLabel).toBe('TIR alavancada anual');
    expect(rateMatrix!.cells[2]![2]).toBeCloseTo(r.afterTax!.leveredIrr.value!, 10);
    expect(rentMatrix!.rowValues).toEqual([2000, 2250, 2500, 2750, 3000]);
    expect(rateMatrix!.rowValues).toEqual([0.1, 0.11, 0.12, 0.13, 0.14]);
    // More rent, higher IRR; higher rate, lower IRR.
    expect(rentMatrix!.cells[4]![2]!).toBeGreaterThan(rentMatrix!.cells[0]![2]!);
    expect(rateMatrix!.cells[4]![2]!).toBeLessThan(rateMatrix!.cells[0]![2]!);
  });

  it('has no NaN or Infinity and no null figure without a note', () => {
    assertClean(r);
  });
});

describe('computeFinancial: missing data and variants', () => {
  it('without a price every dependent figure is null with the price note', () => {
    const r = computeFinancial(inputs({ price: null }));
    for (const f of [r.price, r.itbi, r.notary, r.acquisitionTotal, r.grossYield, r.netYield, r.capRate, r.cashOnCash, r.npv, r.irr, r.mirr, r.paybackMonths, r.exitValue, r.capitalGainsTax]) {
      expect(f.value, f.id).toBeNull();
      expect(f.note, f.id).toBe(PRICE_MISSING_NOTE);
    }
    expect(r.financing).toBeNull();
    expect(r.cashFlow).toEqual([]);
    expect(r.sensitivity).toEqual([]);
    expect(r.monthlyRent.value).toBe(2500);
    assertClean(r);
  });

  it('estimates the rent from the reference R$/m² when none was typed, and flags it', () => {
    const base = inputs({ monthlyRent: null });
    const r = computeFinancial(base);
    expect(r.monthlyRent.value).toBe(3200); // 80 m² × R$ 40
    expect(r.rentFromReference).toBe(true);
    expect(r.monthlyRent.source).toEqual(base.assumptions.rentPerSqm.source);
    expect(r.monthlyRent.note).toBe('Aluguel estimado pela referência de R$/m² da cidade');
    expect(r.grossYield.value).toBeCloseTo((12 * 3200) / 500000, 12);
  });

  it('without rent and without area the rent and everything built on it is null with a note', () => {
    const r = computeFinancial(inputs({ monthlyRent: null, area: null }));
    expect(r.monthlyRent.value).toBeNull();
    expect(r.monthlyRent.note).toMatch(/aluguel/i);
    for (const f of [r.grossYield, r.netYield, r.capRate, r.cashOnCash, r.npv, r.irr, r.mirr, r.paybackMonths]) {
      expect(f.value, f.id).toBeNull();
      expect(f.note, f.id).toMatch(/aluguel/i);
    }
    expect(r.exitValue.value).toBe(814447.31);
    expect(r.itbi.value).toBe(15000);
    expect(r.cashFlow).toEqual([]);
    assertClean(r);
  });

  it('no loan unless the buyer chooses one: a seller who accepts financing does not make the buyer borrow', () => {
    const r = computeFinancial(inputs({ acceptsFinancing: true }));
    expect(r.financing).toBeNull();
    expect(r.financingChosen).toBe(false);
    expect(r.cashFlow[0]!.outflow).toBe(522500);
    // The seller refusing a financed buyer wins over the buyer's wish: cash purchase.
    expect(computeFinancial(inputs({ acceptsFinancing: false, deal: FINANCED })).financing).toBeNull();
  });

  it('a rent of 0 is a value: the owner pays the whole condominium and IPTU (nobody else does)', () => {
    const r = computeFinancial(inputs({ monthlyRent: fig('monthlyRent', 0, 'BRL/mes', q('monthlyRent')) }));
    expect(r.monthlyRent.value).toBe(0);
    expect(r.rentFromReference).toBe(false);
    // NOI = − upkeep − (condo + IPTU/12) in full: −(500 000 × 0,5 %)/12 − (500 + 100) = −808,33 a month.
    expect(r.cashFlow[1]!.net).toBeCloseTo(-(2500 / 12 + 600), 2);
  });

  it('without financing: equity is the whole acquisition, no rate matrix', () => {
    const r = computeFinancial(inputs({ acceptsFinancing: false }));
    expect(r.financing).toBeNull();
    expect(r.cashFlow[0]!.outflow).toBe(522500);
    expect(r.cashFlow[1]!.outflow).toBe(0);
    expect(r.cashOnCash.value).toBeCloseTo(NOI / 522500, 12);
    expect(r.sensitivity.map((m) => m.title)).toEqual(['Preço × aluguel']);
    expect(r.sensitivity[0]!.cells[2]![2]).toBe(r.irr.value);
    // One outflow then inflows: the IRR solves the undiscounted flow exactly.
    const nets = r.cashFlow.map((p) => p.net);
    expect(Math.abs(npv((1 + r.irr.value!) ** (1 / 12) - 1, nets))).toBeLessThan(1e-6);
  });

  it('a typed down payment replaces the percentage; a down payment ≥ price means no loan', () => {
    const typed = computeFinancial(inputs({ deal: FINANCED, downPayment: fig('downPayment', 150000, 'BRL', q('minimumDownPayment')) }));
    expect(typed.financing!.downPayment.value).toBe(150000);
    expect(typed.financing!.downPayment.source).toEqual(q('minimumDownPayment'));
    expect(typed.financing!.loanAmount.value).toBe(350000);
    const all = computeFinancial(inputs({ deal: FINANCED, downPayment: fig('downPayment', 600000, 'BRL', q('minimumDownPayment')) }));
    expect(all.financing).toBeNull();
  });

  it('IRR undefined when the flow never turns positive, with the note', () => {
    const r = computeFinancial(inputs({ monthlyRent: fig('monthlyRent', 0, 'BRL/mes', q('monthlyRent')) }, { appreciationAnnual: -1 }));
    expect(r.irr.value).toBeNull();
    expect(r.irr.note).toBe(IRR_NO_SIGN_CHANGE_NOTE);
    expect(r.sensitivity[0]!.cells[2]![2]).toBeNull();
    assertClean(r);
  });

  it('shows the MIRR when the IRR is undefined but the flow changes sign', () => {
    // −100 + 300x − 300x² has no real root: no IRR, but a MIRR.
    const cf = toCashFlow([0, 300, 0], [100, 0, 300]);
    const r = returnFigures(cf, { value: 0.1, source: { kind: 'computed', formula: 'x' } }, 0.1, 'n/a');
    expect(r.irr.value).toBeNull();
    expect(r.irr.note).toMatch(/^TIR indefinida/);
    expect(r.mirr.value).not.toBeNull();
    expect(r.mirr.note).toMatch(/MTIR/);
  });

  it('capital-gains tax uses the progressive brackets', () => {
    expect(capitalGainsTax(-10)).toBe(0);
    expect(capitalGainsTax(1_000_000)).toBeCloseTo(150_000, 6);
    expect(capitalGainsTax(12_000_000)).toBeCloseTo(750_000 + 875_000 + 400_000, 6);
    expect(capitalGainsTax(40_000_000)).toBeCloseTo(750_000 + 875_000 + 4_000_000 + 2_250_000, 6);
  });

  it('caps absurd horizons and terms instead of building huge arrays', () => {
    const r = computeFinancial(inputs({ deal: FINANCED }, { holdingYears: 1e9, financingTermMonths: 1e9 }));
    expect(r.cashFlow).toHaveLength(601);
    expect(r.financing!.termMonths.value).toBe(600);
    expect(r.financing!.termMonths.note).toMatch(/600/);
    assertClean(r);
  });
});

describe('computeFinancial: properties', () => {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  const money = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5e7, noNaN: true, noDefaultInfinity: true }));
  const rate = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true }));

  const randomInputs = fc
    .record({
      price: maybe(money),
      area: maybe(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e5, noNaN: true }))),
      rent: maybe(fc.double({ min: 0, max: 1e6, noNaN: true })),
      condo: maybe(fc.double({ min: 0, max: 1e5, noNaN: true })),
      tax: maybe(fc.double({ min: 0, max: 1e6, noNaN: true })),
      down: maybe(money),
      acceptsFinancing: fc.constantFrom(true, false, null),
      wantsFinancing: fc.boolean(),
      itbiRate: rate,
      notaryRate: rate,
      downPaymentRate: rate,
      financingRateAnnual: rate,
      financingTermMonths: fc.integer({ min: 0, max: 600 }),
      discountRateAnnual: rate,
      holdingYears: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 40, noNaN: true })),
      appreciationAnnual: rate,
      rentPerSqm: fc.double({ min: 0, max: 500, noNaN: true }),
      vacancyRate: rate,
      managementRate: rate,
      maintenanceRate: rate,
    })
    .map((x) =>
      inputs(
        {
          price: x.price === null ? null : fig('price', x.price, 'BRL', q('targetValue')),
          area: x.area === null ? null : fig('area', x.area, 'm2', q('usableArea')),
          monthlyRent: x.rent === null ? null : fig('monthlyRent', x.rent, 'BRL/mes', q('monthlyRent')),
          condominiumFee: x.condo === null ? null : fig('condominiumFee', x.condo, 'BRL/mes', q('condominiumFee')),
          annualTax: x.tax === null ? null : fig('annualTax', x.tax, 'BRL', q('annualTax')),
          downPayment: x.down === null ? null : fig('downPayment', x.down, 'BRL', q('minimumDownPayment')),
          acceptsFinancing: x.acceptsFinancing,
          deal: { ...FINANCED, wantsFinancing: x.wantsFinancing },
        },
        {
          itbiRate: x.itbiRate,
          notaryRate: x.notaryRate,
          downPaymentRate: x.downPaymentRate,
          financingRateAnnual: x.financingRateAnnual,
          financingTermMonths: x.financingTermMonths,
          discountRateAnnual: x.discountRateAnnual,
          holdingYears: x.holdingYears,
          appreciationAnnual: x.appreciationAnnual,
          rentPerSqm: x.rentPerSqm,
          vacancyRate: x.vacancyRate,
          managementRate: x.managementRate,
          maintenanceRate: x.maintenanceRate,
        },
      ),
    );

  it('never outputs NaN/Infinity, null figures always have a note, base cells match the headline IRR', () => {
    fc.assert(
      fc.property(randomInputs, (input) => {
        const r = computeFinancial(input);
        assertClean(r);
        for (const m of r.sensitivity) expect(m.cells[m.base.row]![m.base.col]).toBe(m.id === 'priceRate' ? r.afterTax!.leveredIrr.value : r.irr.value);
        if (r.financing && r.financing.sac.rows.length > 1 && r.financing.rateAnnual.value! > 0.001 && r.financing.loanAmount.value! > 1e4) {
          expect(r.financing.sac.firstPayment).toBeGreaterThan(r.financing.price.firstPayment);
        }
        return true;
      }),
      { numRuns: 100 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(randomInputs, (input) => {
        expect(JSON.stringify(computeFinancial(input))).toBe(JSON.stringify(computeFinancial(input)));
      }),
      { numRuns: 20 },
    );
  });
});
