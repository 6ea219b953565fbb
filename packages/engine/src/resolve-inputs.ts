import type { Figure, FigureSource, FigureUnit, Insight } from '@viabiliza/contracts/analysis-result';
import type { Dossier, DossierFactKey } from '@viabiliza/contracts/dossier';
import { AREA_TYPE_ORDER, documentTypeOf, PRICE_TYPE_ORDER } from './document-roles.ts';
import { DEAL_FIELD_LABELS, QUESTIONNAIRE_FIELD_LABELS, parseBrNumber, type DealField, type Questionnaire, type QuestionnaireField } from '@viabiliza/contracts/questionnaire';
import type { AssumptionOverrides } from '@viabiliza/contracts/analysis';
import { resolveAssumptionsWithReferences } from './assumptions.ts';
import { dossierNumber, dossierText, sameAddress } from './document-facts.ts';
import { figure } from './figure.ts';
import { normalizeCity, normalizeState, referenceDataset } from './reference-data.ts';
import { formatMoney, formatNumber } from './report.ts';
import type { HurdleKind } from './hurdle.ts';
import { monthIndexOf } from './tax.ts';
import type { EngineDocument, EngineInput, ResolvedDeal, ResolvedInputs } from './types.ts';

/** A number with the place it came from. */
export interface Sourced {
  value: number;
  source: FigureSource;
}

export function questionnaireSource(field: QuestionnaireField): FigureSource {
  return { kind: 'questionnaire', field, label: QUESTIONNAIRE_FIELD_LABELS[field] };
}

export function documentSource(doc: EngineDocument, page: number, label: string): FigureSource {
  return { kind: 'document', documentId: doc.id, fileName: doc.fileName, page, label };
}

/** A questionnaire number, when typed and within bounds (`min` inclusive unless `positive`). */
export function questionnaireNumber(q: Questionnaire, field: QuestionnaireField, positive = true): Sourced | null {
  const raw = q[field];
  if (typeof raw !== 'string') return null;
  const value = parseBrNumber(raw);
  if (value === null || !Number.isFinite(value) || (positive ? value <= 0 : value < 0)) return null;
  return { value, source: questionnaireSource(field) };
}

function keyFieldNumber(field: EngineDocument['keyFields'][number]): number | null {
  if (typeof field.normalized === 'number' && Number.isFinite(field.normalized)) return field.normalized;
  if (typeof field.normalized === 'string') {
    const n = parseBrNumber(field.normalized);
    if (n !== null) return n;
  }
  return parseBrNumber(field.value.replace(/^R\$\s*/i, '').replace(/(?<!\s)\s*(?:m²|m2)$/i, ''));
}

const ANY_TYPE = '*';

/**
 * The first positive number under one of `keys` in the documents, trying document types in
 * `typeOrder` ('*' = any other type). In a matrícula the last mention wins (the newest entry).
 */
export function documentNumber(docs: readonly EngineDocument[], keys: readonly string[], typeOrder: readonly string[]): Sourced | null {
  const rank = (doc: EngineDocument) => {
    // Registry ids, and the raw type of rows read before the registry ('iptu').
    const canonical = typeOrder.indexOf(documentTypeOf(doc));
    const i = canonical >= 0 ? canonical : typeOrder.indexOf(doc.documentType ?? 'outro');
    if (i >= 0) return i;
    const any = typeOrder.indexOf(ANY_TYPE);
    return any >= 0 ? any : -1;
  };
  const ordered = docs
    .map((doc, index) => ({ doc, index, rank: rank(doc) }))
    .filter((d) => d.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  for (const key of keys) {
    for (const { doc } of ordered) {
      const fields = doc.keyFields.filter((f) => f.key === key);
      const candidates = documentTypeOf(doc) === 'matricula' ? [...fields].reverse() : fields;
      for (const field of candidates) {
        const value = keyFieldNumber(field);
        if (value !== null && Number.isFinite(value) && value > 0) {
          return { value, source: documentSource(doc, field.page, field.label) };
        }
      }
    }
  }
  return null;
}

const AREA_DOC_ORDER: readonly string[] = AREA_TYPE_ORDER;

export interface ResolvedAreas {
  usable: Figure | null;
  built: Figure | null;
  total: Figure | null;
  land: Figure | null;
}

function toFigure(id: string, label: string, unit: FigureUnit, s: Sourced | null, note?: string): Figure | null {
  return s ? figure(id, label, s.value, unit, s.source, note) : null;
}

const LAND_IS_TOTAL = new Set(['terreno', 'casa', 'galpao']);

/** Areas from the questionnaire, else from the dossier's facts, else from the documents' key fields. */
export function resolveAreas(q: Questionnaire, docs: readonly EngineDocument[], dossier: Dossier | null = null): ResolvedAreas {
  const isLand = q.propertyType === 'terreno';
  const fromDocs = (keys: readonly DossierFactKey[]): Sourced | null => {
    for (const key of keys) {
      const fact = dossierNumber(dossier, key);
      if (fact) return fact;
    }
    return documentNumber(docs, keys, AREA_DOC_ORDER);
  };
  const usable = questionnaireNumber(q, 'usableArea') ?? fromDocs(['area_privativa_m2']);
  const built = questionnaireNumber(q, 'builtArea') ?? fromDocs(['area_construida_m2']);
  const total = questionnaireNumber(q, 'totalArea') ?? fromDocs(isLand ? ['area_terreno_m2', 'area_total_m2'] : ['area_total_m2']);
  const land =
    (q.propertyType && LAND_IS_TOTAL.has(q.propertyType) ? questionnaireNumber(q, 'totalArea') : null) ??
    fromDocs(isLand ? ['area_terreno_m2', 'area_total_m2'] : ['area_terreno_m2']);
  return {
    usable: toFigure('usableArea', 'Área útil / privativa', 'm2', usable),
    built: toFigure(
      'builtArea',
      isLand ? 'Área construída planejada' : 'Área construída',
      'm2',
      built,
    ),
    total: toFigure('totalArea', isLand ? 'Área total do terreno' : 'Área total', 'm2', total),
    land: toFigure('landArea', 'Área do terreno', 'm2', land),
  };
}

// ------------------------------------------------------------------------------------------------
// Questionnaire × documents

function sourceText(s: FigureSource): string {
  return s.kind === 'document' ? `${s.fileName}, p. ${s.page}` : 'documento';
}

function disagreement(field: QuestionnaireField, typed: string, docValue: string, docSource: FigureSource): Insight {
  const label = QUESTIONNAIRE_FIELD_LABELS[field];
  return {
    id: `divergencia-${field}`,
    severity: 'media',
    title: `Questionário e documentos divergem: ${label.toLowerCase()}`,
    detail: `Questionário: ${typed}; ${sourceText(docSource)}: ${docValue}. Foi usado o valor do questionário; confira qual está certo.`,
    sources: [questionnaireSource(field), docSource],
  };
}

/** Two figures differ when more than `tolerance` apart (of the larger one). */
function numbersDiffer(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)) > tolerance;
}

const NUMBER_CHECKS: readonly { field: QuestionnaireField; key: DossierFactKey; unit: 'm2' | 'BRL'; tolerance: number; allowZero?: boolean }[] = [
  { field: 'usableArea', key: 'area_privativa_m2', unit: 'm2', tolerance: 0.05 },
  { field: 'builtArea', key: 'area_construida_m2', unit: 'm2', tolerance: 0.05 },
  { field: 'totalArea', key: 'area_total_m2', unit: 'm2', tolerance: 0.05 },
  { field: 'targetValue', key: 'valor_transacao', unit: 'BRL', tolerance: 0.01 },
  { field: 'annualTax', key: 'iptu_anual', unit: 'BRL', tolerance: 0.05, allowZero: true },
];

/** Every field both the questionnaire and the dossier state, where they disagree. */
export function questionnaireDisagreements(q: Questionnaire, dossier: Dossier | null): Insight[] {
  if (!dossier) return [];
  const out: Insight[] = [];
  const city = dossierText(dossier, 'cidade');
  if (q.city?.trim() && city && normalizeCity(q.city) !== normalizeCity(city.value)) out.push(disagreement('city', q.city.trim(), city.printed, city.source));
  const uf = dossierText(dossier, 'uf');
  const typedUf = normalizeState(q.state);
  if (typedUf && uf && normalizeState(uf.value) && normalizeState(uf.value) !== typedUf) out.push(disagreement('state', typedUf, uf.printed, uf.source));
  const address = dossierText(dossier, 'endereco');
  if (q.address?.trim() && address && !sameAddress(q.address, address.value)) out.push(disagreement('address', `"${q.address.trim()}"`, `"${address.printed}"`, address.source));
  const cep = dossierText(dossier, 'cep');
  const digits = (v: string) => v.replace(/\D/g, '');
  const typedCep = digits(q.zipCode ?? '');
  if (typedCep.length === 8 && cep && digits(cep.value).length === 8 && digits(cep.value) !== typedCep) {
    out.push(disagreement('zipCode', `${typedCep.slice(0, 5)}-${typedCep.slice(5)}`, cep.printed, cep.source));
  }
  for (const check of NUMBER_CHECKS) {
    const typed = questionnaireNumber(q, check.field, !check.allowZero);
    const doc = dossierNumber(dossier, check.key);
    if (!typed || !doc || !numbersDiffer(typed.value, doc.value, check.tolerance)) continue;
    const show = (v: number) => (check.unit === 'BRL' ? formatMoney(v) : `${formatNumber(v)} m²`);
    out.push(disagreement(check.field, show(typed.value), show(doc.value), doc.source));
  }
  return out;
}

export function isDevelopmentProject(q: Questionnaire): boolean {
  return q.mainObjective === 'desenvolvimento' || q.propertyType === 'terreno' || (q.purpose ?? []).includes('desenvolvimento');
}

const PRICE_DOC_ORDER: readonly string[] = PRICE_TYPE_ORDER;

const brasiliaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The analysis day (YYYY-MM-DD) in Brasília time, the same day the report prints, used to pick
 * reference rows as of that day. A bare date is taken as is.
 */
export function analysisDate(generatedAt: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(generatedAt)) return generatedAt;
  const t = Date.parse(generatedAt);
  if (Number.isFinite(t)) return brasiliaDay.format(new Date(t));
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(generatedAt);
  return m ? m[1] : undefined;
}

/** A number typed in the 'Estratégia, financiamento e impostos' block, when ≥ 0 (`positive`: > 0). */
export function dealNumber(q: Questionnaire, field: DealField, positive = true): Sourced | null {
  const raw = q.deal?.[field];
  if (typeof raw !== 'string') return null;
  const value = parseBrNumber(raw);
  if (value === null || !Number.isFinite(value) || (positive ? value <= 0 : value < 0)) return null;
  return { value, source: dealSource(field) };
}

export function dealSource(field: DealField): FigureSource {
  return { kind: 'computed', formula: `Questionário (estratégia e financiamento): ${DEAL_FIELD_LABELS[field]}` };
}

/** Months of a flip when the person does not say: 3 of works when there is a renovation, 6 to sell (assumptions, stated). */
export const FLIP_DEFAULT_WORKS_MONTHS = 3;
export const FLIP_DEFAULT_SELL_MONTHS = 6;

/**
 * Renovate-and-resell when the person says so, or (no strategy chosen) when a flip's inputs are
 * typed (a renovation budget, a target sale price, the months to sell) or the objective is to sell
 * with a rent of 0.
 */
export function isFlip(q: Questionnaire): boolean {
  const d = q.deal;
  if (d?.strategy) return d.strategy === 'revenda';
  if (d && [d.renovationBudget, d.renovationPerSqm, d.targetSalePrice, d.sellMonths].some((v) => typeof v === 'string' && v.trim() !== '')) return true;
  // Bought to be sold, with no rent expected (a rent typed as 0): a resale, not a rental with a gap.
  return q.mainObjective === 'venda' && typeof q.monthlyRent === 'string' && parseBrNumber(q.monthlyRent) === 0;
}

/** The deal block resolved: strategy, the buyer's loan, the flip's inputs and the owner's tax profile. */
export function resolveDeal(q: Questionnaire, area: number | null): ResolvedDeal {
  const d = q.deal ?? {};
  const flip = isFlip(q);
  const budget = dealNumber(q, 'renovationBudget', false);
  const perSqm = dealNumber(q, 'renovationPerSqm', false);
  const renovation = budget
    ? budget
    : perSqm && area
      ? { value: perSqm.value * area, source: { kind: 'computed', formula: `${DEAL_FIELD_LABELS.renovationPerSqm} × área (${area.toLocaleString('pt-BR')} m²)` } as FigureSource }
      : null;
  const works = dealNumber(q, 'worksMonths', false);
  const sell = dealNumber(q, 'sellMonths', false);
  const acquired = typeof d.acquisitionDate === 'string' ? monthIndexOf(d.acquisitionDate) : null;
  return {
    strategy: flip ? 'revenda' : 'aluguel',
    wantsFinancing: d.wantsFinancing === true,
    financingSystem: d.financingSystem ?? null,
    downPayment: dealNumber(q, 'downPayment', false),
    renovation,
    worksMonths: works ? Math.round(works.value) : renovation && renovation.value > 0 ? FLIP_DEFAULT_WORKS_MONTHS : 0,
    worksMonthsTyped: !!works,
    sellMonths: sell ? Math.round(sell.value) : FLIP_DEFAULT_SELL_MONTHS,
    sellMonthsTyped: !!sell,
    targetSalePrice: dealNumber(q, 'targetSalePrice'),
    utilitiesMonthly: dealNumber(q, 'utilitiesMonthly', false)?.value ?? null,
    otherRentalIncome: dealNumber(q, 'otherRentalIncome', false)?.value ?? 0,
    otherProperties: d.otherProperties === true,
    acquisitionMonth: acquired,
    acquisitionCost: dealNumber(q, 'acquisitionCost'),
  };
}

/** The purpose the hurdle is set for. */
export function hurdleKind(q: Questionnaire): HurdleKind {
  return isDevelopmentProject(q) ? 'development' : isFlip(q) ? 'flip' : 'rental';
}

/**
 * What the deal block sets that the assumptions carry: the owner (PF/PJ) and the chosen loan's
 * rate and term, unless the person overrode those assumptions directly.
 */
function dealOverrides(q: Questionnaire, overrides: AssumptionOverrides): AssumptionOverrides {
  const out: AssumptionOverrides = { ...overrides };
  const d = q.deal;
  if (!d) return out;
  if (d.ownerType && out.ownerType === undefined) out.ownerType = d.ownerType === 'pj' ? 1 : 0;
  if (d.wantsFinancing === true) {
    const rate = dealNumber(q, 'financingRate', false);
    if (rate && out.financingRateAnnual === undefined && rate.value <= 100) out.financingRateAnnual = rate.value / 100;
    const term = dealNumber(q, 'financingTermMonths');
    if (term && out.financingTermMonths === undefined) out.financingTermMonths = Math.min(600, Math.round(term.value));
  }
  return out;
}

export function resolveInputs(input: EngineInput): ResolvedInputs {
  const q = input.questionnaire ?? {};
  const docs = input.documents ?? [];
  const dossier = input.dossier ?? null;
  const areas = resolveAreas(q, docs, dossier);
  const isLand = q.propertyType === 'terreno';
  // A plot is bought by its land area; its built area is what is planned on it.
  const area = isLand ? (areas.total ?? areas.land) : (areas.usable ?? areas.built ?? areas.total);

  let price: Figure | null = null;
  const target = questionnaireNumber(q, 'targetValue');
  const fromDocs =
    dossierNumber(dossier, 'valor_transacao') ??
    documentNumber(docs, ['valor_transacao'], PRICE_DOC_ORDER) ??
    documentNumber(docs, ['valor'], ['compromisso', 'escritura']);
  const perSqm = questionnaireNumber(q, 'pricePerSqm');
  if (target) price = figure('price', 'Valor do imóvel', target.value, 'BRL', target.source);
  else if (fromDocs) {
    price = figure('price', 'Valor do imóvel', fromDocs.value, 'BRL', fromDocs.source, 'Valor lido do documento; confirme o preço atual.');
  } else if (perSqm && area?.value) {
    price = figure('price', 'Valor do imóvel', perSqm.value * area.value, 'BRL', {
      kind: 'computed',
      formula: `Preço por m² (questionário) × ${area.label.toLowerCase()}`,
    });
  }

  // A rent of 0 is a value (a unit kept empty, a flip), not a gap.
  const rent = questionnaireNumber(q, 'monthlyRent', false);
  const condo = questionnaireNumber(q, 'condominiumFee', false);
  const tax =
    questionnaireNumber(q, 'annualTax', false) ??
    dossierNumber(dossier, 'iptu_anual') ??
    documentNumber(docs, ['valor_imposto'], ['iptu_carne', 'iptu_cadastral']);
  const down = questionnaireNumber(q, 'minimumDownPayment');
  // The questionnaire wins; what it leaves blank the documents say (São Paulo, not 'Cidade não informada').
  const city = q.city?.trim() ? q.city.trim() : (dossierText(dossier, 'cidade')?.value ?? null);
  const state = normalizeState(q.state) ?? normalizeState(dossierText(dossier, 'uf')?.value);
  const fromDossier = dossierText(dossier, 'endereco');
  const address = q.address?.trim() ? { value: q.address.trim(), source: questionnaireSource('address') } : fromDossier && { value: fromDossier.value, source: fromDossier.source };
  const itbiRead = dossierNumber(dossier, 'valor_itbi_pago') ?? dossierNumber(dossier, 'valor_itbi');
  const refs = referenceDataset(input.referenceRows ?? [], { propertyType: q.propertyType ?? null });
  const deal = resolveDeal(q, area?.value ?? null);
  const kind = hurdleKind(q);
  const typedHurdle = dealNumber(q, 'hurdleRate', false);
  const { assumptions, references, hurdle } = resolveAssumptionsWithReferences(city, state, dealOverrides(q, input.overrides ?? {}), analysisDate(input.generatedAt), refs, {
    kind,
    ...(kind === 'flip' ? { months: Math.max(1, deal.worksMonths + deal.sellMonths) } : {}),
    typed: typedHurdle && typedHurdle.value <= 100 ? typedHurdle.value / 100 : null,
  });

  return {
    price,
    area,
    landArea: areas.land,
    builtArea: areas.built,
    monthlyRent: toFigure('monthlyRent', 'Aluguel mensal', 'BRL/mes', rent),
    condominiumFee: toFigure('condominiumFee', 'Condomínio mensal', 'BRL/mes', condo),
    annualTax: toFigure('annualTax', 'IPTU anual', 'BRL', tax),
    downPayment: deal.downPayment ? toFigure('downPayment', 'Entrada', 'BRL', deal.downPayment) : toFigure('downPayment', 'Entrada', 'BRL', down),
    acceptsFinancing: typeof q.acceptsFinancing === 'boolean' ? q.acceptsFinancing : null,
    city,
    state,
    address,
    itbi: itbiRead ? figure('itbi', 'ITBI', itbiRead.value, 'BRL', itbiRead.source, 'ITBI lido da guia / do comprovante.') : null,
    referenceValue: toFigure('referenceValue', 'Valor venal de referência (VVR)', 'BRL', dossierNumber(dossier, 'valor_venal_referencia')),
    disagreements: questionnaireDisagreements(q, dossier),
    isDevelopment: isDevelopmentProject(q),
    propertyType: q.propertyType ?? null,
    purposes: q.purpose ?? [],
    ...(analysisDate(input.generatedAt) ? { asOf: analysisDate(input.generatedAt)! } : {}),
    assumptions,
    references,
    refs,
    deal,
    hurdle,
  };
}
