import { describe, expect, it } from 'vitest';
import { engineInputResponse } from '@viabiliza/contracts/engine-input';
import { analyze } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import type { ReferenceRow } from '@viabiliza/engine/reference-data';
import { buildDossier } from '@viabiliza/extract/dossier/index';

import {
  editableAssumptions,
  engineInputFor,
  keyFigures,
  loadEngine,
  runScenario,
  scenarioOverrides,
  sliderRange,
  tornadoBar,
  tornadoCandidates,
  primaryNpv,
  scenarioValueOf,
  withScenarioValues,
} from './engine-in-browser';

/**
 * Issue 18, live what-if: the engine run in the browser on the inputs the API gives back
 * (GET /api/analyses/:id/engine-input) reproduces the saved result, then moves with the assumptions.
 * The "saved" result is computed here as the server's `computeAnalysis` does: documents, their
 * dossier on the analysis day, a database reference row and the person's overrides.
 */
const generatedAt = '2026-11-20T15:00:00.000Z';
const DB_ROW: ReferenceRow = {
  id: 'sgs-432-2026-10',
  series: 'selic',
  label: 'Selic (meta, a.a.) — SGS 432',
  value: 0.145,
  unit: 'fraction',
  asOf: '2026-10-29',
  source: 'Banco Central, SGS 432',
  uncertain: false,
  cadence: 'daily',
  origin: 'sgs',
};

function savedAnalysisAndResponse(exampleIndex: number) {
  const example = EXAMPLE_PROPERTIES[exampleIndex]!;
  const documents = example.documents.map((d) => ({ ...d, id: `00000000-0000-4000-8000-00000000000${d.id.length % 10}` }));
  const dossier = buildDossier(documents, { asOf: '2026-11-20' });
  const overrides = { vacancyRate: 0.08 };
  const input = { analysisType: 'complete' as const, questionnaire: example.questionnaire, documents, overrides, generatedAt, title: example.title, dossier, referenceRows: [DB_ROW] };
  // What the server stored, and what travels as JSON.
  const saved = JSON.parse(JSON.stringify(analyze(input)));
  const response = engineInputResponse.parse(
    JSON.parse(
      JSON.stringify({
        analysisId: '11111111-1111-4111-8111-111111111111',
        propertyId: '22222222-2222-4222-8222-222222222222',
        documentIds: documents.map((d) => d.id),
        input: { ...input, dossier: saved.dossier },
        complete: true,
      }),
    ),
  );
  return { saved, response };
}

describe('engine in the browser', () => {
  it.each([0, 1])('reproduces the saved result from the API response, unchanged assumptions (example %i)', async (i) => {
    const { saved, response } = savedAnalysisAndResponse(i);
    const engine = await loadEngine();
    const run = runScenario(engine, response, response.input.overrides);
    expect(keyFigures(run.result)).toEqual(keyFigures(saved));
    expect(run.result.score).toEqual(saved.score);
    expect(JSON.parse(JSON.stringify(run.result))).toEqual(saved);
    expect(run.markdown).toContain('Resumo executivo');
    expect(run.ms).toBeGreaterThanOrEqual(0);
  });

  it('moves the NPV and the verdict with an assumption, and restores them exactly', async () => {
    const { saved, response } = savedAnalysisAndResponse(0);
    const engine = await loadEngine();
    const defaults = Object.fromEntries(editableAssumptions(saved).map((a) => [a.id, a.value]));
    const higher = runScenario(engine, response, scenarioOverrides(response.input.overrides, defaults, { discountRateAnnual: 0.3 }));
    expect(primaryNpv(higher.result)).toBeLessThan(primaryNpv(saved)!);
    expect(higher.result.assumptions.find((a) => a.id === 'discountRateAnnual')).toMatchObject({ value: 0.3, overridden: true });
    // Back to the default: the override disappears and the saved figures return.
    const back = scenarioOverrides(response.input.overrides, defaults, { discountRateAnnual: defaults.discountRateAnnual! });
    expect(back).toEqual(response.input.overrides);
    expect(keyFigures(runScenario(engine, response, back).result)).toEqual(keyFigures(saved));
  });

  it('keeps the saved overrides under the changes and the sliders inside the contract bounds', () => {
    expect(scenarioOverrides({ vacancyRate: 0.08 }, { vacancyRate: 0.08, holdingYears: 10 }, { holdingYears: 5 })).toEqual({ vacancyRate: 0.08, holdingYears: 5 });
    const vacancy = sliderRange({ id: 'vacancyRate', unit: 'fraction', defaultValue: 0.05, value: 0.05 });
    expect(vacancy.min).toBe(0);
    expect(vacancy.max).toBeCloseTo(0.15);
    const appreciation = sliderRange({ id: 'appreciationAnnual', unit: 'fraction', defaultValue: 0.04, value: 0.04 });
    expect(appreciation.min).toBeCloseTo(-0.06);
    expect(appreciation.max).toBeCloseTo(0.14);
    expect(sliderRange({ id: 'holdingYears', unit: 'years', defaultValue: 10, value: 10 })).toEqual({ min: 0, max: 22, step: 1 });
  });

  it('builds tornado bars by moving each assumption ±10 %', async () => {
    const { saved, response } = savedAnalysisAndResponse(0);
    const engine = await loadEngine();
    const candidates = tornadoCandidates(saved);
    expect(candidates.length).toBeGreaterThan(3);
    const discount = candidates.find((a) => a.id === 'discountRateAnnual')!;
    const bar = tornadoBar(engine, response, response.input.overrides, discount, primaryNpv(saved)!);
    expect(bar.lowValue).toBeCloseTo(discount.value * 0.9);
    expect(bar.low!).toBeGreaterThan(bar.high!);
    expect(bar.swing).toBeGreaterThan(0);
    expect(engineInputFor(response).overrides).toEqual({ vacancyRate: 0.08 });
  });
});

describe("the property's own values in the what-if", () => {
  it('price and rent move the figures; renovation and the required return (TMA) go into the questionnaire; saved values come back when unchanged', async () => {
    const { saved, response } = savedAnalysisAndResponse(0);
    const engine = await loadEngine();
    expect(scenarioValueOf(response.input.questionnaire, 'targetValue')).toBe('980.000');
    expect(scenarioValueOf(response.input.questionnaire, 'deal.hurdleRate')).toBe('');
    expect(withScenarioValues(response, {})).toBe(response);

    const cheaper = runScenario(engine, withScenarioValues(response, { targetValue: '700.000', monthlyRent: '6.000' }), response.input.overrides);
    expect(cheaper.result.financial!.price.value).toBe(700000);
    expect(cheaper.result.financial!.monthlyRent.value).toBe(6000);
    expect(primaryNpv(cheaper.result)!).toBeGreaterThan(primaryNpv(saved)!);

    const withDeal = withScenarioValues(response, { 'deal.renovationBudget': '50.000', 'deal.hurdleRate': '9', annualTax: '' });
    expect(withDeal.input.questionnaire.deal).toEqual({ renovationBudget: '50.000', hurdleRate: '9' });
    expect(withDeal.input.questionnaire.annualTax).toBeUndefined();
    // The saved response is left as it was (the scenario is a copy).
    expect(response.input.questionnaire.deal).toBeUndefined();
    expect(runScenario(engine, withDeal, response.input.overrides).result.score.value).toEqual(expect.any(Number));
  });
});
