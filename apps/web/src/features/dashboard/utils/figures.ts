// Relative, so the root vitest (no '@' alias) can test this file.
import { formatNumber, formatPercent } from '../../../lib/format';

/** Shown where there is nothing to compute a figure from (never a made-up value). */
export const NO_FIGURE = '—';

/** A 0–1 rate as a whole percentage ('75%'), or '—' when there is none. */
export function rateLabel(rate: number | null | undefined): string {
  return rate == null ? NO_FIGURE : formatPercent(rate * 100);
}

/** A 0–100 value as a whole percentage, or '—'. */
export function percentLabel(value: number | null | undefined): string {
  return value == null ? NO_FIGURE : formatPercent(value);
}

/** A count in pt-BR ('1.234'), or '—'. */
export function countLabel(value: number | null | undefined): string {
  return value == null ? NO_FIGURE : formatNumber(Math.round(value));
}

/**
 * '1.234 tokens' / '1 token' for a report an AI model wrote; null for the engine's own reports
 * (Motor Viabiliza uses no tokens) and when the provider did not report them: nothing to show.
 */
export function tokensLabel(tokens: number | null | undefined): string | null {
  if (!tokens) return null;
  return `${formatNumber(tokens)} ${tokens === 1 ? 'token' : 'tokens'}`;
}

/** Spec 01 §9 'Chart palette of 6 colours'. */
export const CHART_PALETTE = [
  'oklch(0.546 0.245 262.881)',
  'oklch(0.596 0.145 163.225)',
  'oklch(0.666 0.179 58.318)',
  'oklch(0.577 0.245 27.325)',
  'oklch(0.558 0.288 302.321)',
  'oklch(0.609 0.126 221.723)',
] as const;

export function chartColor(i: number): string {
  return CHART_PALETTE[i % CHART_PALETTE.length]!;
}
