import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { analyze } from './analyze.ts';
import { reductionFactors } from './tax.ts';

/* The owner's tax profile and the exit from the market valuation, through the whole analysis. */
const AT = '2026-11-25T12:00:00.000Z';
const FLAT: Questionnaire = {
  city: 'Belo Horizonte',
  state: 'MG',
  propertyType: 'apartamento',
  usableArea: '80',
  targetValue: '600.000',
  monthlyRent: '4.500',
  condominiumFee: '500',
};
const run = (q: Partial<Questionnaire>, overrides: Record<string, number> = {}) =>
  analyze({ analysisType: 'financial', questionnaire: { ...FLAT, ...q }, documents: [], overrides, generatedAt: AT }).financial!;

describe("owner's tax profile", () => {
  it('other rent makes this rent pay tax (brackets on the total) and lowers the IRR', () => {
    const alone = run({});
    const withOther = run({ deal: { otherRentalIncome: '8.000' } });
    expect(alone.afterTax!.rentTaxYear1.value).toBe(0); // 4.140 received a month: under R$ 5.000
    expect(withOther.afterTax!.rentTaxYear1.value!).toBeGreaterThan(12 * 4140 * 0.2);
    expect(withOther.irr.value!).toBeLessThan(alone.irr.value!);
  });

  it('a company owner: lucro presumido on the rent', () => {
    const pj = run({ deal: { ownerType: 'pj' } });
    expect(pj.afterTax!.ownerType).toBe('pj');
    // ≈ 11,33 % of the rent received (PIS/Cofins 3,65 % + 32 % × 24 %).
    expect(pj.afterTax!.rentTaxYear1.value! / pj.afterTax!.grossRentYear1.value!).toBeCloseTo(0.0365 + 0.32 * 0.24, 6);
  });

  it('an owned property bought in 2003: capital gains on the declared cost with FR1 × FR2', () => {
    const f = run({ deal: { acquisitionDate: '2003-04', acquisitionCost: '150.000' } });
    const t = f.afterTax!;
    const factors = reductionFactors(2003 * 12 + 3, 2026 * 12 + 10 + 120);
    expect(t.reductionFactor.value).toBeCloseTo(factors.combined, 10);
    expect(t.reductionFactor.label).toBe('Fatores de redução (FR1 × FR2)');
    const gain = f.exitValue.value! - t.exitCosts.value! - 150000;
    expect(f.capitalGainsTax.value).toBeCloseTo(gain * factors.combined * 0.15, 0);
  });

  it('the exit starts from the comparables when the purchase is below them', () => {
    const comparables = [
      { address: 'Rua A, 10', area: '80', price: '800.000', date: '2026-10', kind: 'venda' as const },
      { address: 'Rua B, 20', area: '75', price: '740.000', date: '2026-09', kind: 'venda' as const },
      { address: 'Rua C, 30', area: '90', price: '880.000', date: '2026-11', kind: 'venda' as const },
    ];
    const base = run({});
    const withComps = run({ comparables });
    // Median R$/m²: 10.000, 9.866,67, 9.777,78 → 9.866,67 × 80 m² = 789.333,33, appreciated 10 years by the IPCA.
    const mid = (740000 / 75) * 80;
    expect(withComps.exitValue.value!).toBeCloseTo(mid * (base.exitValue.value! / 600000), 0);
    expect(withComps.exitValue.source).toMatchObject({ kind: 'computed' });
    expect(withComps.irr.value!).toBeGreaterThan(base.irr.value!);
  });
});
