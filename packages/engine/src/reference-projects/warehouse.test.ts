import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { analyze } from '../analyze.ts';
import { defaultNarrative } from '../report.ts';
import { CAPPED_MAX } from '../score.ts';
import { explainValuation } from '../valuation-explained.ts';

/**
 * Reference project: a warehouse (galpão) of 3.000 m² in Jundiaí/SP asked R$ 9.000.000.
 * Before issue 17 it was compared with the national residential FipeZAP (R$ 9.306/m²): '68 % below
 * market', price score 10/10, valued R$ 27,9 mi; with a typed rent of R$ 60.000 it scored 5,4
 * 'moderada' with NPV −R$ 2,58 mi. What this file owns: the market by type, the comparables, and
 * the verdict following NPV/IRR. (Financing terms for a non-residential property: helper "financing".)
 */
const AT = '2026-11-20T12:00:00.000Z';
const WAREHOUSE: Questionnaire = {
  address: 'Rodovia Anhanguera, km 58, galpão 3',
  city: 'Jundiaí',
  state: 'SP',
  propertyType: 'galpao',
  purpose: ['investimento', 'comercial'],
  totalArea: '3.000',
  builtArea: '3.000',
  targetValue: '9.000.000',
  condition: 'bom',
  legalStatus: 'regular',
  availableDocuments: ['matricula', 'iptu'],
  mainObjective: 'investimento',
};

/**
 * Four sale comparables (R$/m²): 7.000.000 ÷ 2.500 = 2.800; 9.600.000 ÷ 3.200 = 3.000;
 * 10.400.000 ÷ 4.000 = 2.600; 6.400.000 ÷ 2.000 = 3.200.
 * Sorted 2.600, 2.800, 3.000, 3.200 → n 4, min 2.600, max 3.200, mean 11.600 ÷ 4 = 2.900,
 * median (position 1,5) = (2.800 + 3.000) ÷ 2 = 2.900, q1 (position 0,75) = 2.600 + 0,75 × 200 = 2.750,
 * q3 (position 2,25) = 3.000 + 0,25 × 200 = 3.050, IQR = 300.
 * Valuation: 2.900 × 3.000 m² = R$ 8.700.000 (low 2.750 × 3.000 = 8.250.000; high 3.050 × 3.000 = 9.150.000).
 * Asked 9.000.000 ÷ 3.000 = 3.000/m²: deviation (3.000 − 2.900) ÷ 2.900 = +3,45 % → 'alinhado' (within ±10 %).
 * The fourth is dated 09/2025, 14 months before the analysis: kept, flagged (no index for the type).
 */
const COMPARABLES: NonNullable<Questionnaire['comparables']> = [
  { address: 'Av. Antônio Frederico Ozanam, 1000', area: '2.500', price: '7.000.000', date: '2026-09-15', kind: 'venda', source: 'Anúncio (portal), set/2026' },
  { address: 'Rua do Retiro, 200', area: '3.200', price: '9.600.000', date: '2026-08', kind: 'venda', source: 'Corretor local' },
  { address: 'Distrito Industrial, lote 12', area: '4.000', price: '10.400.000', date: '2026-10-01', kind: 'venda' },
  { address: 'Estrada Municipal, 45', area: '2.000', price: '6.400.000', date: '2025-09-10', kind: 'venda', source: 'Escritura (ITBI)' },
];

const run = (q: Questionnaire, overrides = {}) => analyze({ analysisType: 'complete', questionnaire: q, documents: [], generatedAt: AT, overrides });

describe('reference project: warehouse in Jundiaí', () => {
  it('is not compared with residential prices nor valued by them: sem referência de mercado para este tipo', () => {
    const r = run(WAREHOUSE);
    const m = r.market!;
    expect(m.noReference).toBe('Sem referência de mercado para este tipo');
    expect(m.position).toBe('indeterminado');
    expect(m.referencePricePerSqm.value).toBeNull();
    expect(m.deviation.value).toBeNull();
    expect(m.valuation).toBeNull();
    expect(m.askedPricePerSqm.value).toBe(3000);
    expect(m.notes.join(' ')).not.toMatch(/FipeZAP de|média nacional/);
    // no price score: the market component is left out
    expect(r.score.components.map((c) => c.id)).not.toContain('market');
    // no residential rent either: the rent is missing, not estimated
    expect(r.financial!.rentFromReference).toBe(false);
    expect(r.financial!.monthlyRent.value).toBeNull();
    // and no warning pretends the national residential averages were used
    expect(r.warnings.join(' ')).not.toMatch(/Sem índice FipeZAP/);
    expect(r.warnings).toContain('Aluguel não informado: não há aluguel de referência para este tipo de imóvel (os índices são residenciais); informe o aluguel ou comparáveis de aluguel.');
    // without a rent the return cannot be judged: 'Dados insuficientes', never 'inviável'
    expect(r.score.band).toBe('insuficiente');
    expect(r.score.label).toBe('Dados insuficientes');
    const n = defaultNarrative(r);
    expect(n.conclusion).toMatch(/^Dados insuficientes para concluir/);
    expect(n.conclusion).not.toMatch(/não se mostra viável|inviável/);
  });

  it('with 4 comparables: median R$ 2.900/m², quartiles 2.750–3.050, valued R$ 8,7 mi, aligned', () => {
    const m = run({ ...WAREHOUSE, comparables: COMPARABLES }).market!;
    const s = m.comparables!.sale!;
    expect(s).toMatchObject({ n: 4, median: 2900, mean: 2900, min: 2600, max: 3200, q1: 2750, q3: 3050, iqr: 300 });
    expect(m.comparables!.rent).toBeNull();
    expect(m.noReference).toBeUndefined();
    expect(m.referencePricePerSqm).toMatchObject({ value: 2900, source: { kind: 'computed', formula: 'Mediana do R$/m² de 4 comparáveis informados' } });
    expect(m.valuation!.mid.value).toBe(8700000);
    expect(m.valuation!.low.value).toBe(8250000);
    expect(m.valuation!.high.value).toBe(9150000);
    expect(m.deviation.value).toBeCloseTo(100 / 2900, 10);
    expect(m.position).toBe('alinhado');
    // each comparable listed with its source and date; the 14-month-old one flagged, not corrected
    expect(s.items.map((c) => [c.source, c.date])).toEqual([
      ['Anúncio (portal), set/2026', '2026-09-15'],
      ['Corretor local', '2026-08'],
      [null, '2026-10-01'],
      ['Escritura (ITBI)', '2025-09-10'],
    ]);
    expect(s.items.filter((c) => c.flag).map((c) => c.address)).toEqual(['Estrada Municipal, 45']);
    expect(s.items[3]!.pricePerSqm).toBe(3200);
    // the explained valuation uses the quartiles, not ±15 % nor a condition adjustment
    const e = explainValuation(run({ ...WAREHOUSE, comparables: COMPARABLES }));
    expect(e.adjustments).toEqual([]);
    expect(e.steps[4]).toBe('Faixa: 1º e 3º quartis (R$ 2.750,00 e R$ 3.050,00/m²) × 3.000 m² = R$ 8.250.000,00 a R$ 9.150.000,00.');
  });

  it('with a typed rent of R$ 60.000/month (8 % gross) the verdict follows NPV and IRR at the TMA', () => {
    const r = run({ ...WAREHOUSE, comparables: COMPARABLES, monthlyRent: '60.000' });
    const f = r.financial!;
    const hurdle = r.assumptions.find((a) => a.id === 'discountRateAnnual')!.value;
    expect(f.monthlyRent.value).toBe(60000);
    expect(f.grossYield.value).toBeCloseTo((60000 * 12) / 9000000, 10); // 8 %
    // 8 % gross against the rental hurdle after tax (Tesouro IPCA+ after IR + 3 p.p. ≈ 13,7 %): the NPV is negative and the IRR below it
    expect(hurdle).toBeGreaterThan(0.13);
    expect(r.hurdle).toMatchObject({ kind: 'rental', basis: 'after-tax' });
    expect(f.npv.value!).toBeLessThan(0);
    expect(f.irr.value!).toBeLessThan(hurdle);
    expect(r.score.band).toBe('baixa');
    expect(r.score.value).toBeLessThanOrEqual(CAPPED_MAX);
    expect(r.score.cap!.reasons[0]).toMatch(/^VPL da aquisição negativo à TMA de \d+,\d %/);
    expect(r.score.cap!.reasons[1]).toMatch(/^TIR da aquisição de .* abaixo da TMA/);
    expect(defaultNarrative(r).conclusion).toMatch(/^Com os dados e premissas atuais, o negócio não se mostra viável: VPL da aquisição negativo/);
  });

  it('bought at R$ 3 mi with the same rent (24 % gross) the NPV is positive and the band is not capped', () => {
    const r = run({ ...WAREHOUSE, targetValue: '3.000.000', comparables: COMPARABLES, monthlyRent: '60.000' });
    const hurdle = r.assumptions.find((a) => a.id === 'discountRateAnnual')!.value;
    expect(r.financial!.npv.value!).toBeGreaterThan(0);
    expect(r.financial!.irr.value!).toBeGreaterThan(hurdle);
    expect(r.score.cap).toBeUndefined();
    expect(r.score.band).not.toBe('insuficiente');
    // price 1.000/m² against the comparables' median 2.900: well below → a price score above 7
    expect(r.market!.position).toBe('abaixo');
    expect(r.score.components.find((c) => c.id === 'market')!.value).toBe(10);
  });

  it('rent comparables give the rent: median R$/m² × area', () => {
    // 30.000 ÷ 1.500 = 20; 50.000 ÷ 2.000 = 25; 55.000 ÷ 2.500 = 22 R$/m² → median R$ 22/m² × 3.000 m² = R$ 66.000
    const rents: NonNullable<Questionnaire['comparables']> = [
      { address: 'Galpão X', area: '1.500', price: '30.000', date: '2026-10', kind: 'aluguel' },
      { address: 'Galpão Y', area: '2.000', price: '50.000', date: '2026-10', kind: 'aluguel' },
      { address: 'Galpão Z', area: '2.500', price: '55.000', date: '2026-10', kind: 'aluguel' },
    ];
    const r = run({ ...WAREHOUSE, comparables: [...COMPARABLES, ...rents] });
    expect(r.market!.comparables!.rent).toMatchObject({ n: 3, median: 22, min: 20, max: 25 });
    expect(r.financial!.monthlyRent.value).toBe(66000);
    expect(r.financial!.monthlyRent.source).toMatchObject({ kind: 'computed', formula: 'Mediana do aluguel/m² de 3 comparáveis informados × área construída' });
  });
});
