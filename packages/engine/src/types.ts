import type { AnalysisType, AssumptionOverrides } from '@viabiliza/contracts/analysis';
import type { AssumptionUsed, Figure, FigureSource, Insight, ReferenceRowUsed } from '@viabiliza/contracts/analysis-result';
import type { Dossier, DossierDocument } from '@viabiliza/contracts/dossier';
import type { AssumptionId } from '@viabiliza/contracts/analysis';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import type { Hurdle } from '@viabiliza/contracts/result/hurdle';
import type { ReferenceDataset, ReferenceRow } from './reference-data.ts';

/**
 * A document as the engine sees it: key fields and page text from the extraction, the same shape
 * the dossier is built from. Liens never come from a document's fields: only from the dossier.
 */
export type EngineDocument = DossierDocument;

export interface EngineInput {
  analysisType: AnalysisType;
  questionnaire: Questionnaire;
  documents: EngineDocument[];
  overrides?: AssumptionOverrides;
  /** ISO timestamp, passed in so the same input always gives the same result. */
  generatedAt: string;
  title?: string;
  /**
   * The due-diligence dossier of `documents` on the analysis date, built by the caller (the server
   * runs `@viabiliza/extract`'s buildDossier; the engine does not read documents that way itself).
   * The legal part's liens, certidões and checks come only from it; it also fills what the
   * questionnaire leaves blank.
   */
  dossier?: Dossier | null;
  /**
   * Reference rows from the database (SGS refresh, admin imports), merged with the shipped rows:
   * within a series + city + state + property type the newest `asOf` on or before the analysis
   * date wins, a tie goes to these rows.
   */
  referenceRows?: ReferenceRow[];
}

/**
 * Everything the calculators need, already resolved from questionnaire, documents, reference
 * data and assumptions, each with its source. Built by `resolve-inputs.ts`; read by
 * `financial.ts` and `development.ts`, which never look at the questionnaire themselves.
 */
export interface ResolvedInputs {
  /** Asking or purchase price: targetValue, else a document's transaction value, else price/m² × area. */
  price: Figure | null;
  /** Area used for per-m² figures (usable, else built, else total). */
  area: Figure | null;
  landArea: Figure | null;
  builtArea: Figure | null;
  /** Rent typed by the person; null means the reference R$/m² is used (and flagged). */
  monthlyRent: Figure | null;
  /** Set (the reason) when no rent reference describes the property's type: the rent is missing, not estimated (market.ts `rentByType`). */
  noReferenceRent?: string;
  condominiumFee: Figure | null;
  annualTax: Figure | null;
  downPayment: Figure | null;
  acceptsFinancing: boolean | null;
  city: string | null;
  state: string | null;
  /** The property's address: the questionnaire's, else the dossier's. */
  address?: { value: string; source: FigureSource } | null;
  /** The ITBI the documents state (paid, else due), used as the acquisition's ITBI instead of price × rate. */
  itbi?: Figure | null;
  /** The city's valor venal de referência (São Paulo's VVR) the documents state: compared with the price. */
  referenceValue?: Figure | null;
  /** Where the questionnaire and the documents disagree (the questionnaire wins), each citing both. */
  disagreements?: Insight[];
  isDevelopment: boolean;
  /** Questionnaire property type and purposes (financing regime: SFH only for residential). */
  propertyType?: string | null;
  purposes?: readonly string[];
  /** Analysis day (YYYY-MM-DD) reference rows are picked for. */
  asOf?: string;
  assumptions: Record<AssumptionId, AssumptionUsed>;
  references: ReferenceRowUsed[];
  /** The analysis' reference data (shipped + `EngineInput.referenceRows`); absent: shipped rows only. */
  refs?: ReferenceDataset;
  /** The market valuation from comparables (central value), the exit's base instead of the price. */
  exitBase?: Figure | null;
  /** Strategy, the buyer's loan, the flip's inputs, the owner's tax profile (absent in hand-built inputs: a cash rental). */
  deal?: ResolvedDeal;
  /** The hurdle by purpose and tax basis (the value is `assumptions.discountRateAnnual`). */
  hurdle?: Hurdle;
}

/** The questionnaire's 'Estratégia, financiamento e impostos' block, resolved (resolve-inputs.ts). */
export interface ResolvedDeal {
  strategy: 'aluguel' | 'revenda';
  /** 'Pretende financiar?': the buyer chose a loan. Only then is a loan modelled. */
  wantsFinancing: boolean;
  financingSystem: 'SAC' | 'PRICE' | null;
  downPayment: { value: number; source: FigureSource } | null;
  /** Renovation budget in BRL (typed, or R$/m² × area). */
  renovation: { value: number; source: FigureSource } | null;
  worksMonths: number;
  worksMonthsTyped: boolean;
  sellMonths: number;
  sellMonthsTyped: boolean;
  targetSalePrice: { value: number; source: FigureSource } | null;
  utilitiesMonthly: number | null;
  /** Other rent the owner receives a month: the carnê-leão brackets apply on the total. */
  otherRentalIncome: number;
  /** Owns other properties: no R$ 440 mil exemption. */
  otherProperties: boolean;
  /** Month index of an earlier acquisition (an owned property): FR1/FR2 from it. */
  acquisitionMonth: number | null;
  acquisitionCost: { value: number; source: FigureSource } | null;
}
