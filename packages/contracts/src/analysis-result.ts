import { z } from 'zod';
import type { AssumptionId } from './analysis.ts';
import { ANALYSIS_TYPES } from './analysis-types.ts';
import { dossier } from './dossier.ts';
import { referenceWarningSchema } from './result/reference.ts';
import { financingRegimeSchema } from './result/financing.ts';
import { marketComparablesSchema, scoreCapSchema } from './result/verdict.ts';
import type { QuestionnaireField } from './questionnaire.ts';
import { developmentDetailSchema } from './result/development.ts';
import { financialAfterTaxSchema, stressResultSchema } from './result/financial-after-tax.ts';
import { flipResultSchema, hurdleSchema, implausibleInputSchema } from './result/hurdle.ts';

/**
 * The engine's structured result, stored beside the Markdown report and read by the web app
 * (charts, heat map, valuation, insights) and the reports. Produced only by packages/engine.
 * Money in BRL, rates and percentages as fractions (0.15 = 15%), areas in m², never NaN/Infinity:
 * a figure that cannot be computed is `value: null` with a `note` saying why.
 *
 * Zod schemas (one exported `z.object` per part, extend by adding OPTIONAL properties so results
 * stored earlier still parse); the TS types are their `z.infer`. Stored results carry
 * `schemaVersion` = ANALYSIS_RESULT_VERSION; results stored before the schema have none (= 1).
 * Read stored/received results through `parseAnalysisResult`, never with a cast.
 */

/** Version of the result's shape. 1 = results stored before this field existed. */
export const ANALYSIS_RESULT_VERSION = 2;

/**
 * Ids typed by the contracts but accepted as any string when read: a stored result keeps parsing
 * after an assumption or questionnaire field is renamed. (Also keeps this file free of a runtime
 * import of analysis.ts, which imports this one.)
 */
const assumptionIdSchema = z.custom<AssumptionId>((v) => typeof v === 'string' && v.length > 0);
const questionnaireFieldSchema = z.custom<QuestionnaireField>((v) => typeof v === 'string' && v.length > 0);

/** Finite number (zod rejects NaN and ±Infinity). */
const num = z.number();

export const figureUnitSchema = z.enum(['BRL', 'BRL/m2', 'BRL/mes', 'fraction', 'm2', 'months', 'years', 'count', 'score']);
export type FigureUnit = z.infer<typeof figureUnitSchema>;

/** Where a figure came from (DESIGN 'Numbers are explained'). */
export const figureSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('questionnaire'), field: questionnaireFieldSchema, label: z.string() }),
  z.object({ kind: z.literal('document'), documentId: z.string(), fileName: z.string(), page: num, label: z.string() }),
  z.object({
    kind: z.literal('reference'),
    referenceId: z.string(),
    label: z.string(),
    asOf: z.string(),
    source: z.string(),
    uncertain: z.boolean(),
  }),
  z.object({ kind: z.literal('assumption'), assumptionId: assumptionIdSchema, label: z.string(), overridden: z.boolean() }),
  z.object({ kind: z.literal('computed'), formula: z.string() }),
]);
export type FigureSource = z.infer<typeof figureSourceSchema>;

export const figureSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: num.nullable(),
  unit: figureUnitSchema,
  source: figureSourceSchema,
  note: z.string().optional(),
});
export type Figure = z.infer<typeof figureSchema>;

export const cashFlowPointSchema = z.object({
  /** 0 is the acquisition / start month. */
  month: num,
  inflow: num,
  outflow: num,
  net: num,
  cumulative: num,
});
export type CashFlowPoint = z.infer<typeof cashFlowPointSchema>;

export const sensitivityMatrixSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** What each cell holds, e.g. 'TIR anual' or 'Margem sobre VGV'. */
  metricLabel: z.string(),
  metricUnit: figureUnitSchema,
  rowLabel: z.string(),
  rowUnit: figureUnitSchema,
  rowValues: z.array(num),
  colLabel: z.string(),
  colUnit: figureUnitSchema,
  colValues: z.array(num),
  /** cells[r][c]; null where the metric is undefined (e.g. no IRR). */
  cells: z.array(z.array(num.nullable())),
  /** Indexes of the base case. */
  base: z.object({ row: num, col: num }),
});
export type SensitivityMatrix = z.infer<typeof sensitivityMatrixSchema>;

export const scheduleRowSchema = z.object({
  month: num,
  payment: num,
  interest: num,
  amortization: num,
  balance: num,
  /** TR correction added to the balance this month (financing, issue 17); absent when 0. */
  correction: num.optional(),
  /** MIP + DFI insurance this month, on top of `payment`; absent when 0. */
  insurance: num.optional(),
  /** Bank's monthly admin fee, on top of `payment`; absent when 0. */
  fee: num.optional(),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

export const financingScheduleSchema = z.object({
  system: z.enum(['SAC', 'PRICE']),
  firstPayment: num,
  lastPayment: num,
  totalInterest: num,
  totalPaid: num,
  /** With insurance and fee (financing, issue 17): first/last month's total outflow and the totals. */
  firstPaymentTotal: num.optional(),
  lastPaymentTotal: num.optional(),
  totalCorrection: num.optional(),
  totalMip: num.optional(),
  totalDfi: num.optional(),
  totalInsurance: num.optional(),
  totalFees: num.optional(),
  /** Prestações + insurance + fees. */
  totalPaidAll: num.optional(),
  /** Every month of the loan. */
  rows: z.array(scheduleRowSchema),
});
export type FinancingSchedule = z.infer<typeof financingScheduleSchema>;

/** Loan rules (financing, issue 17 item 4b): regime, LTV and CET per system, TR, insurance, notes. */
const bySystemSchema = z.object({ SAC: figureSchema, PRICE: figureSchema });
export const financingPlanExtrasSchema = z.object({
  regime: financingRegimeSchema,
  /** Residential and within the SFH ceiling (ITBI's reduced rate on the SFH-financed part uses it). */
  sfhEligible: z.boolean(),
  sfhCeiling: figureSchema,
  ltvMax: bySystemSchema,
  loanBySystem: bySystemSchema,
  downPaymentBySystem: bySystemSchema,
  /** Monthly TR applied to the balance. */
  tr: figureSchema,
  insurance: z.object({ borrowerAge: figureSchema, mipRateMonthly: figureSchema, dfiRateMonthly: figureSchema, adminFeeMonthly: figureSchema }),
  cet: bySystemSchema,
  notes: z.array(z.string()),
});
export type FinancingPlanExtras = z.infer<typeof financingPlanExtrasSchema>;

export const financingResultSchema = z.object({
  downPayment: figureSchema,
  loanAmount: figureSchema,
  rateAnnual: figureSchema,
  termMonths: figureSchema,
  sac: financingScheduleSchema,
  price: financingScheduleSchema,
  ...financingPlanExtrasSchema.partial().shape,
});

export const financialResultSchema = z.object({
  price: figureSchema,
  area: figureSchema,
  itbi: figureSchema,
  notary: figureSchema,
  acquisitionTotal: figureSchema,
  financing: financingResultSchema.nullable(),
  monthlyRent: figureSchema,
  /** True when the rent came from the reference R$/m² and not from the person. */
  rentFromReference: z.boolean(),
  grossYield: figureSchema,
  netYield: figureSchema,
  capRate: figureSchema,
  cashOnCash: figureSchema,
  npv: figureSchema,
  irr: figureSchema,
  mirr: figureSchema,
  paybackMonths: figureSchema,
  exitValue: figureSchema,
  capitalGainsTax: figureSchema,
  cashFlow: z.array(cashFlowPointSchema),
  sensitivity: z.array(sensitivityMatrixSchema),
  /** Tax on rent and on the sale, unlevered/levered returns, DSCR, break-evens (issue 17, time-tax); absent in older results. */
  afterTax: financialAfterTaxSchema.optional(),
  /** 'aluguel' (hold and rent) or 'revenda' (renovate and resell); absent in older results (rental). */
  strategy: z.enum(['aluguel', 'revenda']).optional(),
  /** Price ÷ area, when both are known. */
  pricePerSqm: figureSchema.optional(),
  /** True when the buyer chose a loan ('Pretende financiar?'); the headline figures are the property's, unlevered. */
  financingChosen: z.boolean().optional(),
  /** What the chosen loan does to the deal, in one sentence (levered vs unlevered), and whether it decides the verdict. */
  loanEffect: z.object({ text: z.string(), decisive: z.boolean() }).optional(),
  /** Renovate and resell. */
  flip: flipResultSchema.optional(),
  /** The buyer's own cash with the chosen loan (down payment, installments, balance repaid at the sale); absent without a loan. */
  leveredCashFlow: z.array(cashFlowPointSchema).optional(),
});
export type FinancialResult = z.infer<typeof financialResultSchema>;

export const developmentResultSchema = z.object({
  landCost: figureSchema,
  builtArea: figureSchema,
  sellableArea: figureSchema,
  vgv: figureSchema,
  constructionCost: figureSchema,
  softCosts: figureSchema,
  commissions: figureSchema,
  ret: figureSchema,
  totalCost: figureSchema,
  profit: figureSchema,
  marginOnVgv: figureSchema,
  marginOnCost: figureSchema,
  residualLandValue: figureSchema,
  peakExposure: figureSchema,
  npv: figureSchema,
  irr: figureSchema,
  mirr: figureSchema,
  paybackMonths: figureSchema,
  cashFlow: z.array(cashFlowPointSchema),
  sensitivity: z.array(sensitivityMatrixSchema),
  /** Incorporação model (issue 17): phases, budget lines, funding, RLV, break-evens. */
  detail: developmentDetailSchema.optional(),
});
export type DevelopmentResult = z.infer<typeof developmentResultSchema>;

export const marketResultSchema = z.object({
  askedPricePerSqm: figureSchema,
  referencePricePerSqm: figureSchema,
  /** (asked − reference) / reference. */
  deviation: figureSchema,
  position: z.enum(['acima', 'alinhado', 'abaixo', 'indeterminado']),
  valuation: z.object({ low: figureSchema, mid: figureSchema, high: figureSchema }).nullable(),
  notes: z.array(z.string()),
  /** 'Sem referência de mercado para este tipo' when no reference of the property's type exists. */
  noReference: z.string().optional(),
  /** R$/m² statistics of the comparables the person typed. */
  comparables: marketComparablesSchema.optional(),
});
export type MarketResult = z.infer<typeof marketResultSchema>;

export const severitySchema = z.enum(['alta', 'media', 'baixa']);
export type Severity = z.infer<typeof severitySchema>;

export const insightSchema = z.object({
  id: z.string(),
  severity: severitySchema,
  title: z.string(),
  detail: z.string(),
  sources: z.array(figureSourceSchema),
});
export type Insight = z.infer<typeof insightSchema>;

export const checklistStatusSchema = z.enum(['presente', 'ausente', 'declarado']);
export type ChecklistStatus = z.infer<typeof checklistStatusSchema>;

export const legalResultSchema = z.object({
  checklist: z.array(z.object({ id: z.string(), label: z.string(), status: checklistStatusSchema, sources: z.array(figureSourceSchema) })),
  legalStatus: z.string().nullable(),
  findings: z.array(insightSchema),
  /**
   * Why the legal situation cannot be judged (no matrícula in the folder), in Portuguese; the
   * score then leaves the legal part out instead of giving it 0/10. Null or absent when judged.
   */
  insufficient: z.string().nullable().optional(),
  /** Active liens that block a sale (penhora, indisponibilidade…): the legal part is capped. */
  blockingLiens: num.optional(),
});
export type LegalResult = z.infer<typeof legalResultSchema>;

export const technicalResultSchema = z.object({
  areas: z.object({ total: figureSchema.nullable(), built: figureSchema.nullable(), usable: figureSchema.nullable() }),
  areaConsistent: z.boolean().nullable(),
  condition: z.string().nullable(),
  features: z.array(z.string()),
  findings: z.array(insightSchema),
});
export type TechnicalResult = z.infer<typeof technicalResultSchema>;

export const environmentalResultSchema = z.object({
  findings: z.array(insightSchema),
  missing: z.array(z.string()),
  conclusive: z.boolean(),
});
export type EnvironmentalResult = z.infer<typeof environmentalResultSchema>;

export const viabilityScoreSchema = z.object({
  /** 0–10, one decimal. */
  value: num,
  /** 'insuficiente' = 'Dados insuficientes' (too little data to judge; never 'inviável'). */
  band: z.enum(['alta', 'moderada', 'baixa', 'insuficiente']),
  /** 'Viabilidade alta' etc. */
  label: z.string(),
  components: z.array(z.object({ id: z.string(), label: z.string(), value: num, weight: num })),
  /** Set when the band was capped by the figures (NPV/IRR vs the hurdle) or withheld for lack of data. */
  cap: scoreCapSchema.optional(),
});
export type ViabilityScore = z.infer<typeof viabilityScoreSchema>;

export const assumptionUsedSchema = z.object({
  id: assumptionIdSchema,
  label: z.string(),
  value: num,
  unit: figureUnitSchema,
  defaultValue: num,
  overridden: z.boolean(),
  source: figureSourceSchema,
});
export type AssumptionUsed = z.infer<typeof assumptionUsedSchema>;

export const referenceRowUsedSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: num,
  unit: figureUnitSchema,
  asOf: z.string(),
  source: z.string(),
  uncertain: z.boolean(),
});
export type ReferenceRowUsed = z.infer<typeof referenceRowUsedSchema>;

export const completenessSchema = z.object({ percent: num, filled: num, total: num, missing: z.array(z.string()) });

export const analysisResultSchema = z.object({
  /** ANALYSIS_RESULT_VERSION when written; parseAnalysisResult upgrades older results to it. */
  schemaVersion: z.number().int().min(1),
  engineVersion: z.string(),
  analysisType: z.enum(ANALYSIS_TYPES),
  generatedAt: z.string(),
  title: z.string(),
  score: viabilityScoreSchema,
  completeness: completenessSchema,
  financial: financialResultSchema.nullable(),
  development: developmentResultSchema.nullable(),
  market: marketResultSchema.nullable(),
  legal: legalResultSchema.nullable(),
  technical: technicalResultSchema.nullable(),
  environmental: environmentalResultSchema.nullable(),
  risks: z.array(insightSchema),
  opportunities: z.array(insightSchema),
  recommendations: z.array(insightSchema),
  assumptions: z.array(assumptionUsedSchema),
  references: z.array(referenceRowUsedSchema),
  warnings: z.array(z.string()),
  /**
   * The due-diligence dossier of the analysed documents (issue 16), built by the server from the
   * completed documents on the analysis date; null without documents. Absent in results stored
   * before the dossier existed.
   */
  dossier: dossier.nullable().optional(),
  /** Reference rows used after twice their cadence (issue 17, refdata); absent when none or in older results. */
  referenceWarnings: z.array(referenceWarningSchema).optional(),
  /** Standard downside (price −10 %, cost +10 %, 6 months' delay, rate +2 p.p., combined) on the primary model (issue 17, time-tax). */
  stress: stressResultSchema.optional(),
  /** The hurdle by purpose and tax basis, with its steps and reason; absent in older results. */
  hurdle: hurdleSchema.optional(),
  /** Inputs that look implausible (price per m², rent against price…), each naming its field. */
  implausible: z.array(implausibleInputSchema).optional(),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** Narrative written around the figures: by the engine itself, or by an LLM when configured. */
export const narrativeSchema = z.object({
  summary: z.string(),
  conclusion: z.string(),
});
export type Narrative = z.infer<typeof narrativeSchema>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Brings a stored result of an older version to the current shape (pure; the input is not
 * mutated). v1 (no schemaVersion): parts absent in early results become null / empty lists.
 */
function upgrade(json: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...json };
  const version = typeof out.schemaVersion === 'number' ? out.schemaVersion : 1;
  if (version < 2) {
    for (const part of ['financial', 'development', 'market', 'legal', 'technical', 'environmental', 'dossier'] as const) {
      if (out[part] === undefined) out[part] = null;
    }
    for (const list of ['risks', 'opportunities', 'recommendations', 'assumptions', 'references', 'warnings'] as const) {
      if (out[list] === undefined) out[list] = [];
    }
    if (out.title === undefined) out.title = '';
    if (out.completeness === undefined) out.completeness = { percent: 0, filled: 0, total: 0, missing: [] };
    if (isRecord(out.score) && out.score.components === undefined) out.score = { ...out.score, components: [] };
  }
  out.schemaVersion = Math.max(version, ANALYSIS_RESULT_VERSION);
  return out;
}

/**
 * A stored or received result as the current `AnalysisResult`: older versions upgraded, unknown
 * keys dropped; null (never throws) for anything that is not a result (garbage, missing parts,
 * NaN figures…). A result from a newer version parses when its new fields are optional ones.
 */
export function parseAnalysisResult(json: unknown): AnalysisResult | null {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (!isRecord(value)) return null;
  // A version that is there but not a version is corruption, not an old result.
  if (value.schemaVersion !== undefined && !(Number.isInteger(value.schemaVersion) && (value.schemaVersion as number) >= 1)) return null;
  const upgraded = upgrade(value);
  const parsed = analysisResultSchema.safeParse(upgraded);
  if (parsed.success) return parsed.data;
  // The dossier has its own version: one that no longer reads is left out (as a result without
  // documents), the figures are still served.
  if (upgraded.dossier != null && parsed.error.issues.every((i) => i.path[0] === 'dossier')) {
    const again = analysisResultSchema.safeParse({ ...upgraded, dossier: null });
    if (again.success) return again.data;
  }
  return null;
}
