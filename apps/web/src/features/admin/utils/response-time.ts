import { formatDecimal } from '@/lib/format';

/** What an interval that answered no request shows: it has no response time, which is not 0 ms. */
export const IDLE_INTERVAL = 'sem requisições';

/**
 * A monitoring interval's response time as the admin pages show it: 'sem requisições' when it
 * answered none (the server stores no figure for it), otherwise the milliseconds.
 */
export function responseTimeLabel(ms: unknown, requests?: number): string {
  if (requests === 0 || typeof ms !== 'number' || !Number.isFinite(ms)) return IDLE_INTERVAL;
  return `${formatDecimal(ms)} ms`;
}
