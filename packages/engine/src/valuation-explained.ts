import type { AnalysisResult, Figure } from '@viabiliza/contracts/analysis-result';
import type { ValuationExplanation } from '@viabiliza/contracts/intelligence';
import { CONDITION_ADJUSTMENT, MARKET_NOTES, VALUATION_SPREAD } from './market.ts';
import { formatDate, formatMoney, formatPercent } from './report.ts';
import { conditionCode } from './sentiment.ts';

/**
 * 'Avaliação' and the /phase4 automated valuation: the engine's value range taken apart into the
 * reference R$/m², the area, the condition adjustment and the ±15% range, with the NBR 14653
 * note. Nothing is re-estimated here: the range is the one saved with the analysis.
 */

export const NBR_NOTE = MARKET_NOTES.notAppraisal;

const CONDITION_NAMES: Record<string, string> = { novo: 'novo', bom: 'bom estado', regular: 'estado regular', reformar: 'precisa de reforma' };

function sourceText(f: Figure): string {
  const s = f.source;
  if (s.kind === 'reference') return `${s.label} (${s.source}, ${formatDate(s.asOf)})`;
  if (s.kind === 'assumption') return `premissa ${s.label}${s.overridden ? ' (alterada na análise)' : ''}`;
  if (s.kind === 'questionnaire') return `questionário: ${s.label}`;
  if (s.kind === 'document') return `${s.fileName}, p. ${s.page}`;
  return s.formula;
}

function areaFigure(result: AnalysisResult): Figure | null {
  const candidates = [result.financial?.area, result.technical?.areas.usable, result.technical?.areas.built, result.technical?.areas.total];
  return candidates.find((f): f is Figure => !!f && f.value !== null && f.value > 0) ?? null;
}

export function explainValuation(result: AnalysisResult): ValuationExplanation {
  const market = result.market;
  const empty = (reason: string): ValuationExplanation => ({
    available: false,
    reason,
    referencePricePerSqm: market?.referencePricePerSqm.value ?? null,
    referenceLabel: market ? sourceText(market.referencePricePerSqm) : null,
    area: null,
    areaLabel: null,
    adjustments: [],
    low: null,
    mid: null,
    high: null,
    spread: VALUATION_SPREAD,
    askedPrice: result.financial?.price.value ?? null,
    askedVsMid: null,
    steps: [],
    notes: market?.notes ?? [],
    nbrNote: NBR_NOTE,
  });
  if (!market) return empty('Esta análise não inclui avaliação de mercado. Escolha o tipo Completa ou Mercado para obtê-la.');
  const v = market.valuation;
  const ref = market.referencePricePerSqm.value;
  if (!v || v.mid.value === null || v.low.value === null || v.high.value === null || ref === null || ref <= 0) {
    return empty('Não há dados suficientes para estimar a faixa de valor (informe a área e o tipo do imóvel; terrenos não têm faixa por m²).');
  }
  const mid = v.mid.value;
  const area = areaFigure(result);
  const fromComparables = !!market.comparables?.sale && v.mid.source.kind === 'computed' && v.mid.source.formula.includes('comparáveis');
  if (fromComparables) {
    // Comparables: median × area, range from the quartiles; no condition adjustment (their prices carry it).
    const s = market.comparables!.sale!;
    const areaValue = Math.round((mid / ref) * 100) / 100;
    const askedC = result.financial?.price.value ?? null;
    const askedVsMidC = askedC !== null && mid > 0 ? (askedC - mid) / mid : null;
    const a = areaValue.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
    const stepsC = [
      `Referência: ${formatMoney(ref)}/m² — mediana do R$/m² de ${s.n} comparáveis informados.`,
      `Área considerada: ${a} m²${area ? ` (${area.label.toLowerCase()})` : ''}.`,
      'Sem ajuste por estado de conservação: os preços dos comparáveis já o refletem.',
      `Valor central = ${formatMoney(ref)}/m² × ${a} m² = ${formatMoney(mid)}.`,
      `Faixa: 1º e 3º quartis (${formatMoney(s.q1)} e ${formatMoney(s.q3)}/m²) × ${a} m² = ${formatMoney(v.low.value)} a ${formatMoney(v.high.value)}.`,
    ];
    if (askedC !== null && askedVsMidC !== null) {
      stepsC.push(`Valor pretendido ${formatMoney(askedC)}: ${formatPercent(Math.abs(askedVsMidC), 1)} ${askedVsMidC >= 0 ? 'acima' : 'abaixo'} do valor central${askedC < v.low.value ? ', abaixo da faixa' : askedC > v.high.value ? ', acima da faixa' : ', dentro da faixa'}.`);
    }
    return {
      available: true,
      reason: null,
      referencePricePerSqm: ref,
      referenceLabel: sourceText(market.referencePricePerSqm),
      area: areaValue,
      areaLabel: area?.label ?? null,
      adjustments: [],
      low: v.low.value,
      mid,
      high: v.high.value,
      spread: mid > 0 ? (v.high.value - v.low.value) / 2 / mid : 0,
      askedPrice: askedC,
      askedVsMid: askedVsMidC,
      steps: stepsC,
      notes: market.notes,
      nbrNote: NBR_NOTE,
    };
  }
  let adjustment: number;
  let areaValue: number;
  const condition = conditionCode(result.technical?.condition);
  if (result.technical) {
    adjustment = CONDITION_ADJUSTMENT[condition ?? 'bom'] ?? 0;
    areaValue = mid / (ref * (1 + adjustment));
  } else if (area?.value) {
    areaValue = area.value;
    adjustment = Math.round((mid / (ref * area.value) - 1) * 100) / 100;
  } else {
    areaValue = mid / ref;
    adjustment = 0;
  }
  areaValue = Math.round(areaValue * 100) / 100;
  const adjustments = adjustment !== 0 || condition
    ? [{ label: condition ? `Estado de conservação: ${CONDITION_NAMES[condition] ?? condition}` : 'Ajuste de estado', rate: adjustment }]
    : [];
  const asked = result.financial?.price.value ?? null;
  const steps = [
    `Referência: ${formatMoney(ref)}/m² — ${sourceText(market.referencePricePerSqm)}.`,
    `Área considerada: ${areaValue.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} m²${area ? ` (${area.label.toLowerCase()})` : ''}.`,
    adjustments.length
      ? `Ajuste por estado de conservação: ${adjustment >= 0 ? '+' : '−'}${formatPercent(Math.abs(adjustment), 0)}.`
      : 'Estado de conservação não informado: sem ajuste.',
    `Valor central = ${formatMoney(ref)}/m² × ${areaValue.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} m²${adjustments.length ? ` × (1 ${adjustment < 0 ? '−' : '+'} ${formatPercent(Math.abs(adjustment), 0)})` : ''} = ${formatMoney(mid)}.`,
    `Faixa: valor central ± ${formatPercent(VALUATION_SPREAD, 0)} = ${formatMoney(v.low.value)} a ${formatMoney(v.high.value)}.`,
  ];
  const askedVsMid = asked !== null && mid > 0 ? (asked - mid) / mid : null;
  if (asked !== null && askedVsMid !== null) {
    steps.push(`Valor pretendido ${formatMoney(asked)}: ${formatPercent(Math.abs(askedVsMid), 1)} ${askedVsMid >= 0 ? 'acima' : 'abaixo'} do valor central${asked < v.low.value ? ', abaixo da faixa' : asked > v.high.value ? ', acima da faixa' : ', dentro da faixa'}.`);
  }
  return {
    available: true,
    reason: null,
    referencePricePerSqm: ref,
    referenceLabel: sourceText(market.referencePricePerSqm),
    area: areaValue,
    areaLabel: area?.label ?? null,
    adjustments,
    low: v.low.value,
    mid,
    high: v.high.value,
    spread: VALUATION_SPREAD,
    askedPrice: asked,
    askedVsMid,
    steps,
    notes: market.notes,
    nbrNote: NBR_NOTE,
  };
}
