import type { AnalysisDetail, ExampleAnalysis } from '@viabiliza/contracts/analysis';
import type { AnalysisResult, SensitivityMatrix, CashFlowPoint } from '@viabiliza/contracts/analysis-result';

/** What the report card and the tabs show: a saved analysis or the demo example. */
export interface ShownAnalysis {
  kind: 'saved' | 'example';
  id: string | null;
  analysisType: string;
  property: { title: string; address: string | null; city: string | null; state: string | null };
  resultContent: string;
  result: AnalysisResult | null;
  providerUsed: string | null;
  model: string | null;
  tokensUsed: number | null;
  confidenceScore: number | null;
  completeness: number | null;
  viabilityScore: number | null;
  createdAt: string | null;
}

/**
 * The API response is parsed with contracts' result schema, and the server upgrades results stored
 * by older versions before sending them: `result` is a current `AnalysisResult` or null.
 */
export function fromDetail(detail: AnalysisDetail): ShownAnalysis {
  return { ...detail, kind: 'saved', id: detail.id, result: detail.result };
}

export function fromExample(example: ExampleAnalysis): ShownAnalysis {
  return { ...example, kind: 'example', id: null, result: example.result, createdAt: null };
}

export interface CashFlowSeries {
  id: 'financial' | 'development';
  title: string;
  points: CashFlowPoint[];
}

/** The cash flows to chart: the investment's and the development's, each when present. */
export function cashFlowSeries(result: AnalysisResult | null): CashFlowSeries[] {
  if (!result) return [];
  const series: CashFlowSeries[] = [];
  if (result.financial?.cashFlow?.length) {
    series.push({ id: 'financial', title: 'Fluxo de caixa do investimento', points: result.financial.cashFlow });
  }
  if (result.development?.cashFlow?.length) {
    series.push({ id: 'development', title: 'Fluxo de caixa do empreendimento', points: result.development.cashFlow });
  }
  return series;
}

export function sensitivityMatrices(result: AnalysisResult | null): SensitivityMatrix[] {
  if (!result) return [];
  return [...(result.financial?.sensitivity ?? []), ...(result.development?.sensitivity ?? [])].filter(
    (m) => m.rowValues?.length && m.colValues?.length,
  );
}

/** The text file of 'Relatórios' and of the export button (spec 01 §2). */
export const REPORT_TEXT_FILE = 'analise-resultado.txt';
