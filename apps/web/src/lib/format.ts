import { differenceInDays, differenceInHours, differenceInMinutes, format } from 'date-fns';
import { ptBR } from 'date-fns/locale';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** dd/MM/yyyy (DESIGN.md: dates in pt-BR). */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'dd/MM/yyyy', { locale: ptBR });
}

/** dd/MM/yyyy HH:mm */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'dd/MM/yyyy HH:mm', { locale: ptBR });
}

/**
 * Spec 01 §9 'Notifications': under 1 minute 'Agora'; under 60 minutes '{n}m'; under 24 hours '{n}h';
 * under 7 days '{n}d'; otherwise the date.
 */
export function relativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = differenceInMinutes(now, date);
  if (minutes < 1) return 'Agora';
  if (minutes < 60) return `${minutes}m`;
  const hours = differenceInHours(now, date);
  if (hours < 24) return `${hours}h`;
  const days = differenceInDays(now, date);
  if (days < 7) return `${days}d`;
  return formatDate(date);
}

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimal = new Intl.NumberFormat('pt-BR');

/** R$ 1.234,56 */
export function formatCurrency(value: number): string {
  return currency.format(value);
}

/** 1.234,5 */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return options ? new Intl.NumberFormat('pt-BR', options).format(value) : decimal.format(value);
}

/** '99+' above 99 (spec 01 §9). */
export function formatBadgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

const megabytes = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** File sizes in MB with two decimals, as the upload list shows them: '1,50 MB'. */
export function formatFileSize(bytes: number): string {
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}

/** A 0–100 confidence as a whole percentage: '87%'. */
export function formatPercent(value: number): string {
  return `${Math.round(value)}%`;
}

/** A number with a fixed count of decimals: formatDecimal(7.25, 1) → '7,3'. */
export function formatDecimal(value: number, digits = 1): string {
  return new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A rate kept as a fraction, shown as a percentage with one decimal: 0.15 → '15,0%'. */
export function formatFractionPercent(fraction: number, digits = 1): string {
  return `${formatDecimal(fraction * 100, digits)}%`;
}

const compactCurrency = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumSignificantDigits: 3,
});

/** Short money for chart axes and range labels: 'R$ 1,23 mi', 'R$ 450 mil', '-R$ 80 mil'. */
export function formatCompactCurrency(value: number): string {
  return compactCurrency.format(value);
}

/** Whole reais without cents, for large figures: 'R$ 485.000'. */
export function formatCurrencyRounded(value: number): string {
  return new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(value);
}
