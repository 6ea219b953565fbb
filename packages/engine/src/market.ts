import type { Figure, MarketResult } from '@viabiliza/contracts/analysis-result';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { figure } from './figure.ts';
import { SHIPPED_DATASET } from './reference-data.ts';
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

/** Types the residential FipeZAP index does not describe. */
const NOT_RESIDENTIAL = new Set(['terreno', 'comercial', 'galpao', 'sala']);

/**
 * Asked price per m² against the city's FipeZAP asking price (or the national average), and an
 * indicative value range for the property from that reference, adjusted by condition.
 */
export function computeMarket(inputs: ResolvedInputs, q: Questionnaire, asOf?: string): MarketResult {
  const notes: string[] = [MARKET_NOTES.askingPrices, MARKET_NOTES.notAppraisal];
  const ref = inputs.assumptions.salePricePerSqm;
  const refs = inputs.refs ?? SHIPPED_DATASET;
  const cityRow = refs.byCity('fipezap-venda', inputs.city, inputs.state, asOf);
  const row = cityRow ?? refs.generic('fipezap-venda', asOf);
  if (row) {
    const where = cityRow ? `da cidade (${cityRow.city})` : 'da média nacional (cidade sem índice próprio)';
    notes.push(`Referência ${where}: ${formatMoney(row.value)}/m², FipeZAP de ${formatDate(row.asOf)}.`);
  }
  if (ref.overridden) notes.push(`Preço de referência alterado na análise para ${formatMoney(ref.value)}/m².`);

  const referencePricePerSqm = figure('referencePricePerSqm', 'Preço de referência por m²', ref.value, 'BRL/m2', ref.source);
  const area = inputs.area;
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

  const comparable = !(q.propertyType && NOT_RESIDENTIAL.has(q.propertyType));
  if (!comparable) {
    notes.push(
      q.propertyType === 'terreno'
        ? 'O índice FipeZAP descreve apartamentos residenciais prontos: não serve para comparar o preço de um terreno. Veja o valor residual do terreno na análise de desenvolvimento.'
        : 'O índice FipeZAP é residencial: a comparação com imóveis comerciais é apenas indicativa.',
    );
  }

  let deviation: Figure;
  let position: MarketResult['position'] = 'indeterminado';
  const asked = askedPricePerSqm.value;
  if (q.propertyType !== 'terreno' && asked !== null && ref.value > 0) {
    const d = (asked - ref.value) / ref.value;
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
      q.propertyType === 'terreno' ? 'Não se aplica a terrenos.' : 'Sem preço por m² para comparar.',
    );
  }

  let valuation: MarketResult['valuation'] = null;
  if (q.propertyType !== 'terreno' && area?.value && ref.value > 0) {
    const adjustment = CONDITION_ADJUSTMENT[q.condition ?? 'bom'] ?? 0;
    const mid = ref.value * area.value * (1 + adjustment);
    const conditionText = q.condition
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

  return { askedPricePerSqm, referencePricePerSqm, deviation, position, valuation, notes };
}

export const POSITION_LABELS: Record<MarketResult['position'], string> = {
  acima: 'Acima da referência',
  alinhado: 'Alinhado à referência',
  abaixo: 'Abaixo da referência',
  indeterminado: 'Indeterminado',
};
