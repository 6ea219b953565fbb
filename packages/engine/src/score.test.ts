import { describe, expect, it } from 'vitest';
import type { FinancialResult, LegalResult, MarketResult } from '@viabiliza/contracts/analysis-result';
import { resolveInputs } from './resolve-inputs.ts';
import {
  SCORE_WEIGHTS,
  computeCompleteness,
  computeScore,
  irrScore,
  legalScore,
  marginScore,
  marketScore,
  scoreBand,
  yieldScore,
  type ScoreParts,
} from './score.ts';

const base: ScoreParts = {
  analysisType: 'complete',
  financial: null,
  development: null,
  market: null,
  legal: null,
  technical: null,
  environmental: null,
  completenessPercent: 100,
  discountRate: 0.15,
  targetMargin: 0.15,
  referenceYield: 0.0594,
  hasDocuments: true,
};

const fig = (value: number | null) => ({ id: 'x', label: 'x', value, unit: 'fraction' as const, source: { kind: 'computed' as const, formula: 'x' } });

describe('score components', () => {
  it('scores IRR against the discount rate', () => {
    expect(irrScore(0.15, 0.15)).toBe(7);
    expect(irrScore(0.225, 0.15)).toBeCloseTo(10);
    expect(irrScore(0.1, 0.15)).toBeCloseTo(5);
    expect(irrScore(-0.5, 0.15)).toBe(0);
  });

  it('scores yield against the reference yield', () => {
    expect(yieldScore(0.0594, 0.0594)).toBe(7);
    expect(yieldScore(0.0594 * 1.3, 0.0594)).toBeCloseTo(10);
    expect(yieldScore(0.0297, 0.0594)).toBeCloseTo(2);
    expect(yieldScore(0.05, 0)).toBe(0);
  });

  it('scores margin against the target and the price deviation', () => {
    expect(marginScore(0.15, 0.15)).toBe(7);
    expect(marginScore(0.3, 0.15)).toBeCloseTo(10);
    expect(marginScore(0, 0.15)).toBeCloseTo(4);
    expect(marketScore(0)).toBe(7);
    expect(marketScore(0.1)).toBeCloseTo(5.5);
    expect(marketScore(-0.2)).toBeCloseTo(10);
  });

  it('scores the legal part from the checklist and findings', () => {
    const legal: LegalResult = {
      checklist: [
        { id: 'matricula', label: 'M', status: 'ausente', sources: [] },
        { id: 'certidao-negativa', label: 'C', status: 'declarado', sources: [] },
        { id: 'laudo-vistoria', label: 'L', status: 'ausente', sources: [] },
      ],
      legalStatus: null,
      findings: [{ id: 'legal-onus-1-1', severity: 'alta', title: 't', detail: 'd', sources: [] }],
    };
    // 10 − 2 (matrícula absent) − 0,5 (certidão only declared) − 3 (high finding)
    expect(legalScore(legal, 'apartamento')).toBe(4.5);
  });

  it('does not count a cancelled lien, caps the part under a blocking lien, and leaves it out when the data is insufficient', () => {
    const clean: LegalResult = { checklist: [], legalStatus: null, findings: [] };
    const note = { id: 'legal-onus-cancelado-1-1', severity: 'baixa' as const, title: 't', detail: 'd', sources: [] };
    expect(legalScore({ ...clean, findings: [note] }, 'apartamento')).toBe(10);
    expect(legalScore({ ...clean, findings: [{ ...note, id: 'legal-onus-1-1', severity: 'alta' }], blockingLiens: 1 }, 'apartamento')).toBe(3);
    const insufficient = { ...clean, insufficient: 'Dados insuficientes.' };
    expect(legalScore(insufficient, 'apartamento')).toBeNull();
    const s = computeScore({ ...base, legal: insufficient, completenessPercent: 80 });
    expect(s.components.map((c) => c.id)).toEqual(['completeness']);
  });
});

describe('computeScore', () => {
  it('uses only completeness when nothing else applies', () => {
    const s = computeScore({ ...base, completenessPercent: 80 });
    expect(s.value).toBe(8);
    expect(s.components).toEqual([{ id: 'completeness', label: 'Completude dos dados', value: 8, weight: 1 }]);
  });

  it('re-normalises the weights over the components that apply', () => {
    const financial = { irr: fig(0.15), grossYield: fig(0.06) } as unknown as FinancialResult;
    const market = { position: 'alinhado', deviation: fig(0) } as unknown as MarketResult;
    const s = computeScore({ ...base, financial, market, completenessPercent: 50 });
    // (7 × 0,30 + 7 × 0,15 + 5 × 0,10) / 0,55 = 6,636…
    expect(s.value).toBe(6.6);
    expect(s.components.map((c) => c.id)).toEqual(['financial', 'market', 'completeness']);
    const total = SCORE_WEIGHTS.financial + SCORE_WEIGHTS.market + SCORE_WEIGHTS.completeness;
    expect(s.components[0]!.weight).toBeCloseTo(SCORE_WEIGHTS.financial / total, 3);
  });

  it('averages IRR and yield for the investment type', () => {
    const financial = { irr: fig(0.15), grossYield: fig(0.0594 * 1.3) } as unknown as FinancialResult;
    const s = computeScore({ ...base, analysisType: 'investment', financial, completenessPercent: 100 });
    expect(s.components[0]!.value).toBe(8.5);
  });

  it('bands at 8,0 and 5,0', () => {
    expect(scoreBand(8)).toEqual({ band: 'alta', label: 'Viabilidade alta' });
    expect(scoreBand(7.9)).toEqual({ band: 'moderada', label: 'Viabilidade moderada' });
    expect(scoreBand(5)).toEqual({ band: 'moderada', label: 'Viabilidade moderada' });
    expect(scoreBand(4.9)).toEqual({ band: 'baixa', label: 'Viabilidade baixa' });
    expect(scoreBand(0)).toEqual({ band: 'baixa', label: 'Viabilidade baixa' });
  });
});

describe('computeCompleteness', () => {
  const at = '2026-02-10T00:00:00Z';
  it('counts the inputs relevant to the parts computed', () => {
    const q = { city: 'São Paulo', state: 'SP', propertyType: 'apartamento' as const, usableArea: '80', targetValue: '800.000' };
    const inputs = resolveInputs({ analysisType: 'financial', questionnaire: q, documents: [], generatedAt: at });
    const c = computeCompleteness({ questionnaire: q, inputs, documents: [], financial: true, development: false, market: false, legal: false, technical: false, environmental: false });
    expect(c.total).toBe(8);
    expect(c.filled).toBe(5);
    expect(c.percent).toBe(63);
    expect(c.missing).toEqual(['Aluguel mensal (R$)', 'IPTU anual (questionário ou carnê)', 'Condomínio mensal (R$)']);
  });

  it('lists missing key documents for the legal part', () => {
    const inputs = resolveInputs({ analysisType: 'legal', questionnaire: {}, documents: [], generatedAt: at });
    const c = computeCompleteness({ questionnaire: {}, inputs, documents: [], financial: false, development: false, market: false, legal: true, technical: false, environmental: false });
    expect(c.percent).toBe(0);
    expect(c.missing).toContain('Documento: Matrícula atualizada');
    expect(c.missing).toContain('Documento: Certidão negativa de ônus');
  });
});
