import type { AnalysisType, AssumptionId } from './analysis.ts';
import type { Dossier } from './dossier.ts';
import type { QuestionnaireField } from './questionnaire.ts';
import type { ReferenceWarning } from './result/reference.ts';

/**
 * The engine's structured result, stored beside the Markdown report and read by the web app
 * (charts, heat map, valuation, insights) and the reports. Produced only by packages/engine.
 * Money in BRL, rates and percentages as fractions (0.15 = 15%), areas in m², never NaN/Infinity:
 * a figure that cannot be computed is `value: null` with a `note` saying why.
 */

export type FigureUnit = 'BRL' | 'BRL/m2' | 'BRL/mes' | 'fraction' | 'm2' | 'months' | 'years' | 'count' | 'score';

/** Where a figure came from (DESIGN 'Numbers are explained'). */
export type FigureSource =
  | { kind: 'questionnaire'; field: QuestionnaireField; label: string }
  | { kind: 'document'; documentId: string; fileName: string; page: number; label: string }
  | { kind: 'reference'; referenceId: string; label: string; asOf: string; source: string; uncertain: boolean }
  | { kind: 'assumption'; assumptionId: AssumptionId; label: string; overridden: boolean }
  | { kind: 'computed'; formula: string };

export interface Figure {
  id: string;
  label: string;
  value: number | null;
  unit: FigureUnit;
  source: FigureSource;
  note?: string;
}

export interface CashFlowPoint {
  /** 0 is the acquisition / start month. */
  month: number;
  inflow: number;
  outflow: number;
  net: number;
  cumulative: number;
}

export interface SensitivityMatrix {
  id: string;
  title: string;
  /** What each cell holds, e.g. 'TIR anual' or 'Margem sobre VGV'. */
  metricLabel: string;
  metricUnit: FigureUnit;
  rowLabel: string;
  rowUnit: FigureUnit;
  rowValues: number[];
  colLabel: string;
  colUnit: FigureUnit;
  colValues: number[];
  /** cells[r][c]; null where the metric is undefined (e.g. no IRR). */
  cells: (number | null)[][];
  /** Indexes of the base case. */
  base: { row: number; col: number };
}

export interface ScheduleRow {
  month: number;
  payment: number;
  interest: number;
  amortization: number;
  balance: number;
}

export interface FinancingSchedule {
  system: 'SAC' | 'PRICE';
  firstPayment: number;
  lastPayment: number;
  totalInterest: number;
  totalPaid: number;
  /** Every month of the loan. */
  rows: ScheduleRow[];
}

export interface FinancialResult {
  price: Figure;
  area: Figure;
  itbi: Figure;
  notary: Figure;
  acquisitionTotal: Figure;
  financing: {
    downPayment: Figure;
    loanAmount: Figure;
    rateAnnual: Figure;
    termMonths: Figure;
    sac: FinancingSchedule;
    price: FinancingSchedule;
  } | null;
  monthlyRent: Figure;
  /** True when the rent came from the reference R$/m² and not from the person. */
  rentFromReference: boolean;
  grossYield: Figure;
  netYield: Figure;
  capRate: Figure;
  cashOnCash: Figure;
  npv: Figure;
  irr: Figure;
  mirr: Figure;
  paybackMonths: Figure;
  exitValue: Figure;
  capitalGainsTax: Figure;
  cashFlow: CashFlowPoint[];
  sensitivity: SensitivityMatrix[];
}

export interface DevelopmentResult {
  landCost: Figure;
  builtArea: Figure;
  sellableArea: Figure;
  vgv: Figure;
  constructionCost: Figure;
  softCosts: Figure;
  commissions: Figure;
  ret: Figure;
  totalCost: Figure;
  profit: Figure;
  marginOnVgv: Figure;
  marginOnCost: Figure;
  residualLandValue: Figure;
  peakExposure: Figure;
  npv: Figure;
  irr: Figure;
  mirr: Figure;
  paybackMonths: Figure;
  cashFlow: CashFlowPoint[];
  sensitivity: SensitivityMatrix[];
}

export interface MarketResult {
  askedPricePerSqm: Figure;
  referencePricePerSqm: Figure;
  /** (asked − reference) / reference. */
  deviation: Figure;
  position: 'acima' | 'alinhado' | 'abaixo' | 'indeterminado';
  valuation: { low: Figure; mid: Figure; high: Figure } | null;
  notes: string[];
}

export type ChecklistStatus = 'presente' | 'ausente' | 'declarado';

export interface LegalResult {
  checklist: { id: string; label: string; status: ChecklistStatus; sources: FigureSource[] }[];
  legalStatus: string | null;
  findings: Insight[];
  /**
   * Why the legal situation cannot be judged (no matrícula in the folder), in Portuguese; the
   * score then leaves the legal part out instead of giving it 0/10. Null or absent when judged.
   */
  insufficient?: string | null;
  /** Active liens that block a sale (penhora, indisponibilidade…): the legal part is capped. */
  blockingLiens?: number;
}

export interface TechnicalResult {
  areas: { total: Figure | null; built: Figure | null; usable: Figure | null };
  areaConsistent: boolean | null;
  condition: string | null;
  features: string[];
  findings: Insight[];
}

export interface EnvironmentalResult {
  findings: Insight[];
  missing: string[];
  conclusive: boolean;
}

export type Severity = 'alta' | 'media' | 'baixa';

export interface Insight {
  id: string;
  severity: Severity;
  title: string;
  detail: string;
  sources: FigureSource[];
}

export interface ViabilityScore {
  /** 0–10, one decimal. */
  value: number;
  band: 'alta' | 'moderada' | 'baixa';
  /** 'Viabilidade alta' etc. */
  label: string;
  components: { id: string; label: string; value: number; weight: number }[];
}

export interface AssumptionUsed {
  id: AssumptionId;
  label: string;
  value: number;
  unit: FigureUnit;
  defaultValue: number;
  overridden: boolean;
  source: FigureSource;
}

export interface ReferenceRowUsed {
  id: string;
  label: string;
  value: number;
  unit: FigureUnit;
  asOf: string;
  source: string;
  uncertain: boolean;
}

export interface AnalysisResult {
  engineVersion: string;
  analysisType: AnalysisType;
  generatedAt: string;
  title: string;
  score: ViabilityScore;
  completeness: { percent: number; filled: number; total: number; missing: string[] };
  financial: FinancialResult | null;
  development: DevelopmentResult | null;
  market: MarketResult | null;
  legal: LegalResult | null;
  technical: TechnicalResult | null;
  environmental: EnvironmentalResult | null;
  risks: Insight[];
  opportunities: Insight[];
  recommendations: Insight[];
  assumptions: AssumptionUsed[];
  references: ReferenceRowUsed[];
  warnings: string[];
  /**
   * The due-diligence dossier of the analysed documents (issue 16), built by the server from the
   * completed documents on the analysis date; null without documents. Absent in results stored
   * before the dossier existed.
   */
  dossier?: Dossier | null;
  /** Reference rows used after twice their cadence (issue 17, refdata); absent when none or in older results. */
  referenceWarnings?: ReferenceWarning[];
}

/** Narrative written around the figures: by the engine itself, or by an LLM when configured. */
export interface Narrative {
  summary: string;
  conclusion: string;
}
