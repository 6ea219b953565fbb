import type { Figure, MarketResult } from '@viabiliza/contracts/analysis-result';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { figure } from './figure.ts';
import { computeComparables, MIN_COMPARABLES, usable } from './comparables.ts';
import { fold, normalizeCity, referenceSource, SHIPPED_DATASET, type ReferenceRow } from './reference-data.ts';
import { formatDate, formatMoney, formatPercent } from './report.ts';
import { questionnaireNumber } from './resolve-inputs.ts';
import type { ResolvedInputs } from './types.ts';

export const MARKET_NOTES = {
  askingPrices: 'FipeZAP mede preços anunciados (pedidos), não valores de transação.',
  notAppraisal: 'Esta faixa não é uma avaliação conforme a NBR 14653; para laudo, contrate um avaliador habilitado.',
} as const;

/** Within ±10% of the reference the asked price is 'alinhado'. */
export const ALIGNED_BAND = 0.1;
/** The valuation range is the midpoint ±15%. */
export const VALUATION_SPREAD = 0.15;
export const CONDITION_ADJUSTMENT: Record<string, number> = { novo: 0.1, bom: 0, regular: -0.1, reformar: -0.2 };

const CONDITION_WORDS: Record<string, string> = { novo: 'novo', bom: 'bom estado', regular: 'estado regular', reformar: 'precisa de reforma' };

/**
 * Property types the residential references (FipeZAP sale and rent) describe. Absent type: treated
 * as residential (the analysis warns 'Tipo de imóvel não informado'). 'outro' is not residential:
 * a type outside the list is not assumed to be a flat or a house.
 */
export const RESIDENTIAL_TYPES: ReadonlySet<string> = new Set(['casa', 'apartamento', 'cobertura']);
export function isResidentialType(propertyType: string | undefined | null): boolean {
  return !propertyType || RESIDENTIAL_TYPES.has(propertyType);
}

/** The market result's text when nothing describes the property's type. */
export const NO_REFERENCE = 'Sem referência de mercado para este tipo';

const TYPE_WORDS: Record<string, string> = {
  galpao: 'galpões',
  comercial: 'imóveis comerciais',
  sala: 'salas comerciais',
  terreno: 'terrenos',
  outro: 'este tipo de imóvel',
};
const TYPE_CATEGORY: Record<string, string> = { sala: 'comercial', comercial: 'comercial', galpao: 'galpao', terreno: 'terreno', outro: 'outro' };

/**
 * A reference row of the property's own (non-residential) type, imported by an administrator:
 * the city's row, else one without a city; the newest dated on or before the analysis date.
 */
export function ownTypeRow(inputs: ResolvedInputs, series: string, propertyType: string, asOf?: string): ReferenceRow | null {
  const keys = new Set([propertyType, TYPE_CATEGORY[propertyType] ?? propertyType]);
  const rows = (inputs.refs ?? SHIPPED_DATASET).rows.filter((r) => r.series === series && r.propertyType && keys.has(fold(r.propertyType)));
  const limit = asOf?.slice(0, 10);
  const dated = (list: ReferenceRow[]) =>
    list.filter((r) => !limit || r.asOf.slice(0, 10) <= limit).sort((a, b) => (a.asOf < b.asOf ? -1 : a.asOf > b.asOf ? 1 : 0)).at(-1) ?? null;
  const city = normalizeCity(inputs.city);
  return (city ? dated(rows.filter((r) => r.city && normalizeCity(r.city) === city)) : null) ?? dated(rows.filter((r) => !r.city));
}

/** Why a non-residential property has no sale reference, or null when it has one (or is residential). */
function missingReference(inputs: ResolvedInputs, q: Questionnaire, asOf?: string): string | null {
  if (isResidentialType(q.propertyType)) return null;
  // On a plot being developed the reference price is the future units' price (the development's
  // VGV), not the land's: the plot is not worth that price × its area.
  if (q.propertyType === 'terreno' && inputs.isDevelopment && inputs.assumptions.salePricePerSqm.overridden) {
    return `${NO_REFERENCE}: o preço de referência alterado (${formatMoney(inputs.assumptions.salePricePerSqm.value)}/m²) é o das unidades do empreendimento, não o do terreno. Informe comparáveis de terrenos ou veja o valor residual do terreno na análise de desenvolvimento.`;
  }
  if (inputs.assumptions.salePricePerSqm.overridden) return null;
  if (ownTypeRow(inputs, 'fipezap-venda', q.propertyType!, asOf)) return null;
  return `${NO_REFERENCE}: os índices de preço da base (FipeZAP) são residenciais e não descrevem ${TYPE_WORDS[q.propertyType!] ?? 'este tipo de imóvel'}. Informe comparáveis (endereço, área, preço, data) ou importe uma tabela para este tipo.`;
}

/**
 * Asked price per m² against the market reference, and an indicative value range:
 * - comparables typed by the person (≥ MIN_COMPARABLES of kind 'venda'): median R$/m², range from the quartiles;
 * - else, for residential types, the city's FipeZAP asking price (or the national average), adjusted by condition;
 * - else (warehouse, shop, office, land, other) a row of the property's type or an overridden reference;
 *   without any: 'Sem referência de mercado para este tipo' (no position, no valuation).
 */
export function computeMarket(inputs: ResolvedInputs, q: Questionnaire, asOf?: string): MarketResult {
  const notes: string[] = [];
  const ref = inputs.assumptions.salePricePerSqm;
  const comps = computeComparables(q.comparables, asOf);
  const byComparables = usable(comps?.sale);
  const isLand = q.propertyType === 'terreno';
  const area = isLand ? (inputs.landArea ?? inputs.area) : inputs.area;
  const noReference = byComparables ? null : missingReference(inputs, q, asOf);
  const ownRow = !byComparables && !noReference && !isResidentialType(q.propertyType) && !ref.overridden ? ownTypeRow(inputs, 'fipezap-venda', q.propertyType!, asOf) : null;
  const usesFipeResidential = !byComparables && !noReference && !ownRow && !ref.overridden;

  if (usesFipeResidential || (ownRow && /fipezap/i.test(ownRow.source))) notes.push(MARKET_NOTES.askingPrices);
  notes.push(MARKET_NOTES.notAppraisal);
  if (usesFipeResidential) {
    const refs = inputs.refs ?? SHIPPED_DATASET;
    const cityRow = refs.byCity('fipezap-venda', inputs.city, inputs.state, asOf);
    const row = cityRow ?? refs.generic('fipezap-venda', asOf);
    if (row) {
      const where = cityRow ? `da cidade (${cityRow.city})` : 'da média nacional (cidade sem índice próprio)';
      notes.push(`Referência ${where}: ${formatMoney(row.value)}/m², FipeZAP de ${formatDate(row.asOf)}.`);
    }
  }
  if (ownRow) notes.push(`Referência para ${TYPE_WORDS[q.propertyType!] ?? q.propertyType}: ${formatMoney(ownRow.value)}/m², ${ownRow.source} de ${formatDate(ownRow.asOf)}.`);
  if (ref.overridden && !byComparables) notes.push(`Preço de referência alterado na análise para ${formatMoney(ref.value)}/m².`);
  if (noReference) notes.push(noReference);

  let referencePricePerSqm: Figure;
  if (byComparables) {
    const s = comps!.sale!;
    referencePricePerSqm = figure('referencePricePerSqm', 'Preço de referência por m²', s.median, 'BRL/m2', {
      kind: 'computed',
      formula: `Mediana do R$/m² de ${s.n} comparáveis informados`,
    });
    notes.push(`Referência: mediana de ${s.n} comparáveis informados (${formatMoney(s.median)}/m²; quartis ${formatMoney(s.q1)} a ${formatMoney(s.q3)}/m²).`);
    const stale = s.items.filter((c) => c.flag).length;
    if (stale) notes.push(`${stale} comparável(is) com data antiga ou inválida, usados sem correção (ver lista).`);
  } else if (noReference) {
    referencePricePerSqm = figure('referencePricePerSqm', 'Preço de referência por m²', null, 'BRL/m2', { kind: 'computed', formula: 'Sem referência para este tipo' }, NO_REFERENCE);
  } else if (ownRow) {
    referencePricePerSqm = figure('referencePricePerSqm', 'Preço de referência por m²', ownRow.value, 'BRL/m2', referenceSource(ownRow));
  } else {
    referencePricePerSqm = figure('referencePricePerSqm', 'Preço de referência por m²', ref.value, 'BRL/m2', ref.source);
  }
  if (comps?.sale && !byComparables) notes.push(`Comparáveis de venda insuficientes (${comps.sale.n}; mínimo ${MIN_COMPARABLES}): estatística mostrada, sem uso como referência.`);
  const refValue = referencePricePerSqm.value ?? 0;

  const typed = questionnaireNumber(q, 'pricePerSqm');
  let askedPricePerSqm: Figure;
  if (typed) askedPricePerSqm = figure('askedPricePerSqm', 'Preço pedido por m²', typed.value, 'BRL/m2', typed.source);
  else if (inputs.price?.value && area?.value) {
    askedPricePerSqm = figure('askedPricePerSqm', 'Preço pedido por m²', inputs.price.value / area.value, 'BRL/m2', {
      kind: 'computed',
      formula: `Valor do imóvel ÷ ${area.label.toLowerCase()}`,
    });
  } else {
    askedPricePerSqm = figure('askedPricePerSqm', 'Preço pedido por m²', null, 'BRL/m2', { kind: 'computed', formula: 'Valor do imóvel ÷ área' }, 'Informe o valor e a área do imóvel.');
  }
  if (isLand && !byComparables && !noReference) {
    notes.push('Referência por m² de terreno: confira se ela descreve terrenos. Veja também o valor residual do terreno na análise de desenvolvimento.');
  }

  let deviation: Figure;
  let position: MarketResult['position'] = 'indeterminado';
  const asked = askedPricePerSqm.value;
  if (asked !== null && refValue > 0) {
    const d = (asked - refValue) / refValue;
    deviation = figure('deviation', 'Desvio do preço pedido em relação à referência', d, 'fraction', {
      kind: 'computed',
      formula: '(preço pedido por m² − referência) ÷ referência',
    });
    if (deviation.value !== null) {
      // Tolerance: a price typed at exactly ±10% comes out as 0.10000000000000009 in binary.
      position = Math.abs(d) <= ALIGNED_BAND + 1e-9 ? 'alinhado' : d > 0 ? 'acima' : 'abaixo';
    }
  } else {
    deviation = figure(
      'deviation',
      'Desvio do preço pedido em relação à referência',
      null,
      'fraction',
      { kind: 'computed', formula: '(preço pedido por m² − referência) ÷ referência' },
      noReference ? NO_REFERENCE : 'Sem preço por m² para comparar.',
    );
  }

  let valuation: MarketResult['valuation'] = null;
  if (byComparables && area?.value) {
    const s = comps!.sale!;
    const a = area.value;
    const what = area.label.toLowerCase();
    valuation = {
      low: figure('valuationLow', 'Valor estimado (mínimo)', s.q1 * a, 'BRL', { kind: 'computed', formula: `1º quartil do R$/m² dos comparáveis × ${what}` }),
      mid: figure('valuationMid', 'Valor estimado (central)', s.median * a, 'BRL', { kind: 'computed', formula: `Mediana do R$/m² dos comparáveis × ${what}` }),
      high: figure('valuationHigh', 'Valor estimado (máximo)', s.q3 * a, 'BRL', { kind: 'computed', formula: `3º quartil do R$/m² dos comparáveis × ${what}` }),
    };
  } else if (area?.value && refValue > 0) {
    const adjustment = isLand ? 0 : (CONDITION_ADJUSTMENT[q.condition ?? 'bom'] ?? 0);
    const mid = refValue * area.value * (1 + adjustment);
    const conditionText = isLand
      ? ''
      : q.condition
        ? ` × (1 ${adjustment < 0 ? '−' : '+'} ${Math.abs(adjustment * 100)}% por ${CONDITION_WORDS[q.condition]})`
        : ' (estado de conservação não informado: sem ajuste)';
    const spread = `${VALUATION_SPREAD * 100}%`;
    valuation = {
      low: figure('valuationLow', 'Valor estimado (mínimo)', mid * (1 - VALUATION_SPREAD), 'BRL', { kind: 'computed', formula: `Valor central − ${spread}` }),
      mid: figure('valuationMid', 'Valor estimado (central)', mid, 'BRL', {
        kind: 'computed',
        formula: `Referência por m² × ${area.label.toLowerCase()}${conditionText}`,
      }),
      high: figure('valuationHigh', 'Valor estimado (máximo)', mid * (1 + VALUATION_SPREAD), 'BRL', { kind: 'computed', formula: `Valor central + ${spread}` }),
    };
  }

  const vvr = inputs.referenceValue;
  if (vvr?.value && vvr.source.kind === 'document') {
    const price = inputs.price?.value;
    const versus = price ? `; o valor do imóvel (${formatMoney(price)}) está ${formatPercent(Math.abs(price / vvr.value - 1), 1)} ${price >= vvr.value ? 'acima' : 'abaixo'} dele` : '';
    notes.push(`Valor venal de referência da prefeitura: ${formatMoney(vvr.value)} (${vvr.source.fileName}, p. ${vvr.source.page})${versus}.`);
  }

  return {
    askedPricePerSqm,
    referencePricePerSqm,
    deviation,
    position,
    valuation,
    notes,
    ...(noReference ? { noReference: NO_REFERENCE } : {}),
    ...(comps ? { comparables: comps } : {}),
  };
}

export const POSITION_LABELS: Record<MarketResult['position'], string> = {
  acima: 'Acima da referência',
  alinhado: 'Alinhado à referência',
  abaixo: 'Abaixo da referência',
  indeterminado: 'Indeterminado',
};

/**
 * The rent the acquisition uses, by property type: a typed rent stays; else ≥ MIN_COMPARABLES rent
 * comparables give median R$/m² × area; else a residential type keeps the FipeZAP reference (the
 * calculator estimates it); a non-residential type with no rent row of its own and no overridden
 * reference gets no rent (`noReferenceRent`): the rental part says the rent is missing.
 */
export function rentByType(inputs: ResolvedInputs, q: Questionnaire, asOf?: string): ResolvedInputs {
  if (inputs.monthlyRent) return inputs;
  const rent = computeComparables(q.comparables, asOf)?.rent;
  if (usable(rent) && inputs.area?.value) {
    return {
      ...inputs,
      monthlyRent: figure('monthlyRent', 'Aluguel mensal', rent.median * inputs.area.value, 'BRL/mes', {
        kind: 'computed',
        formula: `Mediana do aluguel/m² de ${rent.n} comparáveis informados × ${inputs.area.label.toLowerCase()}`,
      }),
    };
  }
  if (isResidentialType(q.propertyType) || inputs.assumptions.rentPerSqm.overridden) return inputs;
  if (ownTypeRow(inputs, 'fipezap-aluguel', q.propertyType!, asOf)) return inputs;
  return {
    ...inputs,
    noReferenceRent: `${NO_REFERENCE}: não há aluguel de referência para ${TYPE_WORDS[q.propertyType!] ?? 'este tipo de imóvel'}; informe o aluguel ou comparáveis de aluguel.`,
  };
}
