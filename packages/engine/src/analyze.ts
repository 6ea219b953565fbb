import { ASSUMPTION_IDS, type AnalysisType, type AssumptionId } from '@viabiliza/contracts/analysis';
import { ANALYSIS_RESULT_VERSION, type AnalysisResult, type AssumptionUsed, type Narrative, type ReferenceRowUsed } from '@viabiliza/contracts/analysis-result';
import { confidenceScore } from './confidence.ts';
import { computed, figure } from './figure.ts';
import { computeDevelopment } from './development.ts';
import { computeEnvironmental } from './environmental.ts';
import { computeFinancial } from './financial.ts';
import { computeFlip } from './flip.ts';
import { implausibleInputs } from './plausibility.ts';
import { acquisitionStress, developmentStress } from './stress.ts';
import { buildInsights } from './insights.ts';
import { computeLegal } from './legal.ts';
import { computeMarket, isResidentialType, rentByType } from './market.ts';
import { SHIPPED_DATASET, staleReference, toUsed, type ReferenceDataset } from './reference-data.ts';
import { defaultNarrative, formatDate, renderMarkdown } from './report.ts';
import { analysisDate, resolveInputs } from './resolve-inputs.ts';
import { computeCompleteness, computeScore, MIN_COMPLETENESS } from './score.ts';
import { computeTechnical } from './technical.ts';
import type { EngineInput, ResolvedInputs } from './types.ts';

export const ENGINE_VERSION = '1.0.0';

interface Plan {
  financial: boolean;
  /** Development feasibility when the property is a development (plot, objective or purpose). */
  development: boolean;
  market: boolean;
  legal: boolean;
  technical: boolean;
  environmental: boolean;
}

const ALL: Plan = { financial: true, development: true, market: true, legal: true, technical: true, environmental: true };
const NONE: Plan = { financial: false, development: false, market: false, legal: false, technical: false, environmental: false };

/** Which parts each analysis type computes. */
export const ANALYSIS_PLANS: Record<AnalysisType, Plan> = {
  complete: ALL,
  viability: ALL,
  quick: ALL,
  financial: { ...NONE, financial: true, development: true },
  investment: { ...NONE, financial: true },
  market: { ...NONE, market: true },
  legal: { ...NONE, legal: true },
  technical: { ...NONE, technical: true },
  environmental: { ...NONE, environmental: true },
};

const FINANCIAL_ASSUMPTIONS: readonly AssumptionId[] = [
  'itbiRate',
  'notaryRate',
  'downPaymentRate',
  'financingRateAnnual',
  'financingTermMonths',
  'discountRateAnnual',
  'holdingYears',
  'appreciationAnnual',
  'rentPerSqm',
  'vacancyRate',
  'managementRate',
  'maintenanceRate',
];
const DEVELOPMENT_ASSUMPTIONS: readonly AssumptionId[] = [
  'itbiRate',
  'notaryRate',
  'discountRateAnnual',
  'salePricePerSqm',
  'constructionCostPerSqm',
  'sellableEfficiency',
  'softCostRate',
  'commissionRate',
  'retRate',
  'targetMargin',
  'constructionMonths',
  'salesMonths',
  // the incorporação model (issue 17)
  'approvalMonths',
  'cubExclusionsRate',
  'inccAnnual',
  'distratoRate',
  'constructionLoanShare',
  'constructionLoanRateAnnual',
];

const ACQUISITION_ASSUMPTIONS: readonly AssumptionId[] = ['itbiRate', 'notaryRate'];
const FINANCING_ASSUMPTIONS: readonly AssumptionId[] = ['downPaymentRate', 'financingRateAnnual', 'financingTermMonths'];

/**
 * A plot, or a property bought to be developed, earns no rent: unless the person typed one, the
 * acquisition is modelled without the reference rent (the return is in the development part).
 */
function withoutReferenceRent(inputs: ResolvedInputs, noRent: boolean): ResolvedInputs {
  if (!noRent || inputs.monthlyRent) return inputs;
  return {
    ...inputs,
    monthlyRent: figure('monthlyRent', 'Aluguel mensal', 0, 'BRL/mes', computed('Terreno / incorporação: sem renda de aluguel considerada')),
  };
}

/** Assumptions the computed parts use, plus every overridden one, in the canonical order. */
function usedAssumptions(
  inputs: ResolvedInputs,
  parts: { financial: boolean; financing: boolean; development: boolean; market: boolean },
): AssumptionUsed[] {
  const ids = new Set<AssumptionId>();
  if (parts.financial && parts.development) {
    ACQUISITION_ASSUMPTIONS.forEach((id) => ids.add(id));
    if (parts.financing) FINANCING_ASSUMPTIONS.forEach((id) => ids.add(id));
  } else if (parts.financial) FINANCIAL_ASSUMPTIONS.forEach((id) => ids.add(id));
  if (parts.development) DEVELOPMENT_ASSUMPTIONS.forEach((id) => ids.add(id));
  if (parts.market) ids.add('salePricePerSqm');
  return ASSUMPTION_IDS.filter((id) => ids.has(id) || inputs.assumptions[id].overridden).map((id) => inputs.assumptions[id]);
}

/** Every reference row cited anywhere in the result, in dataset order. */
function collectReferences(value: unknown, extra: readonly ReferenceRowUsed[], refs: ReferenceDataset): ReferenceRowUsed[] {
  const ids = new Set<string>(extra.map((r) => r.id));
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.kind === 'reference' && typeof o.referenceId === 'string') ids.add(o.referenceId);
      for (const k of Object.keys(o)) walk(o[k]);
    }
  };
  walk(value);
  const byId = new Map(extra.map((r) => [r.id, r]));
  const out: ReferenceRowUsed[] = [];
  for (const row of refs.rows) if (ids.has(row.id) && !out.some((r) => r.id === row.id)) out.push(byId.get(row.id) ?? toUsed(row));
  return out;
}

/**
 * Replaces any non-finite number left by a calculator (figures become null, other numbers 0) so
 * the stored result stays valid JSON; returns the paths replaced.
 */
function sanitize(value: unknown, path: string, fixed: string[]): unknown {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    fixed.push(path);
    return /\.value$|\.cells\b/.test(path) ? null : 0;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = sanitize(value[i], `${path}[${i}]`, fixed);
    return value;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = sanitize(o[k], `${path}.${k}`, fixed);
    return o;
  }
  return value;
}

export const NON_FINITE_WARNING = 'Valores não calculáveis com as premissas informadas foram zerados';

function defaultTitle(input: EngineInput): string {
  const t = input.title?.trim();
  if (t) return t;
  const address = input.questionnaire?.address?.trim() || input.dossier?.facts.find((f) => f.key === 'endereco')?.value;
  if (address) return address;
  return `Análise de Viabilidade ${formatDate(input.generatedAt)}`;
}

/** The whole analysis of one property, deterministic for one input. */
export function analyze(input: EngineInput): AnalysisResult {
  const q = input.questionnaire ?? {};
  const docs = input.documents ?? [];
  const asOf = analysisDate(input.generatedAt);
  const inputs = resolveInputs({ ...input, questionnaire: q, documents: docs });
  const plan = ANALYSIS_PLANS[input.analysisType] ?? ALL;

  const development = plan.development && inputs.isDevelopment ? computeDevelopment(inputs, { inputs: q.development, asOf }) : null;
  // The market valuation serves the exit (comparables) and a flip's sale price, even when the market part is not shown.
  const market = plan.market ? computeMarket(inputs, q, asOf) : null;
  const valuation = plan.financial && !development ? (market ?? computeMarket(inputs, q, asOf)) : null;
  const flip = plan.financial && !development && inputs.deal?.strategy === 'revenda';
  // The exit starts from the comparables' valuation when there are any (a purchase below market sells at market).
  const exitBase = valuation?.comparables?.sale && valuation.valuation?.mid.value ? valuation.valuation.mid : null;
  const financialInputs = withoutReferenceRent(rentByType({ ...inputs, ...(exitBase ? { exitBase } : {}) }, q, asOf), q.propertyType === 'terreno' || !!development);
  const financial = plan.financial ? (flip ? computeFlip(inputs, valuation?.valuation?.mid ?? null, !!exitBase) : computeFinancial(financialInputs)) : null;
  // Stress section on the primary model: the development when there is one, else the acquisition.
  const stress = development
    ? developmentStress(inputs, development, { inputs: q.development, asOf })
    : financial && !flip
      ? acquisitionStress(financialInputs, financial)
      : null;
  const dossier = input.dossier ?? null;
  const legal = plan.legal ? computeLegal(q, docs, dossier) : null;
  const technical = plan.technical ? computeTechnical(q, docs) : null;
  const environmental = plan.environmental ? computeEnvironmental(q, docs) : null;

  const completeness = computeCompleteness({
    questionnaire: q,
    inputs,
    documents: docs,
    financial: !!financial,
    development: !!development,
    market: !!market,
    legal: !!legal,
    technical: !!technical,
    environmental: !!environmental,
  });
  const refs = inputs.refs ?? SHIPPED_DATASET;
  const referenceYield = financial && !development ? (refs.byCity('fipezap-yield', inputs.city, inputs.state, asOf) ?? refs.generic('fipezap-yield', asOf)) : null;
  const score = computeScore({
    analysisType: input.analysisType,
    financial,
    development,
    market,
    legal,
    technical,
    environmental,
    completenessPercent: completeness.percent,
    discountRate: inputs.assumptions.discountRateAnnual.value,
    targetMargin: inputs.assumptions.targetMargin.value,
    referenceYield: referenceYield?.value ?? 0,
    hasDocuments: docs.some((d) => d.pages.some((p) => (p.text ?? '').trim() !== '')),
    ...(q.propertyType ? { propertyType: q.propertyType } : {}),
    hasPrice: inputs.price !== null,
    hasArea: inputs.area !== null,
    hasRent: financial?.monthlyRent.value != null,
  });
  const insights = buildInsights({
    questionnaire: q,
    inputs,
    financial,
    development,
    market,
    legal,
    technical,
    environmental,
    completeness,
    referenceYield,
    ...(asOf ? { asOf } : {}),
  });
  const assumptions = usedAssumptions(inputs, { financial: !!financial, financing: !!financial?.financing, development: !!development, market: !!market });

  const result: AnalysisResult = {
    schemaVersion: ANALYSIS_RESULT_VERSION,
    engineVersion: ENGINE_VERSION,
    analysisType: input.analysisType,
    generatedAt: input.generatedAt,
    title: defaultTitle(input),
    score,
    completeness,
    financial,
    development,
    market,
    legal,
    technical,
    environmental,
    risks: insights.risks,
    opportunities: insights.opportunities,
    recommendations: insights.recommendations,
    assumptions,
    references: [],
    warnings: [],
    dossier,
    ...(stress ? { stress } : {}),
    ...(inputs.hurdle ? { hurdle: inputs.hurdle } : {}),
  };
  const implausible = implausibleInputs(q, inputs);
  if (implausible.length) result.implausible = implausible;
  // The questionnaire won where it and the documents disagree: say so, with both values.
  for (const d of inputs.disagreements ?? []) result.risks.push({ ...d, id: `risk-${d.id}` });
  const extraRows: ReferenceRowUsed[] = [];
  if (referenceYield) extraRows.push(toUsed(referenceYield));
  if (market) {
    const row = refs.byCity('fipezap-venda', inputs.city, inputs.state, asOf) ?? refs.generic('fipezap-venda', asOf);
    if (row) extraRows.push(toUsed(row));
  }
  const usedRows = inputs.references.filter((r) => assumptions.some((a) => a.source.kind === 'reference' && a.source.referenceId === r.id));
  result.references = collectReferences(result, [...usedRows, ...extraRows], refs);
  result.warnings = buildWarnings(input, inputs, result);
  if (financial?.loanEffect) result.warnings.push(financial.loanEffect.text);
  // Every reference row used after twice its cadence says so, in the result and its warnings.
  if (asOf) {
    const stale = result.references.flatMap((ref) => {
      const row = refs.find(ref.id);
      const s = row ? staleReference(row, asOf) : null;
      return s ? [s] : [];
    });
    if (stale.length) {
      result.referenceWarnings = stale;
      result.warnings.push(...stale.map((s) => s.message));
    }
  }
  const fixed: string[] = [];
  sanitize(result, 'result', fixed);
  if (fixed.length) result.warnings.push(`${NON_FINITE_WARNING} (${fixed.length}, a partir de ${fixed[0]}).`);
  return result;
}

function buildWarnings(input: EngineInput, inputs: ResolvedInputs, r: AnalysisResult): string[] {
  const w: string[] = [];
  const q = input.questionnaire ?? {};
  const docs = input.documents ?? [];
  const numeric = !!(r.financial || r.development || r.market);
  if (numeric && !inputs.price) {
    w.push('Valor do imóvel não informado: preencha o valor pretendido (ou o preço por m² e a área) ou envie a escritura / o compromisso de compra e venda.');
  }
  if (numeric && !inputs.area) w.push('Área do imóvel não informada: os valores por m² e a faixa de valor não puderam ser calculados.');
  if (numeric && !inputs.city) w.push('Cidade não informada: foram usadas as referências médias nacionais de preço e aluguel.');
  if (numeric && inputs.city) {
    const a = inputs.assumptions;
    const fromCity = (s: AssumptionUsed['source']) => s.kind !== 'reference' || !/-media-/.test(s.referenceId);
    // The market warns only when it used the residential reference (not for 'sem referência' or comparables).
    const marketUsedIndex = !!r.market && r.market.referencePricePerSqm.source.kind === 'reference';
    if ((marketUsedIndex || r.development) && !a.salePricePerSqm.overridden && !fromCity(a.salePricePerSqm.source)) {
      w.push(`Sem índice FipeZAP de venda para ${inputs.city}: foi usada a média nacional.`);
    }
    if (r.financial && !r.development && r.financial.rentFromReference && !a.rentPerSqm.overridden && !fromCity(a.rentPerSqm.source)) {
      w.push(`Sem índice FipeZAP de aluguel para ${inputs.city}: foi usada a média nacional.`);
    }
  }
  if (r.financial && !r.development && r.financial.monthlyRent.value === null && q.propertyType && !isResidentialType(q.propertyType)) {
    w.push('Aluguel não informado: não há aluguel de referência para este tipo de imóvel (os índices são residenciais); informe o aluguel ou comparáveis de aluguel.');
  }
  if (r.development && !inputs.state && !inputs.assumptions.constructionCostPerSqm.overridden) {
    w.push('Estado não informado: o custo de construção usa o SINAPI médio do Brasil.');
  }
  if (r.development && !inputs.builtArea) w.push('Área construída planejada não informada: o VGV e os custos de obra não puderam ser calculados.');
  if (r.financial?.rentFromReference && !r.development) w.push('Aluguel não informado: estimado pela referência FipeZAP de R$/m² (preços anunciados).');
  for (const ref of r.references) {
    if (!ref.uncertain) continue;
    const note = (inputs.refs ?? SHIPPED_DATASET).find(ref.id)?.note;
    w.push(`Referência incerta usada: ${ref.label}${note ? ` — ${note}` : ''}`);
  }
  for (const d of docs) {
    if (!d.pages.some((p) => (p.text ?? '').trim() !== '')) w.push(`Documento sem texto extraído: ${d.fileName}.`);
  }
  for (const d of inputs.disagreements ?? []) w.push(`${d.title}. ${d.detail}`);
  if (r.legal?.insufficient && docs.length > 0) w.push(r.legal.insufficient);
  if (docs.length === 0 && (r.legal || r.environmental)) {
    w.push('Nenhum documento enviado: a análise jurídica e ambiental se baseia apenas no questionário.');
  }
  if (q.propertyType === undefined && numeric) w.push('Tipo de imóvel não informado.');
  const appreciation = inputs.assumptions.appreciationAnnual.value;
  if (r.financial && Math.abs(appreciation) > 0.3) {
    w.push(`Valorização de ${(appreciation * 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} % ao ano: fora da faixa usual de −30 % a +30 %; confira a premissa.`);
  }
  if (inputs.deal?.wantsFinancing && inputs.acceptsFinancing === false) {
    w.push('O vendedor não aceita financiamento (Aceita financiamento: não): a compra foi calculada à vista.');
  }
  for (const i of r.implausible ?? []) w.push(i.message);
  if (r.financial?.flip) w.push(...r.financial.flip.notes.filter((n) => /não informad/.test(n)));
  return w;
}

export interface EngineRun {
  result: AnalysisResult;
  markdown: string;
  /** Spec 01 §9 confidence score of the Markdown text (0–100). */
  confidence: number;
}

/** Analysis, Markdown report (with the given narrative, else the engine's own) and confidence. */
export function runEngine(input: EngineInput, narrative?: Narrative): EngineRun {
  const result = analyze(input);
  const markdown = renderMarkdown(result, narrative ?? defaultNarrative(result));
  return { result, markdown, confidence: evidenceConfidence(result, confidenceScore(markdown)) };
}

/**
 * The confidence shown beside the verdict: the spec's text score, never above the completeness of
 * the evidence (a long report on little data is not 'alta confiança'), and at most the minimum
 * completeness when the data is insufficient.
 */
export function evidenceConfidence(result: AnalysisResult, textScore: number): number {
  const evidence = result.completeness.percent;
  const capped = Math.min(textScore, evidence);
  return result.score.band === 'insuficiente' ? Math.min(capped, MIN_COMPLETENESS) : capped;
}
