import { describe, expect, it } from 'vitest';
import type { FigureSource } from '@viabiliza/contracts/analysis-result';
import { analyze } from './analyze.ts';
import { findExample } from './examples.ts';
import { evidenceConfidence, insightCards, linksOf } from './insight-cards.ts';
import { extractKeywords } from './keywords.ts';
import { assessRisk, computeProjections, nominalRate, projectValue, recommend } from './projections.ts';
import {
  computeSentiment,
  countLexicon,
  irrPotentialScore,
  lexiconPoints,
  marginPotentialScore,
  priceScore,
  sentimentOf,
  yieldPotentialScore,
} from './sentiment.ts';
import { buildSuggestions } from './suggestions.ts';
import { explainValuation } from './valuation-explained.ts';

const AT = '2026-02-10T12:00:00.000Z';

function pinheiros() {
  const e = findExample('apartamento-pinheiros')!;
  return { e, r: analyze({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title }) };
}

const LAUDO = {
  id: 'doc-laudo',
  fileName: 'laudo.txt',
  pages: [
    { number: 1, text: 'Imóvel bem localizado, próximo ao metrô. Livre de penhora e de qualquer ônus.' },
    { number: 2, text: 'Vistoria: infiltração no banheiro, rachadura na parede da sala e outra infiltração na cozinha.' },
  ],
};

describe('sentiment: aspect formulas on known numbers', () => {
  it('price: 55 at the reference, +10 per 5% below, −10 per 5% above, clamped to 0–100', () => {
    expect(priceScore(0)).toBe(55);
    expect(priceScore(-0.1)).toBe(75);
    expect(priceScore(0.2)).toBe(15);
    expect(priceScore(-1)).toBe(100);
    expect(priceScore(0.5)).toBe(0);
  });

  it('potential: IRR vs Selic, yield vs reference, margin vs target', () => {
    expect(irrPotentialScore(0.17, 0.15)).toBe(58);
    expect(irrPotentialScore(0.0178, 0.15)).toBe(0);
    expect(yieldPotentialScore(0.066, 0.06)).toBe(60);
    expect(marginPotentialScore(0.2, 0.15)).toBe(65);
  });

  it('labels: 60 and above positive, below 40 negative', () => {
    expect(sentimentOf(60)).toBe('positive');
    expect(sentimentOf(59)).toBe('neutral');
    expect(sentimentOf(40)).toBe('neutral');
    expect(sentimentOf(39)).toBe('negative');
  });

  it('counts lexicon terms per page, skips negated liens, and caps the points at ±20', () => {
    const hits = countLexicon([LAUDO]);
    const byTerm = Object.fromEntries(hits.map((h) => [h.term, h]));
    expect(byTerm['infiltracao']).toMatchObject({ polarity: 'negative', aspect: 'condition', count: 2, page: 2, fileName: 'laudo.txt' });
    expect(byTerm['rachadura']).toMatchObject({ count: 1, page: 2 });
    expect(byTerm['bem localizado']).toMatchObject({ polarity: 'positive', aspect: 'location', page: 1 });
    expect(byTerm['proximo ao metro']).toMatchObject({ polarity: 'positive', aspect: 'location' });
    // 'Livre de penhora' says there is none.
    expect(byTerm['penhora']).toBeUndefined();
    expect(lexiconPoints(hits, 'condition')).toBe(-15);
    expect(lexiconPoints(hits, 'location')).toBe(10);
    expect(lexiconPoints([{ polarity: 'negative', aspect: 'price', count: 9 }], 'price')).toBe(-20);
  });

  it('Pinheiros example: location 60, price 51, condition 75, potential from the property\'s IRR vs the Selic', () => {
    const { e, r } = pinheiros();
    const s = computeSentiment(r, e.documents);
    expect(s.aspects.location).toMatchObject({ score: 60, sentiment: 'positive' });
    expect(s.aspects.price).toMatchObject({ score: 51, sentiment: 'neutral' });
    expect(s.aspects.condition).toMatchObject({ score: 75, sentiment: 'positive' });
    // 50 + 400 × (unlevered after-tax IRR − Selic 15 %), clamped to 0–100.
    const potential = Math.round(Math.min(100, Math.max(0, 50 + 400 * (r.financial!.irr.value! - 0.15))));
    expect(potential).toBeGreaterThan(0);
    expect(s.aspects.potential).toMatchObject({ score: potential, sentiment: potential < 40 ? 'negative' : potential >= 60 ? 'positive' : 'neutral' });
    const overall = s.score;
    expect(s.overall).toBe(overall >= 60 ? 'positive' : overall < 40 ? 'negative' : 'neutral');
    expect(s.documentsRead).toBe(2);
    expect(s.summary).toContain(`potencial negativo (${potential})`);
    expect(s.keywords.map((k) => k.term)).toContain('hipoteca');
    // Same input, same output.
    expect(computeSentiment(r, e.documents)).toEqual(s);
  });

  it('the laudo\'s terms move condition and location', () => {
    const { e, r } = pinheiros();
    const s = computeSentiment(r, [...e.documents, LAUDO]);
    expect(s.aspects.condition.score).toBe(60); // 75 − 15
    expect(s.aspects.location.score).toBe(70); // 60 + 10
    expect(s.lexicon.find((h) => h.term === 'infiltracao')).toMatchObject({ documentId: 'doc-laudo', page: 2 });
  });

  it('without documents location is not assessed and the keywords are empty', () => {
    const { r } = pinheiros();
    const s = computeSentiment(r, []);
    expect(s.aspects.location.score).toBeNull();
    expect(s.keywords).toEqual([]);
    expect(s.summary).toContain('Sem dados para avaliar: localização.');
  });
});

describe('keywords: tf-idf against the background list', () => {
  it('ranks distinctive terms first and drops stopwords and registry boilerplate', () => {
    const k = extractKeywords([{ id: 'd', fileName: 'd.txt', pages: [{ number: 1, text: 'Piscina aquecida e piscina infantil na matrícula do imóvel.' }] }]);
    expect(k[0]).toEqual({ term: 'piscina', count: 2, weight: 4.796 });
    expect(k.map((x) => x.term)).toEqual(['piscina', 'aquecida', 'infantil']);
  });
});

describe('insights: confidence and impact', () => {
  const doc: FigureSource = { kind: 'document', documentId: 'd1', fileName: 'm.pdf', page: 2, label: 'Matrícula' };
  const calc: FigureSource = { kind: 'computed', formula: 'a ÷ b' };
  it('confidence is the mean of the evidence kinds', () => {
    expect(evidenceConfidence([doc, calc])).toBe(85);
    expect(evidenceConfidence([])).toBe(50);
    expect(evidenceConfidence([{ kind: 'assumption', assumptionId: 'itbiRate', label: 'ITBI', overridden: false }])).toBe(65);
  });
  it('links put the document pages first, once each', () => {
    const links = linksOf([calc, doc, doc]);
    expect(links).toEqual([
      { kind: 'document', documentId: 'd1', fileName: 'm.pdf', page: 2, label: 'Matrícula' },
      { kind: 'figure', label: 'Cálculo: a ÷ b' },
    ]);
  });
  it('Pinheiros: the IRR below the Selic is a high-impact risk', () => {
    const { r } = pinheiros();
    const cards = insightCards(r);
    expect(cards[0]).toMatchObject({ id: 'risk-tir-abaixo-desconto', type: 'risk', impact: 'high', confidence: 83 });
    expect(cards.every((c) => c.links.length > 0)).toBe(true);
  });
});

describe('valuation explained', () => {
  it('Pinheiros: R$ 11.317/m² × 85 m², no adjustment for good condition, ±15%', () => {
    const { r } = pinheiros();
    const v = explainValuation(r);
    expect(v).toMatchObject({ available: true, referencePricePerSqm: 11317, area: 85, mid: 961945, low: 817653.25, high: 1106236.75, askedPrice: 980000 });
    expect(v.adjustments).toEqual([{ label: 'Estado de conservação: bom estado', rate: 0 }]);
    expect(v.steps).toContain('Valor central = R$ 11.317,00/m² × 85 m² × (1 + 0%) = R$ 961.945,00.');
    expect(v.nbrNote).toMatch(/NBR 14653/);
  });
  it('a plot has no range, and says why', () => {
    const e = findExample('terreno-florianopolis')!;
    const r = analyze({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title });
    const v = explainValuation(r);
    expect(v.available).toBe(false);
    expect(v.reason).toMatch(/terrenos/);
  });
});

describe('projections: scenarios from IPCA plus a real rate', () => {
  it('compounds the nominal rate monthly', () => {
    expect(nominalRate(0.0426, 0.02)).toBeCloseTo(0.063452, 10);
    expect(projectValue(1_000_000, 0.1, 12)).toBe(1_100_000);
    expect(projectValue(1_000_000, 0.1, 24)).toBe(1_210_000);
    expect(projectValue(1_000_000, 0.1, 6)).toBe(1_048_808.85);
  });

  it('risk level: any alta or 6+ points is high; 2+ medium; else low', () => {
    const risk = (severity: 'alta' | 'media' | 'baixa') => ({ severity, title: severity, detail: '' });
    expect(assessRisk([risk('alta')]).level).toBe('high');
    expect(assessRisk([risk('media'), risk('media'), risk('media')]).level).toBe('high');
    expect(assessRisk([risk('media')]).level).toBe('medium');
    expect(assessRisk([risk('baixa'), risk('baixa')])).toMatchObject({ level: 'medium', points: 2 });
    expect(assessRisk([risk('baixa')]).level).toBe('low');
    expect(assessRisk([]).level).toBe('low');
  });

  it('recommendation follows the rules in order', () => {
    const base = { selic: 0.15, legalHighRisks: [], completeness: 100 };
    expect(recommend({ ...base, score: 9, irr: 0.2, legalHighRisks: ['Penhora'] }).action).toBe('wait');
    expect(recommend({ ...base, score: 8.5, irr: null }).action).toBe('buy');
    expect(recommend({ ...base, score: 6, irr: 0.16 })).toMatchObject({ action: 'buy', rule: 'R3: pontuação ≥ 5 e TIR ≥ TMA → comprar' });
    // The verdict follows the figures: an IRR below the hurdle is never 'hold' or 'buy', whatever the score.
    expect(recommend({ ...base, score: 6, irr: 0.02 }).action).toBe('sell');
    expect(recommend({ ...base, score: 6, irr: 0.16, npv: -1 }).action).toBe('sell');
    expect(recommend({ ...base, score: 6, irr: 0.16, hurdle: 0.18 }).action).toBe('sell');
    expect(recommend({ ...base, score: 6, irr: null, npv: 1000 }).action).toBe('hold');
    expect(recommend({ ...base, score: 9, irr: 0.3, insufficient: true }).action).toBe('wait');
    expect(recommend({ ...base, score: 4, irr: 0.02 }).action).toBe('sell');
    expect(recommend({ ...base, score: 4, irr: null })).toMatchObject({ action: 'wait', confidence: 80 });
    expect(recommend({ ...base, score: 8.5, irr: 0.02 }).action).toBe('sell');
  });

  it('Pinheiros at 2% real: base R$ 961.945, IPCA 2025 4,26%, do not buy (NPV < 0 and IRR below the TMA)', () => {
    const { r } = pinheiros();
    const p = computeProjections(r, 0.02);
    expect(p.scenario).toBe(true);
    expect(p.assumptions).toMatchObject({ ipca: 0.0426, ipcaAsOf: '2026-01', realRate: 0.02, selic: 0.15, selicAsOf: '2025-12-10' });
    expect(p.priceProjection).toEqual({ current: 961945, projected6m: 991994.33, projected1y: 1022982.33, projected2y: 1087892.61 });
    expect(p.monthly).toHaveLength(25);
    expect(p.monthly[0]).toEqual({ month: '02/2026', index: 0, value: 961945, prediction: 961945 });
    expect(p.monthly[24]!.month).toBe('02/2028');
    expect(p.riskAssessment.level).toBe('high');
    expect(p.investmentRecommendation).toMatchObject({ action: 'sell', confidence: 97, rule: 'R5: VPL < 0 ou TIR < TMA → vender / não comprar' });
    expect(p.notes[0]).toMatch(/^Cenário, não previsão/);
    // A 0% real rate keeps pace with inflation only.
    expect(computeProjections(r, 0).priceProjection!.projected1y).toBe(1002923.86);
  });
});

describe('assistant suggestions', () => {
  it('Pinheiros: warnings first, then optimizations from the recommendations, then insights about the score', () => {
    const { r } = pinheiros();
    const s = buildSuggestions(r);
    expect(s.map((x) => x.type)).toEqual([...s.map((x) => x.type)].sort((a, b) => ['warning', 'opportunity', 'optimization', 'insight'].indexOf(a) - ['warning', 'opportunity', 'optimization', 'insight'].indexOf(b)));
    expect(s[0]).toMatchObject({ id: 'warning-risk-tir-abaixo-desconto', type: 'warning', actionable: true });
    // NPV < 0 at the TMA caps the band at 'baixa' (4,9 at most): was 'Viabilidade moderada: 6,3/10'.
    expect(s.find((x) => x.id === 'insight-score')?.title).toBe('Viabilidade baixa: 4,9/10');
    expect(s.find((x) => x.id === 'insight-completude')?.title).toBe('Completude dos dados: 95%');
    expect(s.filter((x) => x.type === 'optimization').length).toBe(r.recommendations.length);
    expect(new Set(s.map((x) => x.id)).size).toBe(s.length);
  });
});
