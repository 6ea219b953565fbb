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
