import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { analyze } from './analyze.ts';
import { afterTaxAtRedemption, COMPANY_FINANCIAL_TAX, DEFAULT_PREMIUM } from './hurdle.ts';
import { fixedIncomeTaxRate } from './tax.ts';

/*
 * The hurdle by purpose, checked against plain formulas: Tesouro IPCA+ 2035 at 7,28 % real
 * (26/11/2025) and the IPCA 2025 (4,26 %) the flows use.
 */
const AT = '2026-11-25T12:00:00.000Z';
const NOMINAL = 1.0728 * 1.0426 - 1;
const afterIr = (months: number, t: number) => {
  const T = months / 12;
  const g = (1 + NOMINAL) ** T;
  return (g - t * (g - 1)) ** (1 / T) - 1;
};
const run = (q: Questionnaire, overrides: Record<string, number> = {}) =>
  analyze({ analysisType: 'complete', questionnaire: { city: 'Recife', state: 'PE', propertyType: 'apartamento', usableArea: '70', targetValue: '400.000', ...q }, documents: [], overrides, generatedAt: AT });

describe('hurdle by purpose, on the same tax basis as the return', () => {
  it('fixed-income IR by days held (Lei 11.033/2004) and the deferral of a tax paid at redemption', () => {
    expect([180, 181, 360, 361, 720, 721].map(fixedIncomeTaxRate)).toEqual([0.225, 0.2, 0.2, 0.175, 0.175, 0.15]);
    // One year at 10 %, 20 % tax at the end: 1 + 0,1 × 0,8 = 1,08.
    expect(afterTaxAtRedemption(0.1, 12, 0.2)).toBeCloseTo(0.08, 12);
    // Longer holdings defer the tax: the yearly after-tax rate rises above n × (1 − t).
    expect(afterTaxAtRedemption(0.1, 120, 0.15)).toBeGreaterThan(0.085);
  });

  it('rental, individual: the bond after 15 % IR over the 10-year horizon + 3 p.p.; after tax, like the IRR', () => {
    const r = run({ monthlyRent: '2.500' });
    expect(r.hurdle).toMatchObject({ kind: 'rental', basis: 'after-tax', origin: 'reference', referenceId: 'tesouro-ipca-2035-2025-11' });
    expect(r.hurdle!.value).toBeCloseTo(afterIr(120, 0.15) + DEFAULT_PREMIUM.rental, 6);
    expect(r.assumptions.find((a) => a.id === 'discountRateAnnual')!.value).toBe(r.hurdle!.value);
    expect(r.hurdle!.reason).toMatch(/^TMA de locação, após impostos: 13,\d+ % a\.a\. = Tesouro IPCA\+ 2035 \(IPCA \+ 7,28 % em 26\/11\/2025\)/);
    // A shorter horizon pays more IR on the bond: 3 years → 15 % still (> 720 days); 1 year → 17,5 %.
    const oneYear = run({ monthlyRent: '2.500' }, { holdingYears: 1 });
    expect(oneYear.hurdle!.value).toBeCloseTo(afterIr(12, 0.175) + 0.03, 6);
  });

  it('rental, company in the lucro presumido: the bond after IRPJ + CSLL (34 %) as it accrues', () => {
    const r = run({ monthlyRent: '2.500', deal: { ownerType: 'pj' } });
    expect(r.hurdle!.value).toBeCloseTo(NOMINAL * (1 - COMPANY_FINANCIAL_TAX) + 0.03, 6);
    expect(r.financial!.afterTax!.ownerType).toBe('pj');
  });

  it('no tax modelled (owner 2): the bond before tax', () => {
    const r = run({ monthlyRent: '2.500' }, { ownerType: 2 });
    expect(r.hurdle!.value).toBeCloseTo(NOMINAL + 0.03, 6);
  });

  it('development: the bond before tax + 6 p.p. (≈ 18 %), against the project IRR before the investor\'s IR', () => {
    const r = run({ propertyType: 'terreno', totalArea: '1.000', builtArea: '2.400', targetValue: '1.500.000', mainObjective: 'desenvolvimento' });
    expect(r.hurdle).toMatchObject({ kind: 'development', basis: 'pre-tax' });
    expect(r.hurdle!.value).toBeCloseTo(NOMINAL + 0.06, 6);
    expect(r.hurdle!.value).toBeGreaterThan(0.175);
    expect(r.hurdle!.value).toBeLessThan(0.185);
    expect(r.hurdle!.reason).toContain('antes do IR');
  });

  it('flip: the bond after the IR of its months (9 months → 20 %) + the rental premium', () => {
    const r = run({ monthlyRent: '0', deal: { strategy: 'revenda', renovationBudget: '40.000', worksMonths: '3', sellMonths: '6', targetSalePrice: '520.000' } });
    expect(r.hurdle).toMatchObject({ kind: 'flip', basis: 'after-tax' });
    expect(r.hurdle!.value).toBeCloseTo(afterIr(9, 0.2) + 0.03, 6);
  });

  it('the person sets it: typed in the questionnaire, or the premium or the rate overridden', () => {
    const typed = run({ monthlyRent: '2.500', deal: { hurdleRate: '12' } });
    expect(typed.hurdle).toMatchObject({ origin: 'questionnaire', value: 0.12 });
    expect(typed.assumptions.find((a) => a.id === 'discountRateAnnual')!.value).toBe(0.12);
    const premium = run({ monthlyRent: '2.500' }, { riskPremium: 0.05 });
    expect(premium.hurdle!.value).toBeCloseTo(afterIr(120, 0.15) + 0.05, 6);
    const rate = run({ monthlyRent: '2.500' }, { discountRateAnnual: 0.2 });
    expect(rate.hurdle).toMatchObject({ origin: 'override', value: 0.2 });
    expect(rate.financial!.afterTax!.hurdleRate.value).toBe(0.2);
  });

  it('the report says which hurdle and why', () => {
    const r = run({ monthlyRent: '2.500' });
    expect(r.financial!.afterTax!.hurdleRate.note).toBe(r.hurdle!.reason);
  });
});
