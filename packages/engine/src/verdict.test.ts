import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { analyze } from './analyze.ts';
import { EXAMPLE_PROPERTIES } from './examples.ts';
import { computeMarket, isResidentialType, NO_REFERENCE } from './market.ts';
import { computeProjections } from './projections.ts';
import { defaultNarrative, renderMarkdown } from './report.ts';
import { resolveInputs } from './resolve-inputs.ts';
import { CAPPED_MAX, MIN_COMPLETENESS, SCORE_FORMULA, primaryModel } from './score.ts';

const AT = '2026-11-20T12:00:00.000Z';
const hurdleOf = (r: ReturnType<typeof analyze>) => r.assumptions.find((a) => a.id === 'discountRateAnnual')?.value ?? null;

describe('verdict follows the figures (property-style over a deterministic grid)', () => {
  it('never moderada/alta nor buy/hold when NPV < 0 at the TMA or IRR < TMA; both sides of the rule are reached', () => {
    const seen = { capped: 0, free: 0, good: 0 };
    for (const propertyType of ['apartamento', 'casa', 'sala'] as const) {
      for (const price of ['250.000', '600.000', '1.500.000']) {
        for (const rent of ['1.000', '4.000', '15.000']) {
          for (const discountRateAnnual of [0.06, 0.12, 0.2]) {
            const q: Questionnaire = {
              city: 'São Paulo', state: 'SP', propertyType, totalArea: '100', usableArea: '90', targetValue: price, monthlyRent: rent,
              condition: 'bom', legalStatus: 'regular', neighborhood: 'Centro', address: 'Rua X, 1', mainObjective: 'investimento',
            };
            const r = analyze({ analysisType: 'complete', questionnaire: q, documents: [], generatedAt: AT, overrides: { discountRateAnnual } });
            const hurdle = hurdleOf(r)!;
            const model = primaryModel(r)!;
            const bad = (model.npv !== null && model.npv < 0) || (model.irr !== null && model.irr < hurdle);
            const label = `${propertyType} ${price} ${rent} ${discountRateAnnual}: NPV ${model.npv} IRR ${model.irr} → ${r.score.band} ${r.score.value}`;
            expect(r.score.band, label).not.toBe('insuficiente');
            const action = computeProjections(r).investmentRecommendation.action;
            if (bad) {
              seen.capped++;
              expect(['moderada', 'alta'], label).not.toContain(r.score.band);
              expect(r.score.value, label).toBeLessThanOrEqual(CAPPED_MAX);
              expect(r.score.cap?.band, label).toBe('baixa');
              expect(['buy', 'hold'], label).not.toContain(action);
              expect(defaultNarrative(r).conclusion, label).not.toMatch(/se mostra viável\.|viabilidade moderada/);
            } else {
              seen.free++;
              expect(r.score.cap, label).toBeUndefined();
              if (r.score.band !== 'baixa') seen.good++;
            }
          }
        }
      }
    }
    // the grid reaches both sides (the test can fail both ways)
    expect(seen.capped).toBeGreaterThan(10);
    expect(seen.free).toBeGreaterThan(5);
    expect(seen.good).toBeGreaterThan(0);
  });

  it('a development is judged by its project NPV/IRR, not the acquisition flows', () => {
    const floripa = EXAMPLE_PROPERTIES.find((e) => e.id === 'terreno-florianopolis')!;
    const r = analyze({ analysisType: 'complete', questionnaire: floripa.questionnaire, documents: floripa.documents, generatedAt: AT });
    const model = primaryModel(r)!;
    expect(model.kind).toBe('development');
    expect(model.npv).toBe(r.development!.npv.value);
    const bad = (model.npv ?? 0) < 0 || (model.irr !== null && model.irr < hurdleOf(r)!);
    if (bad) expect(r.score.band).toBe('baixa');
    else expect(r.score.cap).toBeUndefined();
  });
});

describe('too little data → Dados insuficientes, never inviável', () => {
  const cases: [string, Questionnaire][] = [
    ['empty questionnaire', {}],
    ['only a city', { city: 'Campinas', state: 'SP' }],
    ['free text only', { additionalNotes: 'Quero saber se vale a pena comprar um apartamento na praia.' }],
    ['area without price', { city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', monthlyRent: '3.000', condition: 'bom', neighborhood: 'Centro' }],
  ];
  for (const [name, q] of cases) {
    it(name, () => {
      for (const analysisType of ['complete', 'investment', 'quick'] as const) {
        const r = analyze({ analysisType, questionnaire: q, documents: [], generatedAt: AT });
        expect(r.score.band, `${name} ${analysisType}`).toBe('insuficiente');
        expect(r.score.label).toBe('Dados insuficientes');
        expect(r.score.cap!.reasons.length).toBeGreaterThan(0);
        const n = defaultNarrative(r);
        expect(n.conclusion).toMatch(/^Dados insuficientes para concluir/);
        expect(n.conclusion).not.toMatch(/não se mostra viável|inviável/);
        expect(computeProjections(r).investmentRecommendation.action).toBe('wait');
        // The label, never a score beside it.
        expect(renderMarkdown(r, n)).toContain('Pontuação de viabilidade: Dados insuficientes (sem nota');
        expect(renderMarkdown(r, n)).not.toMatch(/\d\/10 \(Dados insuficientes\)/);
      }
    });
  }

  it('the threshold is the documented completeness', () => {
    const r = analyze({ analysisType: 'complete', questionnaire: { city: 'Campinas' }, documents: [], generatedAt: AT });
    expect(r.completeness.percent).toBeLessThan(MIN_COMPLETENESS);
    expect(r.score.cap!.reasons[0]).toBe(`Apenas ${r.completeness.percent}% dos dados relevantes preenchidos (mínimo de ${MIN_COMPLETENESS}% para uma conclusão).`);
  });
});

describe('markets by property type', () => {
  const market = (q: Questionnaire, extra: { overrides?: Record<string, number>; referenceRows?: Parameters<typeof resolveInputs>[0]['referenceRows'] } = {}) =>
    computeMarket(resolveInputs({ analysisType: 'market', questionnaire: q, documents: [], generatedAt: AT, ...extra }), q, '2026-11-20');

  it('residential references only for casa, apartamento, cobertura (and an unstated type)', () => {
    expect(['casa', 'apartamento', 'cobertura', undefined].map(isResidentialType)).toEqual([true, true, true, true]);
    expect(['galpao', 'comercial', 'sala', 'terreno', 'outro'].map(isResidentialType)).toEqual([false, false, false, false, false]);
    const flat = market({ city: 'São Paulo', propertyType: 'apartamento', usableArea: '100', targetValue: '1.131.700' });
    expect(flat.referencePricePerSqm.value).toBe(11317);
    expect(flat.position).toBe('alinhado');
  });

  for (const propertyType of ['galpao', 'comercial', 'sala', 'terreno', 'outro'] as const) {
    it(`${propertyType}: ${NO_REFERENCE}, no position, no valuation`, () => {
      const m = market({ city: 'São Paulo', propertyType, totalArea: '500', usableArea: '500', targetValue: '1.000.000' });
      expect(m.noReference).toBe(NO_REFERENCE);
      expect(m.position).toBe('indeterminado');
      expect(m.referencePricePerSqm.value).toBeNull();
      expect(m.valuation).toBeNull();
      expect(m.notes.some((n) => n.startsWith(`${NO_REFERENCE}:`))).toBe(true);
    });
  }

  it('an overridden reference or an imported row of the type is used', () => {
    const typed = market({ city: 'São Paulo', propertyType: 'sala', usableArea: '50', targetValue: '600.000' }, { overrides: { salePricePerSqm: 10000 } });
    expect(typed.noReference).toBeUndefined();
    expect(typed.deviation.value).toBeCloseTo(0.2, 10); // 12.000 vs 10.000
    const row = { id: 'imp-galpao-jundiai-2026-06', series: 'fipezap-venda', propertyType: 'galpao', city: 'Jundiaí', state: 'SP', label: 'Galpões Jundiaí (R$/m²)', value: 3100, unit: 'BRL/m2' as const, asOf: '2026-06', source: 'Tabela importada (teste)', uncertain: false };
    const imported = market({ city: 'Jundiaí', state: 'SP', propertyType: 'galpao', totalArea: '3.000', targetValue: '9.000.000' }, { referenceRows: [row] });
    expect(imported.referencePricePerSqm).toMatchObject({ value: 3100, source: { kind: 'reference', referenceId: 'imp-galpao-jundiai-2026-06' } });
    expect(imported.position).toBe('alinhado'); // 3.000 vs 3.100: −3,2 %
    // the residential table for another type is not used
    const other = market({ city: 'Jundiaí', state: 'SP', propertyType: 'sala', totalArea: '100', targetValue: '900.000' }, { referenceRows: [row] });
    expect(other.noReference).toBe(NO_REFERENCE);
  });
});

describe('the report documents the score', () => {
  it('has a "Como a nota é calculada" section with the weights, bands and caps', () => {
    const e = EXAMPLE_PROPERTIES[0]!;
    const r = analyze({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT });
    const md = renderMarkdown(r, defaultNarrative(r));
    expect(md).toContain('### Como a nota é calculada');
    for (const line of SCORE_FORMULA) expect(md).toContain(line);
    expect(SCORE_FORMULA.join(' ')).toContain('retorno financeiro 30% ou margem do empreendimento 30%');
    // Pinheiros: NPV < 0 at the TMA → capped, with the reason printed
    expect(r.score.band).toBe('baixa');
    expect(md).toContain('Faixa limitada a "baixa" (nota máxima 4,9): VPL da aquisição negativo à TMA');
  });
});
