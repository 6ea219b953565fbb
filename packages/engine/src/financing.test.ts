import fc from 'fast-check';
import type { AssumptionOverrides } from '@viabiliza/contracts/analysis';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import { resolveAssumptions } from './assumptions.ts';
import { annualToMonthly, priceSchedule, sacSchedule } from './finance.ts';
import { cetAnnual, financingPlan, loanSchedule, NO_COSTS, type PlanParams } from './financing.ts';

const AS_OF = '2026-11-25';

/** A plan with the shipped defaults (as of AS_OF) plus `overrides`. */
function plan(price: number, extra: Partial<PlanParams> = {}, overrides: AssumptionOverrides = {}) {
  return financingPlan({
    price,
    propertyType: 'apartamento',
    purposes: ['residencial'],
    assumptions: resolveAssumptions('São Paulo', 'SP', overrides, AS_OF),
    asOf: AS_OF,
    typedDownPayment: null,
    downPaymentRate: 0.2,
    ...extra,
  });
}

describe('LTV by amortisation system', () => {
  it('finances 80 % on SAC but only 70 % on Price (dataset rows of Oct 2025), raising the Price down payment with a note', () => {
    // R$ 500.000 flat, 20 % down: SAC loan = min(400.000, 0,8 × 500.000) = 400.000;
    // Price loan = min(400.000, 0,7 × 500.000) = 350.000, so the down payment rises to 150.000 (30 %).
    const p = plan(500_000);
    expect(p.extras.ltvMax.SAC.value).toBe(0.8);
    expect(p.extras.ltvMax.PRICE.value).toBe(0.7);
    expect(p.extras.ltvMax.PRICE.source).toMatchObject({ kind: 'reference', referenceId: 'ltv-price-2025-10', uncertain: true });
    expect(p.loans.SAC!.amount).toBe(400_000);
    expect(p.loans.SAC!.downPaymentRaised).toBe(false);
    expect(p.loans.PRICE!.amount).toBe(350_000);
    expect(p.loans.PRICE!.downPayment).toBe(150_000);
    expect(p.loans.PRICE!.downPaymentRaised).toBe(true);
    expect(p.extras.notes.some((n) => n.startsWith('Price: a entrada subiu') && n.includes('70%'))).toBe(true);
    expect(p.extras.loanBySystem.PRICE.value).toBe(350_000);
  });

  it('takes the Price row in force on the analysis date (50 % in Nov 2024)', () => {
    const p = financingPlan({ ...baseParams(500_000), asOf: '2025-01-10', assumptions: resolveAssumptions('São Paulo', 'SP', {}, '2025-01-10') });
    expect(p.extras.ltvMax.PRICE.value).toBe(0.5);
    expect(p.loans.PRICE!.amount).toBe(250_000);
  });

  it('keeps a larger typed down payment as typed', () => {
    // 500.000 − 300.000 typed = 200.000 < 0,7 × 500.000: nothing raised.
    const p = plan(500_000, { typedDownPayment: 300_000 });
    expect(p.loans.SAC!.amount).toBe(200_000);
    expect(p.loans.PRICE!.amount).toBe(200_000);
    expect(p.loans.PRICE!.downPaymentRaised).toBe(false);
  });
});

function baseParams(price: number): PlanParams {
  return {
    price,
    propertyType: 'apartamento',
    purposes: ['residencial'],
    assumptions: resolveAssumptions('São Paulo', 'SP', {}, AS_OF),
    asOf: AS_OF,
    typedDownPayment: null,
    downPaymentRate: 0.2,
  };
}

describe('SFH, SFI and commercial credit', () => {
  it('a flat of R$ 2,25 mi is SFH; one of R$ 2,3 mi is SFI (ceiling R$ 2,25 mi)', () => {
    const at = plan(2_250_000);
    expect(at.extras.regime).toBe('SFH');
    expect(at.extras.sfhEligible).toBe(true);
    const above = plan(2_300_000);
    expect(above.extras.regime).toBe('SFI');
    expect(above.extras.sfhEligible).toBe(false);
    expect(above.extras.notes.join(' ')).toContain('Fora do SFH');
  });

  it('a galpão is never SFH, even when cheap: commercial credit at 60 % LTV, 14 % a.a., 120 months, flagged', () => {
    const p = plan(1_000_000, { propertyType: 'galpao', purposes: ['comercial'] });
    expect(p.extras.regime).toBe('Crédito comercial');
    expect(p.extras.sfhEligible).toBe(false);
    // Loan = min(800.000, 0,6 × 1.000.000) = 600.000 on both systems.
    expect(p.loans.SAC!.amount).toBe(600_000);
    expect(p.loans.PRICE!.amount).toBe(600_000);
    expect(p.terms.rateAnnual.value).toBe(0.14);
    expect(p.terms.rateAnnual.source).toMatchObject({ kind: 'reference', uncertain: true });
    expect(p.terms.termMonths).toBe(120);
    expect(p.loans.SAC!.schedule.rows).toHaveLength(120);
    expect(p.extras.notes.join(' ')).toMatch(/não entra no SFH/);
  });

  it('a flat bought for commercial use is not SFH either', () => {
    expect(plan(400_000, { purposes: ['comercial'] }).extras.regime).toBe('Crédito comercial');
    for (const propertyType of ['sala', 'comercial', 'terreno']) expect(plan(400_000, { propertyType }).extras.sfhEligible).toBe(false);
  });

  it('caps the rate at 12 % a.a. under SFH, not under SFI', () => {
    const sfh = plan(800_000, {}, { financingRateAnnual: 0.14 });
    expect(sfh.terms.rateAnnual.value).toBe(0.12);
    expect(sfh.terms.rateAnnual.note).toContain('limitada ao teto do SFH');
    expect(sfh.loans.SAC!.monthlyRate).toBeCloseTo(annualToMonthly(0.12), 15);
    const sfi = plan(3_000_000, {}, { financingRateAnnual: 0.14 });
    expect(sfi.terms.rateAnnual.value).toBe(0.14);
    // A lower typed rate is kept under SFH.
    expect(plan(800_000, {}, { financingRateAnnual: 0.1 }).terms.rateAnnual.value).toBe(0.1);
  });
});

describe('schedules with TR, insurance and fee', () => {
  it('still gives the SAC vector of REFERENCE-DATA.md without costs: 35.000, 32.500, 30.000, 27.500', () => {
    const s = loanSchedule('SAC', 100_000, 0.1, 4);
    expect(s.rows.map((r) => r.payment)).toEqual([35_000, 32_500, 30_000, 27_500]);
    expect(s.totalPaidAll).toBe(125_000);
  });

  it('equals the plain SAC and Price schedules when there is no TR, insurance or fee', () => {
    const i = annualToMonthly(0.12);
    expect(loanSchedule('SAC', 400_000, i, 360).rows).toEqual(sacSchedule(400_000, i, 360).rows);
    expect(loanSchedule('PRICE', 350_000, i, 360).rows).toEqual(priceSchedule(350_000, i, 360).rows);
  });

  it('applies TR to the balance before interest and amortisation', () => {
    // SAC, R$ 100.000, 4 months, 10 % a month, TR 1 % a month:
    // m1: correction 1.000 → balance 101.000; interest 10.100; amortisation 101.000/4 = 25.250; payment 35.350; balance 75.750.
    // m2: correction 757,50 → 76.507,50; interest 7.650,75; amortisation 76.507,50/3 = 25.502,50; payment 33.153,25; balance 51.005.
    const s = loanSchedule('SAC', 100_000, 0.1, 4, { ...NO_COSTS, trMonthly: 0.01 });
    expect(s.rows[0]).toMatchObject({ correction: 1000, interest: 10_100, amortization: 25_250, payment: 35_350, balance: 75_750 });
    expect(s.rows[1]).toMatchObject({ correction: 757.5, interest: 7650.75, amortization: 25_502.5, payment: 33_153.25, balance: 51_005 });
    expect(s.rows[3]!.balance).toBe(0);
    // Price recomputes its payment over the months left: the balance still ends at zero.
    const p = loanSchedule('PRICE', 100_000, 0.01, 12, { ...NO_COSTS, trMonthly: 0.002 });
    expect(p.rows[11]!.balance).toBe(0);
    expect(p.totalCorrection).toBeGreaterThan(0);
  });

  it('charges MIP on the balance and DFI on the property value: R$ 500 mil loan, month 1', () => {
    // R$ 700.000 flat, R$ 200.000 typed down → SAC loan 500.000; borrower aged 40 (band 36–40: 0,030896 %/month);
    // TR 0 for the check. MIP = 500.000 × 0,00030896 = 154,48; DFI = 700.000 × 0,00004684 = 32,788 → 32,79;
    // fee R$ 25. Month 1 outflow = prestação + 187,27 + 25.
    const p = plan(700_000, { typedDownPayment: 200_000 }, { borrowerAge: 40, trMonthly: 0 });
    const sac = p.loans.SAC!;
    expect(sac.amount).toBe(500_000);
    expect(p.extras.insurance.mipRateMonthly.value).toBe(0.00030896);
    expect(p.extras.insurance.mipRateMonthly.source).toMatchObject({ kind: 'reference', referenceId: 'mip-36-40', uncertain: true });
    const m1 = sac.schedule.rows[0]!;
    expect(m1.insurance).toBe(187.27);
    expect(m1.fee).toBe(25);
    expect(sac.schedule.firstPaymentTotal).toBe(Math.round((m1.payment + 187.27 + 25) * 100) / 100);
    expect(sac.schedule.totalDfi).toBeCloseTo(32.79 * 360, 6);
    expect(sac.schedule.totalFees).toBe(25 * 360);
  });

  it('uses the shipped TR (0,1711 % a month, Apr 2025) by default', () => {
    const p = plan(500_000);
    expect(p.extras.tr.value).toBe(0.001711);
    expect(p.extras.tr.source).toMatchObject({ kind: 'reference', referenceId: 'tr-2025-04-30' });
    // Month 1 correction on the SAC loan of 400.000: 400.000 × 0,001711 = 684,40.
    expect(p.loans.SAC!.schedule.rows[0]!.correction).toBe(684.4);
  });
});

describe('CET', () => {
  it('is above the nominal rate when there are insurance, fees and TR', () => {
    const p = plan(500_000);
    for (const system of ['SAC', 'PRICE'] as const) {
      const cet = p.extras.cet[system].value!;
      expect(cet).toBeGreaterThan(0.12 + 0.01);
    }
  });

  it('equals the contract rate when there are no costs (any loan)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 5_000_000 }),
        fc.double({ min: 0.02, max: 0.3, noNaN: true }),
        fc.integer({ min: 12, max: 420 }),
        fc.constantFrom('SAC' as const, 'PRICE' as const),
        (principal, rate, months, system) => {
          const s = loanSchedule(system, principal, annualToMonthly(rate), months);
          // Cents rounding moves the rate by far less than 0,01 p.p.
          expect(Math.abs(cetAnnual(s, principal)! - rate)).toBeLessThan(1e-4);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rises with upfront costs deducted from the loan received', () => {
    const s = loanSchedule('PRICE', 300_000, annualToMonthly(0.1), 240);
    expect(cetAnnual(s, 300_000, 5_000)!).toBeGreaterThan(cetAnnual(s, 300_000)! + 0.001);
  });
});

describe('wired into the analysis', () => {
  const run = (questionnaire: Record<string, unknown>) =>
    analyze({ analysisType: 'complete', questionnaire: questionnaire as Questionnaire, documents: [], generatedAt: '2026-11-25T12:00:00.000Z' });

  it('a warehouse is financed as commercial credit, never SFH; its cash flow pays the prestação plus insurance and fee', () => {
    const r = run({ city: 'Jundiaí', state: 'SP', propertyType: 'galpao', purpose: ['comercial'], usableArea: '2000', targetValue: '9.000.000', monthlyRent: '70.000', deal: { wantsFinancing: true } });
    const f = r.financial!.financing!;
    expect(f.regime).toBe('Crédito comercial');
    expect(f.sfhEligible).toBe(false);
    // Loan = min(0,8 × 9 mi, 0,6 × 9 mi) = 5,4 mi over 120 months at 14 % a.a.
    expect(f.loanAmount.value).toBe(5_400_000);
    expect(f.rateAnnual.value).toBe(0.14);
    expect(f.termMonths.value).toBe(120);
    const m1 = f.sac.rows[0]!;
    const cf1 = r.financial!.leveredCashFlow![1]!;
    // Month 1 outflow of the buyer's levered flow includes the whole debt service (prestação + MIP/DFI + fee).
    expect(cf1.outflow).toBeGreaterThanOrEqual(m1.payment + (m1.insurance ?? 0) + (m1.fee ?? 0) - 0.01);
    expect(f.cet!.SAC.value!).toBeGreaterThan(0.14);
  });

  it('a São Paulo flat of R$ 900 mil is SFH with the Price loan at 70 %', () => {
    const r = run({ city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '900.000', monthlyRent: '3.000', deal: { wantsFinancing: true } });
    const f = r.financial!.financing!;
    expect(f.regime).toBe('SFH');
    expect(f.sfhEligible).toBe(true);
    expect(f.loanBySystem!.SAC.value).toBe(720_000);
    expect(f.loanBySystem!.PRICE.value).toBe(630_000);
    expect(f.price.rows.length).toBe(360);
    expect(f.price.rows[0]!.balance).toBeLessThan(630_000 * 1.002);
  });

  it('no loan is modelled unless the buyer says so; Price when the buyer picks it, at the LTV of Price', () => {
    const cash = run({ city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '900.000', monthlyRent: '3.000', acceptsFinancing: true });
    expect(cash.financial!.financing).toBeNull();
    const price = run({
      city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '900.000', monthlyRent: '3.000',
      deal: { wantsFinancing: true, financingSystem: 'PRICE', financingRate: '11', financingTermMonths: '240' },
    });
    const f = price.financial!.financing!;
    expect(f.rateAnnual.value).toBe(0.11);
    expect(f.termMonths.value).toBe(240);
    // The levered flow pays the Price installment (constant before TR and insurance) on 70 % of the price.
    expect(f.loanAmount.value).toBe(630_000);
    expect(price.financial!.afterTax!.leveredIrr.value).not.toBeCloseTo(price.financial!.irr.value!, 4);
  });
});
