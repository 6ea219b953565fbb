import { ANALYSIS_TYPES } from '@viabiliza/contracts/analysis';
import { analysisResultSchema, ANALYSIS_RESULT_VERSION, parseAnalysisResult, type AnalysisResult } from '@viabiliza/contracts/analysis-result';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import { dossierOf, lien } from './dossier-fixtures.ts';
import { EXAMPLE_PROPERTIES } from './examples.ts';
import type { EngineInput } from './types.ts';

/**
 * The engine's output must always be a valid AnalysisResult as the contracts' zod schema says:
 * this fails when a calculator emits a field the schema lacks (zod would drop it when the server
 * reads the result back), a NaN/Infinity, or a value of the wrong shape.
 */
const AT = '2026-11-25T09:00:00.000Z';

function inputs(): [string, EngineInput][] {
  const out: [string, EngineInput][] = [];
  for (const e of EXAMPLE_PROPERTIES) {
    for (const analysisType of ANALYSIS_TYPES) {
      out.push([`${e.id} ${analysisType}`, { analysisType, questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title }]);
    }
  }
  const e = EXAMPLE_PROPERTIES[0]!;
  out.push([
    `${e.id} complete with a dossier`,
    { analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title, dossier: dossierOf({ liens: [lien('penhora', 'R.3', { page: 2 })] }) },
  ]);
  out.push(['empty complete', { analysisType: 'complete', questionnaire: {}, documents: [], generatedAt: AT }]);
  out.push([
    'land for development',
    {
      analysisType: 'complete',
      questionnaire: { city: 'São Paulo', state: 'SP', propertyType: 'terreno', mainObjective: 'desenvolvimento', purpose: ['desenvolvimento'], targetValue: '4.500.000', totalArea: '1.500' },
      documents: [],
      generatedAt: AT,
    },
  ]);
  return out;
}

/** Key paths present in `a` and missing in `b` (what the schema dropped). */
function dropped(a: unknown, b: unknown, path = 'result'): string[] {
  if (Array.isArray(a)) return a.flatMap((v, i) => dropped(v, Array.isArray(b) ? b[i] : undefined, `${path}[${i}]`));
  if (a && typeof a === 'object') {
    const bo = (b && typeof b === 'object' ? b : {}) as Record<string, unknown>;
    return Object.entries(a).flatMap(([k, v]) => (v === undefined ? [] : k in bo ? dropped(v, bo[k], `${path}.${k}`) : [`${path}.${k}`]));
  }
  return [];
}

describe('the engine output validates against the result schema', () => {
  it.each(inputs())('%s', (_name, input) => {
    const result: AnalysisResult = analyze(input);
    expect(result.schemaVersion).toBe(ANALYSIS_RESULT_VERSION);
    const parsed = analysisResultSchema.safeParse(result);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    // Nothing the engine wrote was dropped by the schema, and the stored JSON reads back equal.
    expect(dropped(result, parsed.data)).toEqual([]);
    const stored = JSON.parse(JSON.stringify(result)) as unknown;
    expect(parseAnalysisResult(stored)).toEqual(stored);
  });

  it('detects a field the schema lacks and a NaN (the check can fail)', () => {
    const result = analyze(inputs()[0]![1]);
    const extra = { ...result, financial: { ...result.financial!, madeUp: 1 } };
    expect(dropped(extra, analysisResultSchema.parse(extra))).toContain('result.financial.madeUp');
    expect(analysisResultSchema.safeParse({ ...result, financial: { ...result.financial!, npv: { ...result.financial!.npv, value: Number.NaN } } }).success).toBe(false);
  });
});
