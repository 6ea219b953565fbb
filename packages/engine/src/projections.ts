import type { AnalysisResult, Insight, Severity } from '@viabiliza/contracts/analysis-result';
import type { ProjectionResult } from '@viabiliza/contracts/intelligence';
import { REAL_RATE_LIMITS } from '@viabiliza/contracts/intelligence';
import { roundCents } from './finance.ts';
import { lookupGeneric } from './reference-data.ts';
import { formatDate, formatMoney, formatPercent } from './report.ts';

/**
 * Predictive analytics (spec 02 §3 'Predictive analysis'), honestly: scenarios from stated
 * assumptions, not forecasts. The property's value grows at IPCA (the reference row dated at the
 * analysis) plus a real rate the person chooses (default 0%: keeps pace with inflation):
 * `nominal = (1 + IPCA) × (1 + real) − 1`, `value(m) = base × (1 + nominal)^(m/12)`.
 *
 * Risk assessment: the engine's risks, alta 3 / média 2 / baixa 1 points; high with any 'alta'
 * risk or 6+ points, medium with 2+, else low.
 *
 * Recommendation, the first rule that applies (`RECOMMENDATION_RULES`):
 * 1. a legal risk of severity alta → wait;
 * 2. score ≥ 8 and the return meets the hurdle (or no IRR/NPV) → buy;
 * 3. score ≥ 5 and IRR ≥ hurdle (and NPV ≥ 0) → buy;
 * 4. score ≥ 5 and the return does not fall short of the hurdle → hold / negotiate;
 * 5. NPV < 0 at the hurdle or IRR < hurdle → sell / do not buy (never buy or hold: the verdict follows the figures);
 * 6. otherwise, or 'Dados insuficientes' → wait (too little data).
 * The hurdle is the analysis' TMA (`discountRateAnnual`) when known, else the Selic.
 */

export const SCENARIO_MONTHS = 24;
export const RISK_POINTS: Record<Severity, number> = { alta: 3, media: 2, baixa: 1 };
export const IMPACT: Record<Severity, 'high' | 'medium' | 'low'> = { alta: 'high', media: 'medium', baixa: 'low' };

export const RECOMMENDATION_RULES = [
  'R1: risco jurídico de severidade alta → aguardar',
  'R2: pontuação ≥ 8 e retorno ≥ TMA (ou sem TIR) → comprar',
  'R3: pontuação ≥ 5 e TIR ≥ TMA → comprar',
  'R4: pontuação ≥ 5 sem retorno abaixo da TMA → manter / negociar',
  'R5: VPL < 0 ou TIR < TMA → vender / não comprar',
  'R6: demais casos ou dados insuficientes → aguardar',
] as const;

/** Annual nominal rate from IPCA and a real rate (Fisher). */
export function nominalRate(ipca: number, realRate: number): number {
  return (1 + ipca) * (1 + realRate) - 1;
}

export function projectValue(base: number, nominal: number, months: number): number {
  return roundCents(base * Math.pow(1 + nominal, months / 12));
}

export function assessRisk(risks: readonly Pick<Insight, 'severity' | 'title' | 'detail'>[]): ProjectionResult['riskAssessment'] {
  const points = risks.reduce((n, r) => n + (RISK_POINTS[r.severity] ?? 0), 0);
  const level = risks.some((r) => r.severity === 'alta') || points >= 6 ? 'high' : points >= 2 ? 'medium' : 'low';
  return {
    level,
    points,
    factors: risks.map((r) => ({ factor: r.title, impact: IMPACT[r.severity] ?? 'low', description: r.detail })),
  };
}

export interface RecommendationInput {
  score: number;
  irr: number | null;
  selic: number | null;
  legalHighRisks: string[];
  completeness: number;
  /** The primary model's NPV at the hurdle (null/absent: not computed). */
  npv?: number | null;
  /** The hurdle rate (TMA); absent: the Selic. */
  hurdle?: number | null;
  /** The score's band is 'Dados insuficientes'. */
  insufficient?: boolean;
}

export function recommend(input: RecommendationInput): ProjectionResult['investmentRecommendation'] {
  const { score, irr, selic, legalHighRisks } = input;
  const hurdle = input.hurdle ?? selic;
  const hurdleName = input.hurdle != null ? 'TMA' : 'Selic';
  const reasoning: string[] = [`Pontuação de viabilidade: ${score.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}/10.`];
  const irrBeats = irr !== null && hurdle !== null ? irr >= hurdle : null;
  const npvNegative = input.npv != null && input.npv < 0;
  const beats = npvNegative ? false : irrBeats;
  if (irr !== null && hurdle !== null) {
    reasoning.push(`TIR de ${formatPercent(irr)} a.a. ${irrBeats ? 'supera ou iguala' : 'fica abaixo d'}a ${hurdleName} de ${formatPercent(hurdle)} a.a.`);
  }
  if (npvNegative) reasoning.push(`VPL negativo à ${hurdleName} (${formatMoney(input.npv!)}).`);
  if (irr === null) {
    reasoning.push('Sem TIR calculada nesta análise (faltam valor, aluguel ou fluxos).');
  }
  if (legalHighRisks.length) reasoning.push(`Riscos jurídicos de severidade alta: ${legalHighRisks.join('; ')}.`);
  else reasoning.push('Nenhum risco jurídico de severidade alta.');

  let action: ProjectionResult['investmentRecommendation']['action'];
  let rule: string;
  if (legalHighRisks.length) [action, rule] = ['wait', RECOMMENDATION_RULES[0]];
  else if (input.insufficient) [action, rule] = ['wait', RECOMMENDATION_RULES[5]];
  else if (score >= 8 && beats !== false) [action, rule] = ['buy', RECOMMENDATION_RULES[1]];
  else if (score >= 5 && beats === true) [action, rule] = ['buy', RECOMMENDATION_RULES[2]];
  else if (score >= 5 && beats !== false) [action, rule] = ['hold', RECOMMENDATION_RULES[3]];
  else if (beats === false) [action, rule] = ['sell', RECOMMENDATION_RULES[4]];
  else [action, rule] = ['wait', RECOMMENDATION_RULES[5]];
  reasoning.push(`Regra aplicada: ${rule}.`);
  // Confidence rests on the data: completeness, plus whether the return could be compared at all.
  const confidence = Math.max(0, Math.min(100, Math.round(input.completeness * 0.7 + (irr !== null ? 20 : 0) + (selic !== null ? 10 : 0))));
  return { action, confidence, reasoning, rule };
}

function monthLabel(generatedAt: string, offset: number): string {
  const y = Number(generatedAt.slice(0, 4));
  const m = Number(generatedAt.slice(5, 7)) - 1 + offset;
  const year = y + Math.floor(m / 12);
  const month = (m % 12) + 1;
  return `${String(month).padStart(2, '0')}/${year}`;
}

export function computeProjections(result: AnalysisResult, realRate: number = REAL_RATE_LIMITS.default): ProjectionResult {
  const at = result.generatedAt;
  const ipcaRow = lookupGeneric('ipca', at);
  const selicRow = lookupGeneric('selic', at);
  const ipca = ipcaRow?.value ?? 0;
  const nominal = nominalRate(ipca, realRate);
  const mid = result.market?.valuation?.mid.value ?? null;
  const price = result.financial?.price.value ?? null;
  const basis = mid !== null && mid > 0
    ? { label: 'Valor central da avaliação', value: mid }
    : price !== null && price > 0
      ? { label: 'Valor do imóvel informado', value: price }
      : null;

  const monthly: ProjectionResult['monthly'] = basis
    ? Array.from({ length: SCENARIO_MONTHS + 1 }, (_, i) => ({
        month: monthLabel(at, i),
        index: i,
        value: i === 0 ? basis.value : null,
        prediction: projectValue(basis.value, nominal, i),
      }))
    : [];

  const irr = result.development?.irr.value ?? result.financial?.irr.value ?? null;
  const npv = result.development ? result.development.npv.value : (result.financial?.npv.value ?? null);
  const hurdle = result.assumptions.find((a) => a.id === 'discountRateAnnual')?.value ?? null;
  const legalHighRisks = result.risks.filter((r) => r.id.startsWith('risk-legal-') && r.severity === 'alta').map((r) => r.title);
  const notes = [
    'Cenário, não previsão: os valores aplicam as premissas abaixo ao valor-base; o mercado pode seguir outro caminho.',
    ipcaRow
      ? `IPCA: ${formatPercent(ipca)} a.a. (${ipcaRow.label}, ${ipcaRow.source}, ${formatDate(ipcaRow.asOf)}).`
      : 'Sem linha de IPCA na base de referência: inflação considerada zero.',
    `Taxa real escolhida: ${formatPercent(realRate)} a.a.; taxa nominal = (1 + IPCA) × (1 + real) − 1 = ${formatPercent(nominal)} a.a.`,
  ];
  if (basis) notes.push(`Valor-base: ${basis.label.toLowerCase()} (${formatMoney(basis.value)}).`);
  else notes.push('Sem valor-base (avaliação ou valor do imóvel): não há projeção de preço.');

  return {
    scenario: true,
    basis,
    assumptions: {
      ipca,
      ipcaLabel: ipcaRow?.label ?? 'IPCA',
      ipcaAsOf: ipcaRow?.asOf ?? '',
      ipcaSource: ipcaRow?.source ?? '',
      realRate,
      nominalRate: nominal,
      selic: selicRow?.value ?? null,
      selicAsOf: selicRow?.asOf ?? null,
    },
    priceProjection: basis
      ? {
          current: basis.value,
          projected6m: projectValue(basis.value, nominal, 6),
          projected1y: projectValue(basis.value, nominal, 12),
          projected2y: projectValue(basis.value, nominal, 24),
        }
      : null,
    monthly,
    riskAssessment: assessRisk(result.risks),
    investmentRecommendation: recommend({
      score: result.score.value,
      irr,
      selic: selicRow?.value ?? null,
      legalHighRisks,
      completeness: result.completeness.percent,
      npv,
      hurdle,
      insufficient: result.score.band === 'insuficiente',
    }),
    notes,
  };
}
