import {
  ASSUMPTION_BOUNDS,
  ASSUMPTION_IDS,
  type AssumptionId,
  type AssumptionOverrides,
} from '@viabiliza/contracts/analysis';
import type { AnalysisResult, AssumptionUsed, Figure } from '@viabiliza/contracts/analysis-result';
import type { EngineInputResponse } from '@viabiliza/contracts/engine-input';
import type { analyze as analyzeFn } from '@viabiliza/engine/analyze';
import type { defaultNarrative as defaultNarrativeFn, renderMarkdown as renderMarkdownFn } from '@viabiliza/engine/report';
import type { EngineInput } from '@viabiliza/engine/types';

/**
 * The live what-if (issue 18): the pure engine (`@viabiliza/engine`, no I/O) run in the browser on
 * the inputs the server handed it for a saved analysis (GET /api/analyses/:id/engine-input), with the
 * person's assumptions on top. The engine is loaded with a dynamic `import()` only here, so it never
 * reaches the public pages' initial JavaScript.
 */

export interface BrowserEngine {
  analyze: typeof analyzeFn;
  renderMarkdown: typeof renderMarkdownFn;
  defaultNarrative: typeof defaultNarrativeFn;
}

let loading: Promise<BrowserEngine> | null = null;

/** The engine's modules, fetched once per page load. */
export function loadEngine(): Promise<BrowserEngine> {
  loading ??= Promise.all([import('@viabiliza/engine/analyze'), import('@viabiliza/engine/report')])
    .then(([analyze, report]) => ({ analyze: analyze.analyze, renderMarkdown: report.renderMarkdown, defaultNarrative: report.defaultNarrative }))
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}

/** The engine's input for a scenario: the saved input with `overrides` in place of the saved ones. */
export function engineInputFor(response: EngineInputResponse, overrides: AssumptionOverrides = response.input.overrides): EngineInput {
  const { input } = response;
  return {
    analysisType: input.analysisType,
    questionnaire: input.questionnaire,
    documents: input.documents,
    overrides,
    generatedAt: input.generatedAt,
    title: input.title,
    dossier: input.dossier,
    referenceRows: input.referenceRows,
  };
}

export interface ScenarioRun {
  result: AnalysisResult;
  markdown: string;
  /** Milliseconds the engine took (analysis and report), measured with performance.now(). */
  ms: number;
}

/** One recompute: the whole analysis and its report with the engine's own narrative. */
export function runScenario(engine: BrowserEngine, response: EngineInputResponse, overrides: AssumptionOverrides): ScenarioRun {
  const started = performance.now();
  const result = engine.analyze(engineInputFor(response, overrides));
  const markdown = engine.renderMarkdown(result, engine.defaultNarrative(result));
  return { result, markdown, ms: performance.now() - started };
}

// ------------------------------------------------------------------------------------------------
// Assumptions as the panel edits them

/** Codes edited with a select, not a slider. */
export const CODED_ASSUMPTIONS: Partial<Record<AssumptionId, { value: number; label: string }[]>> = {
  rentIndex: [
    { value: 0, label: 'IPCA' },
    { value: 1, label: 'IGP-M' },
  ],
  ownerType: [
    { value: 0, label: 'Pessoa física' },
    { value: 1, label: 'Pessoa jurídica (lucro presumido)' },
    { value: 2, label: 'Sem imposto na análise' },
  ],
};

const isAssumptionId = (id: string): id is AssumptionId => (ASSUMPTION_IDS as readonly string[]).includes(id);

/** The assumptions the saved result used (those that move this analysis' figures), in the engine's order. */
export function editableAssumptions(result: AnalysisResult): (AssumptionUsed & { id: AssumptionId })[] {
  return result.assumptions.filter((a): a is AssumptionUsed & { id: AssumptionId } => isAssumptionId(a.id));
}

/** Whole numbers: months, years, ages, codes. */
export function isWhole(a: Pick<AssumptionUsed, 'id' | 'unit'>): boolean {
  return a.unit === 'months' || a.unit === 'years' || a.id === 'borrowerAge' || a.id in CODED_ASSUMPTIONS;
}

/**
 * The slider's range around the default, inside the contract's bounds (the bounds themselves are
 * too wide to slide on: R$/m² up to 1.000.000). The number input beside it takes the whole bounds.
 */
export function sliderRange(a: Pick<AssumptionUsed, 'id' | 'unit' | 'defaultValue' | 'value'>): { min: number; max: number; step: number } {
  const bounds = ASSUMPTION_BOUNDS[a.id as AssumptionId] ?? { min: -Infinity, max: Infinity };
  const center = a.defaultValue;
  let lo: number;
  let hi: number;
  let step: number;
  if (a.unit === 'fraction') {
    const span = Math.max(0.1, Math.abs(center));
    lo = center - span;
    hi = center + span;
    step = 0.0005;
  } else if (isWhole(a)) {
    const span = Math.max(12, Math.abs(center));
    lo = center - span;
    hi = center + span;
    step = 1;
  } else {
    const span = Math.max(Math.abs(center) * 0.5, 1);
    lo = center - span;
    hi = center + span;
    step = Math.max(0.01, Number((span / 100).toPrecision(1)));
  }
  const min = Math.max(bounds.min, Math.min(lo, a.value));
  const max = Math.min(bounds.max, Math.max(hi, a.value));
  return { min, max, step };
}

/** Clamped to the contract's bounds (the server refuses anything outside them). */
export function clampAssumption(id: AssumptionId, value: number): number {
  const b = ASSUMPTION_BOUNDS[id];
  return Math.min(b.max, Math.max(b.min, value));
}

/**
 * The overrides of a scenario: the saved analysis' own overrides, then the person's changes. A
 * change back to the default value drops the override (the saved state is restored exactly).
 */
export function scenarioOverrides(
  saved: AssumptionOverrides,
  defaults: Partial<Record<AssumptionId, number>>,
  changes: Partial<Record<AssumptionId, number>>,
): AssumptionOverrides {
  const out: AssumptionOverrides = { ...saved };
  for (const [id, value] of Object.entries(changes) as [AssumptionId, number][]) {
    if (saved[id] === undefined && defaults[id] === value) delete out[id];
    else out[id] = value;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Key figures (what-if header, comparison, tornado)

export type KeyFigureId = 'price' | 'npv' | 'irr' | 'margin' | 'grossYield' | 'score';

export interface KeyFigure {
  id: KeyFigureId;
  label: string;
  value: number | null;
  unit: Figure['unit'];
}

/** The primary model is the development's when there is one, else the acquisition's (as the verdict reads it). */
export function primaryModel(result: AnalysisResult): 'development' | 'financial' | null {
  if (result.development) return 'development';
  if (result.financial) return 'financial';
  return null;
}

const value = (f: Figure | null | undefined) => (f && f.value !== null && Number.isFinite(f.value) ? f.value : null);

export function keyFigures(result: AnalysisResult): KeyFigure[] {
  const dev = result.development;
  const fin = result.financial;
  const primary = dev ?? fin;
  return [
    { id: 'price', label: dev ? 'Custo do terreno' : 'Preço', value: value(fin?.price ?? dev?.landCost), unit: 'BRL' },
    { id: 'npv', label: 'VPL', value: value(primary?.npv), unit: 'BRL' },
    { id: 'irr', label: 'TIR', value: value(primary?.irr), unit: 'fraction' },
    { id: 'margin', label: 'Margem sobre VGV', value: value(dev?.marginOnVgv), unit: 'fraction' },
    { id: 'grossYield', label: 'Rentabilidade bruta', value: value(fin?.grossYield), unit: 'fraction' },
    { id: 'score', label: 'Nota de viabilidade', value: result.score.value, unit: 'score' },
  ];
}

/** The NPV the tornado ranks by: the primary model's. */
export function primaryNpv(result: AnalysisResult): number | null {
  return value((result.development ?? result.financial)?.npv);
}

export interface TornadoBar {
  id: AssumptionId;
  label: string;
  /** The assumption at −10 % and +10 % of its value. */
  lowValue: number;
  highValue: number;
  /** The primary NPV with the assumption at −10 % and at +10 %. */
  low: number | null;
  high: number | null;
  /** The largest distance from the base NPV. */
  swing: number;
}

/** Assumptions a ±10 % change can move: numeric (not codes) and not zero. */
export function tornadoCandidates(result: AnalysisResult): (AssumptionUsed & { id: AssumptionId })[] {
  return editableAssumptions(result).filter((a) => !(a.id in CODED_ASSUMPTIONS) && a.value !== 0);
}

/** One bar: the scenario with one assumption at −10 % and +10 % (clamped to its bounds). */
export function tornadoBar(
  engine: BrowserEngine,
  response: EngineInputResponse,
  overrides: AssumptionOverrides,
  assumption: AssumptionUsed & { id: AssumptionId },
  base: number,
): TornadoBar {
  const at = (factor: number) => {
    let v = clampAssumption(assumption.id, assumption.value * factor);
    if (isWhole(assumption)) v = Math.round(v);
    const result = engine.analyze(engineInputFor(response, { ...overrides, [assumption.id]: v }));
    return { v, npv: primaryNpv(result) };
  };
  const low = at(0.9);
  const high = at(1.1);
  const swing = Math.max(Math.abs((low.npv ?? base) - base), Math.abs((high.npv ?? base) - base));
  return { id: assumption.id, label: assumption.label, lowValue: low.v, highValue: high.v, low: low.npv, high: high.npv, swing };
}

// ------------------------------------------------------------------------------------------------
// The property's own values, edited in the what-if beside the assumptions

/**
 * The questionnaire's values an investor moves first: price, rent, condomínio, IPTU, renovation and
 * the return they require (TMA). Written as in the questionnaire (Brazilian numbers as text); the
 * scenario runs the engine, and 'Salvar cenário' saves a run, on the questionnaire with them.
 */
export const SCENARIO_VALUES = [
  { key: 'targetValue', label: 'Preço de compra', unit: 'R$' },
  { key: 'monthlyRent', label: 'Aluguel mensal', unit: 'R$/mês' },
  { key: 'condominiumFee', label: 'Condomínio mensal', unit: 'R$/mês' },
  { key: 'annualTax', label: 'IPTU anual', unit: 'R$/ano' },
  { key: 'deal.renovationBudget', label: 'Orçamento da reforma', unit: 'R$' },
  { key: 'deal.hurdleRate', label: 'Retorno exigido (TMA)', unit: '% a.a.' },
] as const;
export type ScenarioValueKey = (typeof SCENARIO_VALUES)[number]['key'];
export type ScenarioValues = Partial<Record<ScenarioValueKey, string>>;

type Questionnaire = EngineInputResponse['input']['questionnaire'];

export function scenarioValueOf(q: Questionnaire, key: ScenarioValueKey): string {
  if (key.startsWith('deal.')) {
    const field = key.slice(5) as 'renovationBudget' | 'hurdleRate';
    return q.deal?.[field] ?? '';
  }
  return q[key as 'targetValue' | 'monthlyRent' | 'condominiumFee' | 'annualTax'] ?? '';
}

/** The saved questionnaire with the scenario's values in place (an emptied field is left out). */
export function withScenarioValues(response: EngineInputResponse, values: ScenarioValues): EngineInputResponse {
  const entries = Object.entries(values) as [ScenarioValueKey, string][];
  if (entries.length === 0) return response;
  const questionnaire: Questionnaire = { ...response.input.questionnaire, deal: { ...response.input.questionnaire.deal } };
  for (const [key, raw] of entries) {
    const value = raw.trim() === '' ? undefined : raw.trim();
    if (key.startsWith('deal.')) questionnaire.deal![key.slice(5) as 'renovationBudget' | 'hurdleRate'] = value;
    else questionnaire[key as 'targetValue' | 'monthlyRent' | 'condominiumFee' | 'annualTax'] = value;
  }
  if (Object.values(questionnaire.deal!).every((v) => v === undefined)) delete questionnaire.deal;
  return { ...response, input: { ...response.input, questionnaire } };
}
