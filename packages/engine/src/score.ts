import type { AnalysisType } from '@viabiliza/contracts/analysis';
import { DOCUMENT_ROLES, documentTypeOf } from './document-roles.ts';
import type { DocumentOption } from './legal.ts';
import type {
  AnalysisResult,
  DevelopmentResult,
  EnvironmentalResult,
  FinancialResult,
  Insight,
  LegalResult,
  MarketResult,
  Severity,
  TechnicalResult,
  ViabilityScore,
} from '@viabiliza/contracts/analysis-result';
import { DOCUMENT_OPTION_LABELS, QUESTIONNAIRE_FIELD_LABELS, type Questionnaire, type QuestionnaireField } from '@viabiliza/contracts/questionnaire';
import type { EngineDocument, ResolvedInputs } from './types.ts';

/** Weights before re-normalisation over the components that apply. */
export const SCORE_WEIGHTS = {
  financial: 0.3,
  development: 0.3,
  market: 0.15,
  legal: 0.2,
  technical: 0.1,
  environmental: 0.1,
  completeness: 0.1,
} as const;
export type ScoreComponentId = keyof typeof SCORE_WEIGHTS;

export const SCORE_COMPONENT_LABELS: Record<ScoreComponentId, string> = {
  financial: 'Retorno financeiro',
  development: 'Margem do empreendimento',
  market: 'Preço frente ao mercado',
  legal: 'Situação documental e jurídica',
  technical: 'Aspectos técnicos',
  environmental: 'Aspectos ambientais',
  completeness: 'Completude dos dados',
};

/** Penalty of one finding, by severity (legal, technical and environmental components). */
export const FINDING_PENALTY: Record<Severity, number> = { alta: 3, media: 1.5, baixa: 0.5 };

/** Checklist penalties: [absent, only declared]. Items not listed cost nothing. */
export const CHECKLIST_PENALTY: Record<string, readonly [number, number]> = {
  matricula: [2, 1],
  'certidao-negativa': [1, 0.5],
  escritura: [0.5, 0.25],
  iptu: [0.5, 0.25],
  'habite-se': [0.5, 0.25],
};

export const BANDS = [
  { band: 'alta', min: 8, label: 'Viabilidade alta' },
  { band: 'moderada', min: 5, label: 'Viabilidade moderada' },
  { band: 'baixa', min: 0, label: 'Viabilidade baixa' },
] as const;

/** Too little data to judge: the band is withheld (never 'inviável'). */
export const INSUFFICIENT_LABEL = 'Dados insuficientes';
/** Below this completeness (% of the relevant inputs present) the band is 'Dados insuficientes'. */
export const MIN_COMPLETENESS = 30;
/** The highest score a band capped to 'baixa' shows (the top of the 'baixa' band). */
export const CAPPED_MAX = 4.9;

/**
 * The score's formula in words, printed in the report ('Como a nota é calculada') and kept in step
 * with the code below (score.test.ts checks the figures it quotes).
 */
export const SCORE_FORMULA: readonly string[] = [
  'A nota (0 a 10) é a média ponderada dos componentes que se aplicam à análise; os pesos são renormalizados sobre os componentes presentes.',
  `Pesos de partida: retorno financeiro ${SCORE_WEIGHTS.financial * 100}% ou margem do empreendimento ${SCORE_WEIGHTS.development * 100}%; preço frente ao mercado ${SCORE_WEIGHTS.market * 100}%; jurídico ${SCORE_WEIGHTS.legal * 100}%; técnico ${SCORE_WEIGHTS.technical * 100}%; ambiental ${SCORE_WEIGHTS.environmental * 100}%; completude ${SCORE_WEIGHTS.completeness * 100}%.`,
  'Retorno financeiro: 7 com a TIR igual à TMA, ±1 ponto por 2,5 p.p. de diferença; sem TIR, o yield bruto frente ao de referência (7 no par, ±1 por 10%); na análise de investimento, a média dos dois.',
  'Margem do empreendimento: 7 na margem-alvo sobre o VGV, ±1 ponto por 5 p.p.',
  'Preço frente ao mercado: 7 no preço de referência, −1,5 ponto a cada 10% acima (+ abaixo); sem referência para o tipo do imóvel, o componente fica de fora.',
  'Jurídico, técnico e ambiental: 10 menos as penalidades dos achados (alta 3, média 1,5, baixa 0,5) e dos documentos ausentes; ônus que impede a venda limita o jurídico a 3.',
  'Faixas: alta de 8,0 a 10,0; moderada de 5,0 a 7,9; baixa abaixo de 5,0.',
  'TMA por finalidade, na mesma base de impostos do retorno: locação e revenda comparam a TIR após impostos com o Tesouro IPCA+ longo após o IR do dono mais um prêmio de risco; incorporação compara a TIR do projeto, antes do IR do investidor, com o Tesouro antes do IR mais um prêmio de incorporação.',
  `Trava do veredito: VPL negativo à TMA ou TIR abaixo da TMA no modelo principal (incorporação: fluxo do empreendimento; aquisição: fluxo da compra/locação sem financiamento) limita a faixa a baixa (nota máxima ${CAPPED_MAX.toLocaleString('pt-BR')}), com o motivo declarado.`,
  'Financiamento escolhido pelo comprador: aparece ao lado e não muda o veredito do imóvel, a não ser que seu custo seja decisivo (o imóvel atinge a TMA à vista e não com o financiamento), o que o motivo declara.',
  `Dados insuficientes: completude abaixo de ${MIN_COMPLETENESS}%, valor do imóvel ausente, aquisição sem área nem aluguel, ou modelo principal sem VPL nem TIR → faixa "Dados insuficientes" (nunca "inviável").`,
];

export function clampScore(v: number): number {
  if (!Number.isFinite(v)) return 0;
  return Math.min(10, Math.max(0, v));
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export function scoreBand(value: number): { band: ViabilityScore['band']; label: string } {
  const b = BANDS.find((x) => value >= x.min) ?? BANDS[2];
  return { band: b.band, label: b.label };
}

// ------------------------------------------------------------------------------------------------
// Components (each 0–10; 7 means 'meets the bar')

/** IRR against the discount rate: 7 at par, ±1 point per 2,5 p.p. */
export function irrScore(irr: number, discountRate: number): number {
  return clampScore(7 + 40 * (irr - discountRate));
}

/** Gross yield against the reference yield: 7 at par, ±1 point per 10% of the reference. */
export function yieldScore(grossYield: number, referenceYield: number): number {
  if (!(referenceYield > 0)) return 0;
  return clampScore(7 + 10 * (grossYield / referenceYield - 1));
}

/** Margin on VGV against the target: 7 at target, ±1 point per 5 p.p. */
export function marginScore(margin: number, target: number): number {
  return clampScore(7 + 20 * (margin - target));
}

/** Asked price against the reference: 7 when equal, −1,5 points per 10% above (+ when below). */
export function marketScore(deviation: number): number {
  return clampScore(7 - 15 * deviation);
}

export function findingsPenalty(findings: readonly Insight[]): number {
  return findings.reduce((sum, f) => sum + FINDING_PENALTY[f.severity], 0);
}

/** A blocking lien (penhora, indisponibilidade, inalienabilidade…) caps the legal part here. */
export const BLOCKING_LIEN_CAP = 3;

/**
 * 10 minus the findings' penalties (a cancelled lien is a note and costs nothing) and the missing
 * key documents; capped when an active lien blocks the sale. Null when the data is insufficient
 * (no matrícula): the part is then left out of the score instead of counting as 0.
 */
export function legalScore(legal: LegalResult, propertyType: string | undefined): number | null {
  if (legal.insufficient) return null;
  let penalty = findingsPenalty(legal.findings.filter((f) => !f.id.startsWith('legal-onus-cancelado-')));
  for (const item of legal.checklist) {
    if (item.id === 'habite-se' && propertyType === 'terreno') continue;
    const p = CHECKLIST_PENALTY[item.id];
    if (!p) continue;
    if (item.status === 'ausente') penalty += p[0];
    else if (item.status === 'declarado') penalty += p[1];
  }
  const score = clampScore(10 - penalty);
  return (legal.blockingLiens ?? 0) > 0 ? Math.min(score, BLOCKING_LIEN_CAP) : score;
}

export function technicalScore(technical: TechnicalResult): number {
  return clampScore(10 - findingsPenalty(technical.findings));
}

/** Without documents nothing can be read, so the start is 7, not 10. */
export function environmentalScore(environmental: EnvironmentalResult, hasDocuments: boolean): number {
  return clampScore((hasDocuments ? 10 : 7) - findingsPenalty(environmental.findings));
}

export interface ScoreParts {
  analysisType: AnalysisType;
  financial: FinancialResult | null;
  development: DevelopmentResult | null;
  market: MarketResult | null;
  legal: LegalResult | null;
  technical: TechnicalResult | null;
  environmental: EnvironmentalResult | null;
  completenessPercent: number;
  discountRate: number;
  targetMargin: number;
  referenceYield: number;
  hasDocuments: boolean;
  propertyType?: string;
  /** Data present for the numeric parts (default true: callers that do not say are not judged on it). */
  hasPrice?: boolean;
  hasArea?: boolean;
  hasRent?: boolean;
}

/** The financial component: IRR vs discount rate, else gross yield vs reference; both averaged for 'investment'. */
export function financialComponent(p: ScoreParts): number | null {
  if (!p.financial) return null;
  const irr = p.financial.irr.value;
  const y = p.financial.grossYield.value;
  const byIrr = irr !== null ? irrScore(irr, p.discountRate) : null;
  const byYield = y !== null ? yieldScore(y, p.referenceYield) : null;
  if (p.analysisType === 'investment' && byIrr !== null && byYield !== null) return (byIrr + byYield) / 2;
  return byIrr ?? byYield;
}

export function computeScore(p: ScoreParts): ViabilityScore {
  const raw: { id: ScoreComponentId; value: number }[] = [];
  const margin = p.development?.marginOnVgv.value ?? null;
  if (p.development && margin !== null) raw.push({ id: 'development', value: marginScore(margin, p.targetMargin) });
  else {
    const fin = financialComponent(p);
    if (fin !== null) raw.push({ id: 'financial', value: fin });
  }
  if (p.market && p.market.position !== 'indeterminado' && p.market.deviation.value !== null) {
    raw.push({ id: 'market', value: marketScore(p.market.deviation.value) });
  }
  const legal = p.legal ? legalScore(p.legal, p.propertyType) : null;
  if (legal !== null) raw.push({ id: 'legal', value: legal });
  if (p.technical) raw.push({ id: 'technical', value: technicalScore(p.technical) });
  if (p.environmental) raw.push({ id: 'environmental', value: environmentalScore(p.environmental, p.hasDocuments) });
  raw.push({ id: 'completeness', value: clampScore(p.completenessPercent / 10) });

  const totalWeight = raw.reduce((s, c) => s + SCORE_WEIGHTS[c.id], 0);
  const components = raw.map((c) => ({
    id: c.id,
    label: SCORE_COMPONENT_LABELS[c.id],
    value: round1(c.value),
    weight: Math.round((SCORE_WEIGHTS[c.id] / totalWeight) * 1000) / 1000,
  }));
  const value = round1(clampScore(raw.reduce((s, c) => s + c.value * SCORE_WEIGHTS[c.id], 0) / totalWeight));

  const missing = insufficientReasons(p);
  if (missing.length) return { value, band: 'insuficiente', label: INSUFFICIENT_LABEL, components, cap: { band: 'insuficiente', max: null, reasons: missing } };
  const contradictions = verdictCapReasons(p);
  if (contradictions.length) {
    const capped = Math.min(value, CAPPED_MAX);
    return { value: capped, ...scoreBand(capped), components, cap: { band: 'baixa', max: CAPPED_MAX, reasons: contradictions } };
  }
  return { value, ...scoreBand(value), components };
}

const pct = (x: number) => `${(Math.round(x * 1000) / 10).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
const brl = (x: number) => `R$ ${Math.round(x).toLocaleString('pt-BR')}`;

/** The model whose NPV/IRR judge the deal: the development's project flows, else the acquisition's. */
export function primaryModel(p: Pick<ScoreParts, 'development' | 'financial'>): { kind: 'development' | 'financial'; npv: number | null; irr: number | null } | null {
  const d = p.development;
  if (d && (d.npv?.value != null || d.irr?.value != null || d.marginOnVgv?.value != null)) {
    return { kind: 'development', npv: d.npv?.value ?? null, irr: d.irr?.value ?? null };
  }
  if (p.financial) return { kind: 'financial', npv: p.financial.npv?.value ?? null, irr: p.financial.irr?.value ?? null };
  return null;
}

/**
 * Why the data is too little to judge (empty: enough). Completeness below MIN_COMPLETENESS; for
 * the numeric parts, no price; for an acquisition, no area and no rent; a financial or development
 * part with neither NPV nor IRR.
 */
export function insufficientReasons(p: ScoreParts): string[] {
  const r: string[] = [];
  if (p.completenessPercent < MIN_COMPLETENESS) r.push(`Apenas ${p.completenessPercent}% dos dados relevantes preenchidos (mínimo de ${MIN_COMPLETENESS}% para uma conclusão).`);
  const numeric = !!(p.financial || p.development || p.market);
  if (numeric && p.hasPrice === false) r.push('Valor do imóvel não informado.');
  if (p.financial && !p.development && p.hasArea === false && p.hasRent === false) r.push('Sem área nem aluguel: o retorno não pode ser calculado.');
  const model = primaryModel(p);
  if (model && model.npv === null && model.irr === null && r.length === 0) {
    r.push(
      model.kind === 'development'
        ? 'Sem VPL nem TIR do empreendimento (faltam áreas ou custos).'
        : p.financial?.strategy === 'revenda'
          ? 'Sem VPL nem TIR da revenda (falta o preço de venda pretendido ou o valor).'
          : 'Sem VPL nem TIR da aquisição (falta o aluguel ou o valor).',
    );
  }
  return r;
}

/**
 * The verdict follows the figures: NPV < 0 at the hurdle rate (TMA, `discountRateAnnual`) or IRR
 * below it caps the band at 'baixa' (score ≤ CAPPED_MAX), whatever the other components say.
 */
export function verdictCapReasons(p: Pick<ScoreParts, 'development' | 'financial' | 'discountRate'>): string[] {
  const model = primaryModel(p);
  if (!model) return [];
  const what = model.kind === 'development' ? 'do empreendimento' : p.financial?.strategy === 'revenda' ? 'da revenda' : 'da aquisição';
  const r: string[] = [];
  if (model.npv !== null && model.npv < 0) r.push(`VPL ${what} negativo à TMA de ${pct(p.discountRate)} (${brl(model.npv)}).`);
  if (model.irr !== null && model.irr < p.discountRate) r.push(`TIR ${what} de ${pct(model.irr)} abaixo da TMA de ${pct(p.discountRate)}.`);
  // The property passes but the loan the buyer chose does not: the loan's cost decides, and the reason says so.
  if (model.kind === 'financial' && r.length === 0 && p.financial?.loanEffect?.decisive) r.push(p.financial.loanEffect.text);
  return r;
}

// ------------------------------------------------------------------------------------------------
// Completeness

export interface CompletenessParts {
  questionnaire: Questionnaire;
  inputs: ResolvedInputs;
  documents: readonly EngineDocument[];
  financial: boolean;
  development: boolean;
  market: boolean;
  legal: boolean;
  technical: boolean;
  environmental: boolean;
}

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null);
const label = (f: QuestionnaireField) => QUESTIONNAIRE_FIELD_LABELS[f];

/**
 * Share of the inputs relevant to the parts computed that are present: questionnaire fields
 * (or the same figure read from a document) and key documents.
 */
export function computeCompleteness(p: CompletenessParts): AnalysisResult['completeness'] {
  const q = p.questionnaire;
  const items = new Map<string, { label: string; present: boolean }>();
  const add = (id: string, itemLabel: string, present: boolean) => {
    if (!items.has(id)) items.set(id, { label: itemLabel, present });
  };
  const hasDoc = (option: DocumentOption) => p.documents.some((d) => DOCUMENT_ROLES[documentTypeOf(d)].proves === option);
  const isLand = q.propertyType === 'terreno';

  add('city', label('city'), p.inputs.city !== null);
  add('state', label('state'), p.inputs.state !== null);
  add('propertyType', label('propertyType'), filled(q.propertyType));
  add('area', 'Área do imóvel (questionário ou documento)', p.inputs.area !== null);
  add('price', 'Valor do imóvel (questionário ou documento)', p.inputs.price !== null);
  if (p.financial && !p.development) {
    add('monthlyRent', label('monthlyRent'), p.inputs.monthlyRent !== null);
    add('annualTax', 'IPTU anual (questionário ou carnê)', p.inputs.annualTax !== null);
    if (q.propertyType === 'apartamento' || q.propertyType === 'cobertura' || q.propertyType === 'sala') {
      add('condominiumFee', label('condominiumFee'), p.inputs.condominiumFee !== null);
    }
  }
  if (p.development) {
    add('builtArea', 'Área construída planejada', p.inputs.builtArea !== null);
    add('landArea', 'Área do terreno', p.inputs.landArea !== null);
  }
  if (p.market && !isLand) {
    add('condition', label('condition'), filled(q.condition));
    add('neighborhood', label('neighborhood'), filled(q.neighborhood));
  }
  if (p.legal) {
    add('address', label('address'), filled(q.address) || !!p.inputs.address);
    add('legalStatus', label('legalStatus'), filled(q.legalStatus));
    add('doc-matricula', `Documento: ${DOCUMENT_OPTION_LABELS.matricula}`, hasDoc('matricula'));
    add('doc-certidao', `Documento: ${DOCUMENT_OPTION_LABELS['certidao-negativa']}`, hasDoc('certidao-negativa'));
    if (!isLand) add('doc-iptu', `Documento: ${DOCUMENT_OPTION_LABELS.iptu}`, hasDoc('iptu'));
  }
  if (p.technical) {
    if (!isLand) {
      add('condition', label('condition'), filled(q.condition));
      add('usableArea', 'Área útil (questionário ou documento)', filled(q.usableArea) || hasKey(p, 'area_privativa_m2'));
    }
    add('builtArea', isLand ? 'Área construída planejada' : 'Área construída (questionário ou documento)', p.inputs.builtArea !== null);
    add('totalArea', 'Área total (questionário ou documento)', filled(q.totalArea) || hasKey(p, 'area_total_m2') || hasKey(p, 'area_terreno_m2'));
  }
  if (p.environmental) {
    add('address', label('address'), filled(q.address) || !!p.inputs.address);
    add('documents', 'Documentos do imóvel com texto (matrícula, certidões)', p.documents.some((d) => d.pages.some((pg) => pg.text.trim() !== '')));
  }
  const all = [...items.values()];
  const present = all.filter((i) => i.present).length;
  return {
    percent: all.length ? Math.round((present / all.length) * 100) : 0,
    filled: present,
    total: all.length,
    missing: all.filter((i) => !i.present).map((i) => i.label),
  };
}

function hasKey(p: CompletenessParts, key: string): boolean {
  return p.documents.some((d) => d.keyFields.some((f) => f.key === key));
}
