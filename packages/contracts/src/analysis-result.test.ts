import { describe, expect, it } from 'vitest';
import { ANALYSIS_RESULT_VERSION, analysisResultSchema, parseAnalysisResult } from './analysis-result.ts';
import v1 from './__fixtures__/analysis-result-v1.json' with { type: 'json' };

/**
 * The fixture is a real result of the engine before the schema existed (Pinheiros example,
 * complete analysis, 2026-03-10), with no schemaVersion and no dossier; the financing schedules,
 * cash flow and sensitivity were cut to a few rows to keep it small.
 */
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('parseAnalysisResult', () => {
  it('accepts a stored v1 result and upgrades it to the current version', () => {
    expect('schemaVersion' in v1).toBe(false);
    expect('dossier' in v1).toBe(false);
    const r = parseAnalysisResult(clone(v1));
    expect(r).not.toBeNull();
    expect(r!.schemaVersion).toBe(ANALYSIS_RESULT_VERSION);
    expect(r!.dossier).toBeNull();
    // Figures survive untouched: the fixture's price and score.
    expect(r!.financial!.price.value).toBe(v1.financial.price.value);
    expect(r!.score.value).toBe(v1.score.value);
    expect(r!.title).toBe('Apartamento em Pinheiros');
    // The upgraded result is a valid current result.
    expect(analysisResultSchema.safeParse(r).success).toBe(true);
  });

  it('accepts the JSON text of a result and does not mutate its input', () => {
    const input = clone(v1);
    expect(parseAnalysisResult(JSON.stringify(input))?.schemaVersion).toBe(ANALYSIS_RESULT_VERSION);
    parseAnalysisResult(input);
    expect('schemaVersion' in input).toBe(false);
  });

  it('fills parts absent in early results (v1 without warnings, references or a part)', () => {
    const early = clone(v1) as Record<string, unknown>;
    delete early.warnings;
    delete early.references;
    delete early.environmental;
    const r = parseAnalysisResult(early);
    expect(r?.warnings).toEqual([]);
    expect(r?.references).toEqual([]);
    expect(r?.environmental).toBeNull();
  });

  it('reads a v1 result that lacks completeness and score components (the earliest rows)', () => {
    const early = clone(v1) as Record<string, unknown>;
    delete early.completeness;
    early.score = { ...v1.score, components: undefined };
    const r = parseAnalysisResult(early);
    expect(r?.completeness).toEqual({ percent: 0, filled: 0, total: 0, missing: [] });
    expect(r?.score.components).toEqual([]);
  });

  it('leaves out a dossier that no longer reads and keeps the figures', () => {
    const r = parseAnalysisResult({ ...clone(v1), dossier: { version: 99, something: 'else' } });
    expect(r?.dossier).toBeNull();
    expect(r?.financial?.price.value).toBe(v1.financial.price.value);
  });

  it('returns null, without throwing, for garbage and corrupted results', () => {
    for (const g of [null, undefined, 42, 'not json {', '[]', [], {}, { foo: 1 }, true]) expect(parseAnalysisResult(g)).toBeNull();
    const noScore = clone(v1) as Record<string, unknown>;
    delete noScore.score;
    expect(parseAnalysisResult(noScore)).toBeNull();
    const badFigure = clone(v1);
    (badFigure.financial.price as { value: unknown }).value = 'R$ 850.000';
    expect(parseAnalysisResult(badFigure)).toBeNull();
    const badSource = clone(v1);
    (badSource.financial.npv.source as { kind: string }).kind = 'guess';
    expect(parseAnalysisResult(badSource)).toBeNull();
    const wrongVersion = { ...clone(v1), schemaVersion: 'two' };
    expect(parseAnalysisResult(wrongVersion)).toBeNull();
  });

  it('rejects NaN and Infinity figures (the engine never stores them)', () => {
    const r = parseAnalysisResult(clone(v1))!;
    expect(analysisResultSchema.safeParse({ ...r, score: { ...r.score, value: Number.NaN } }).success).toBe(false);
    expect(
      analysisResultSchema.safeParse({ ...r, financial: { ...r.financial!, irr: { ...r.financial!.irr, value: Number.POSITIVE_INFINITY } } }).success,
    ).toBe(false);
  });

  it('drops keys it does not know and keeps a newer version number', () => {
    const r = parseAnalysisResult({ ...clone(v1), schemaVersion: ANALYSIS_RESULT_VERSION + 1, futurePart: { x: 1 } });
    expect(r?.schemaVersion).toBe(ANALYSIS_RESULT_VERSION + 1);
    expect(r && 'futurePart' in r).toBe(false);
  });
});
