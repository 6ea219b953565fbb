import type { Figure, FigureSource, FigureUnit, Severity } from '@viabiliza/contracts/analysis-result';

import { formatCurrency, formatDecimal, formatFractionPercent, formatNumber } from '../../../lib/format';

/** A value of the engine in its unit, the Brazilian way. */
export function formatValue(value: number, unit: FigureUnit): string {
  switch (unit) {
    case 'BRL':
      return formatCurrency(value);
    case 'BRL/m2':
      return `${formatCurrency(value)}/m²`;
    case 'BRL/mes':
      return `${formatCurrency(value)}/mês`;
    case 'fraction':
      return formatFractionPercent(value);
    case 'm2':
      return `${formatNumber(value, { maximumFractionDigits: 2 })} m²`;
    case 'months': {
      const n = Math.round(value);
      return n === 1 ? '1 mês' : `${formatNumber(n)} meses`;
    }
    case 'years':
      return value === 1 ? '1 ano' : `${formatNumber(value, { maximumFractionDigits: 1 })} anos`;
    case 'score':
      return `${formatDecimal(value, 1)}/10`;
    case 'count':
      return formatNumber(value, { maximumFractionDigits: 2 });
  }
}

/** Axis and header labels: the same as `formatValue`, without cents (they only crowd a small cell). */
export function formatAxisValue(value: number, unit: FigureUnit): string {
  if (unit === 'BRL' || unit === 'BRL/m2' || unit === 'BRL/mes') {
    const whole = new Intl.NumberFormat('pt-BR', {
      style: 'currency',
      currency: 'BRL',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(value);
    return unit === 'BRL' ? whole : unit === 'BRL/m2' ? `${whole}/m²` : `${whole}/mês`;
  }
  return formatValue(value, unit);
}

/**
 * What a figure shows: its formatted value, or a dash and the engine's note when it could not be
 * computed (never 'NaN').
 */
export function figureDisplay(figure: Pick<Figure, 'value' | 'unit' | 'note'> | null | undefined): {
  text: string;
  note: string | null;
} {
  if (!figure || figure.value === null || !Number.isFinite(figure.value)) {
    return { text: '—', note: figure?.note ?? 'Não calculado' };
  }
  return { text: formatValue(figure.value, figure.unit), note: figure.note ?? null };
}

/** A reference's date as the dataset gives it ('2025-05-01', '2025-05') in pt-BR ('01/05/2025', '05/2025'). */
export function formatAsOf(asOf: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(asOf);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(asOf);
  if (month) return `${month[2]}/${month[1]}`;
  return asOf;
}

/** Where a figure came from, in one line (DESIGN 'Numbers are explained'). */
export function sourceLabel(source: FigureSource): string {
  switch (source.kind) {
    case 'questionnaire':
      return `Questionário: ${source.label}`;
    case 'document':
      return `${source.fileName}, p. ${source.page}${source.label ? ` (${source.label})` : ''}`;
    case 'reference':
      return `${source.label}: ${source.source}, ${formatAsOf(source.asOf)}${source.uncertain ? ' (estimativa incerta)' : ''}`;
    case 'assumption':
      return `Premissa: ${source.label}${source.overridden ? ' (alterada)' : ''}`;
    case 'computed':
      return `Cálculo: ${source.formula}`;
  }
}

export const SEVERITY_LABELS: Record<Severity, string> = { alta: 'Alta', media: 'Média', baixa: 'Baixa' };
