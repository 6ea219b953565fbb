import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { analyze } from './analyze.ts';
import { annualToMonthly, irr, monthlyToAnnual, npv } from './finance.ts';

/*
 * Renovate and resell, checked against a spreadsheet-like loop: a 70 m² flat in Recife bought for
 * R$ 400.000, R$ 40.000 of works over 3 months, sold 6 months later. Condomínio R$ 600 and IPTU
 * R$ 1.800 a year, paid in full while empty, plus R$ 150 of utilities: R$ 900 a month for 9 months.
 * Selling costs 6 %; the individual's gain = sale − selling costs − acquisition − works, × FR2
 * (1/1,0035^9), at 15 %.
 */
const AT = '2026-11-25T12:00:00.000Z';
const BASE: Questionnaire = {
  city: 'Recife',
  state: 'PE',
  propertyType: 'apartamento',
  usableArea: '70',
  targetValue: '400.000',
  condominiumFee: '600',
  annualTax: '1.800',
  monthlyRent: '0',
  condition: 'reformar',
};
const flip = (sale: string, extra: Partial<NonNullable<Questionnaire['deal']>> = {}) =>
  analyze({
    analysisType: 'complete',
    questionnaire: { ...BASE, deal: { strategy: 'revenda', renovationBudget: '40.000', worksMonths: '3', sellMonths: '6', targetSalePrice: sale, utilitiesMonthly: '150', ...extra } },
    documents: [],
    generatedAt: AT,
  });

function handFlows(acquisition: number, sale: number): { flows: number[]; tax: number } {
  const carry = 600 + 1800 / 12 + 150;
  const flows = [-acquisition];
  for (let m = 1; m <= 9; m++) flows.push(-carry - (m <= 3 ? 40000 / 3 : 0));
  const selling = sale * 0.06;
  const gain = sale - selling - acquisition - 40000;
  const tax = sale <= 440000 ? 0 : Math.max(0, gain) * (1 / 1.0035 ** 9) * 0.15;
  flows[9]! += sale - selling - tax;
  return { flows, tax };
}

describe('flip: renovate and resell', () => {
  it('a flip that pays: flows, tax, IRR and NPV match the hand computation; the verdict is alta', () => {
    const r = flip('560.000');
    const f = r.financial!;
    expect(f.strategy).toBe('revenda');
    expect(f.monthlyRent.value).toBe(0);
    expect(f.rentFromReference).toBe(false);
    const acquisition = f.acquisitionTotal.value!;
    expect(acquisition).toBeCloseTo(400000 + f.itbi.value! + f.notary.value!, 2);
    const { flows, tax } = handFlows(acquisition, 560000);
    expect(f.capitalGainsTax.value!).toBeCloseTo(tax, 2);
    expect(f.flip!.carryingCosts.value!).toBeCloseTo(9 * 900, 6);
    expect(f.flip!.sellingCosts.value!).toBeCloseTo(33600, 6);
    expect(f.cashFlow).toHaveLength(10);
    expect(f.irr.value!).toBeCloseTo(monthlyToAnnual(irr(flows)!), 4);
    expect(f.npv.value!).toBeCloseTo(npv(annualToMonthly(r.hurdle!.value), flows), 0);
    const profit = flows.reduce((a, b) => a + b, 0);
    expect(f.flip!.profit.value!).toBeCloseTo(profit, 1);
    expect(f.npv.value!).toBeGreaterThan(0);
    expect(r.hurdle!.kind).toBe('flip');
    expect(r.score.band).toBe('alta');
    expect(r.stress).toBeUndefined();
  });

  it('a flip that does not pay: sale barely above cost → NPV < 0, band baixa with the reason', () => {
    const r = flip('470.000');
    expect(r.financial!.npv.value!).toBeLessThan(0);
    expect(r.score.band).toBe('baixa');
    expect(r.score.cap!.reasons.join(' ')).toMatch(/da revenda/);
  });

  it('rent 0 is never replaced by a reference rent; without a target price the market value is used and flagged', () => {
    const r = analyze({ analysisType: 'complete', questionnaire: { ...BASE, deal: { strategy: 'revenda', renovationPerSqm: '500' } }, documents: [], generatedAt: AT });
    const f = r.financial!;
    expect(f.flip!.renovation.value).toBe(35000); // R$ 500/m² × 70 m²
    expect(f.flip!.worksMonths).toBe(3); // default, stated
    expect(f.flip!.sellMonths).toBe(6);
    expect(f.flip!.salePrice.note).toMatch(/valor de mercado/);
    // Renovated: the reference R$/m² (national average for Recife) × 70 m², no 'reformar' discount, 9 months of IPCA.
    const perSqm = r.assumptions.find((a) => a.id === 'salePricePerSqm')!.value;
    expect(f.flip!.salePrice.value!).toBeCloseTo(perSqm * 70 * 1.0426 ** (9 / 12), 2);
    expect(r.warnings.some((w) => w.startsWith('Meses para vender não informados'))).toBe(true);
  });

  it('a flip is recognised from its inputs when no strategy is chosen; a PF seller with other properties loses the R$ 440 mil exemption', () => {
    const small = (other: boolean) =>
      analyze({
        analysisType: 'financial',
        questionnaire: { ...BASE, targetValue: '300.000', deal: { renovationBudget: '20.000', targetSalePrice: '420.000', otherProperties: other } },
        documents: [],
        generatedAt: AT,
      }).financial!;
    expect(small(false).strategy).toBe('revenda');
    expect(small(false).capitalGainsTax.value).toBe(0);
    expect(small(true).capitalGainsTax.value!).toBeGreaterThan(0);
  });

  it('objective "venda" with a rent of 0 and no deal block is a resale at the market value, not a rental with a reference rent', () => {
    const r = analyze({ analysisType: 'complete', questionnaire: { ...BASE, mainObjective: 'venda' }, documents: [], generatedAt: AT });
    expect(r.financial!.strategy).toBe('revenda');
    expect(r.financial!.rentFromReference).toBe(false);
    expect(r.hurdle!.kind).toBe('flip');
    expect(r.financial!.flip!.salePrice.note).toMatch(/valor de mercado/);
  });
});
