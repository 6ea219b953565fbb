import { ASSUMPTION_IDS } from '@viabiliza/contracts/analysis';
import { describe, expect, it } from 'vitest';
import { ASSUMPTION_META, defaultAssumption, resolveAssumptions, resolveAssumptionsWithReferences } from './assumptions.ts';

const refId = (s: { kind: string } & Record<string, unknown>) => (s.kind === 'reference' ? s.referenceId : null);

describe('resolveAssumptions', () => {
  it('resolves every assumption with a label, unit and source', () => {
    const a = resolveAssumptions('São Paulo', 'SP');
    expect(Object.keys(a).sort()).toEqual([...ASSUMPTION_IDS].sort());
    for (const id of ASSUMPTION_IDS) {
      expect(a[id].label).toBe(ASSUMPTION_META[id].label);
      expect(a[id].overridden).toBe(false);
      expect(a[id].value).toBe(a[id].defaultValue);
      expect(Number.isFinite(a[id].value)).toBe(true);
    }
  });

  it('uses São Paulo rows for São Paulo', () => {
    const a = resolveAssumptions('sao paulo', 'sp', {}, '2026-02-01');
    expect(a.itbiRate.value).toBe(0.03);
    expect(refId(a.itbiRate.source)).toBe('itbi-sao-paulo');
    expect(a.rentPerSqm.value).toBe(62.99); // FipeZAP 08/2025 61,69 × 1,0426^(6/12) (IPCA 2025, 6 months to 02/2026)
    expect(JSON.stringify(a.rentPerSqm.source)).toContain('corrigido pelo IPCA de 08/2025 a 02/2026');
    expect(a.salePricePerSqm.value).toBe(11317);
    expect(a.constructionCostPerSqm.value).toBe(2032);
    expect(refId(a.constructionCostPerSqm.source)).toBe('cub-sp-r8n-2024-10');
    // Rental hurdle after tax: Tesouro IPCA+ 2035 at 7,28 % real × IPCA 2025 4,26 % → 11,85 % nominal;
    // an individual holding it 120 months pays 15 % on the gain at redemption; + 3 p.p. of premium.
    const nominal = 1.0728 * 1.0426 - 1;
    const gross = (1 + nominal) ** 10;
    const afterTax = (gross - 0.15 * (gross - 1)) ** (1 / 10) - 1;
    expect(a.discountRateAnnual.value).toBeCloseTo(afterTax + 0.03, 6);
    expect(a.discountRateAnnual.value).toBeGreaterThan(0.13);
    expect(a.discountRateAnnual.value).toBeLessThan(0.145);
    expect(refId(a.discountRateAnnual.source)).toBe('tesouro-ipca-2035-2025-11');
    expect(a.appreciationAnnual.value).toBe(0.0426);
    expect(a.retRate.value).toBe(0.04);
    expect(a.financingRateAnnual.value).toBe(0.12);
    expect(a.downPaymentRate.value).toBeCloseTo(0.2, 10);
  });

  it('uses Jundiaí ITBI 2,5% and averages elsewhere', () => {
    const j = resolveAssumptions('Jundiaí', 'SP');
    expect(j.itbiRate.value).toBe(0.025);
    expect(j.rentPerSqm.value).toBe(49.77);
    expect(j.salePricePerSqm.value).toBe(9306);
  });

  it("uses Florianópolis' own ITBI row (2 %, LC 600/2017), not the typical 3 %; the typical ITBI outside the table", () => {
    const a = resolveAssumptions('Florianópolis', 'SC');
    expect(a.itbiRate.value).toBe(0.02);
    expect(a.itbiRate.source).toMatchObject({ kind: 'reference', referenceId: 'itbi-florianopolis-2025-01', uncertain: false });
    const x = resolveAssumptions('Xique-Xique', 'BA');
    expect(x.itbiRate.value).toBe(0.03);
    expect(x.itbiRate.source).toMatchObject({ kind: 'reference', referenceId: 'itbi-tipico', uncertain: true });
    expect(a.notaryRate.source).toMatchObject({ kind: 'reference', referenceId: 'cartorio-tipico', uncertain: true });
    expect(a.salePricePerSqm.value).toBe(11704);
    expect(a.constructionCostPerSqm.value).toBe(2864);
  });

  it('takes construction cost from CUB, else the state SINAPI, else SINAPI Brasil', () => {
    expect(defaultAssumption('constructionCostPerSqm', null, 'RS').value).toBe(2582);
    expect(defaultAssumption('constructionCostPerSqm', null, 'BA').value).toBe(1810.25);
    expect(defaultAssumption('constructionCostPerSqm', null, null, '2024-06-01').value).toBe(1736.37);
  });

  it('marks overrides and keeps the default beside them', () => {
    const a = resolveAssumptions('São Paulo', 'SP', { itbiRate: 0.02, holdingYears: 5 });
    expect(a.itbiRate).toMatchObject({ value: 0.02, defaultValue: 0.03, overridden: true });
    expect(a.itbiRate.source).toEqual({ kind: 'assumption', assumptionId: 'itbiRate', label: 'Alíquota de ITBI', overridden: true });
    expect(a.holdingYears).toMatchObject({ value: 5, defaultValue: 10, overridden: true });
    expect(a.vacancyRate.overridden).toBe(false);
    expect(a.vacancyRate.source).toEqual({ kind: 'assumption', assumptionId: 'vacancyRate', label: 'Vacância', overridden: false });
  });

  it('lists the reference rows behind the defaults kept, with their dates', () => {
    const { references } = resolveAssumptionsWithReferences('São Paulo', 'SP', { salePricePerSqm: 10000 });
    const ids = references.map((r) => r.id);
    // The newest São Paulo ITBI row (the city table's, with the SFH-financed part).
    expect(ids).toContain('itbi-sao-paulo-2026-11-25');
    expect(ids).toContain('cub-sp-r8n-2024-10');
    expect(ids).not.toContain('fipezap-venda-sao-paulo-2024-11');
    for (const r of references) expect(r.asOf).toMatch(/^\d{4}/);
  });
});
