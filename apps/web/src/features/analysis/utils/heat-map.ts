import type { SensitivityMatrix } from '@viabiliza/contracts/analysis-result';

/**
 * Colours of the sensitivity heat map. The neutral point is the base case: a cell is red as far as
 * it is worse than the base and green as far as it is better, each side scaled to its own extreme so
 * both ends reach full colour. Payback-like metrics (months, years) are better when lower.
 */

export function lowerIsBetter(matrix: Pick<SensitivityMatrix, 'metricUnit' | 'metricLabel'>): boolean {
  return matrix.metricUnit === 'months' || matrix.metricUnit === 'years' || /payback|custo|exposi/i.test(matrix.metricLabel);
}

export interface HeatScale {
  neutral: number;
  /** The largest distance from neutral on the bad and on the good side (0 when none). */
  badSpan: number;
  goodSpan: number;
  lowerIsBetter: boolean;
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function heatScale(matrix: SensitivityMatrix): HeatScale | null {
  const values = matrix.cells.flat().filter(finite);
  if (values.length === 0) return null;
  const baseValue = matrix.cells[matrix.base.row]?.[matrix.base.col];
  const sorted = [...values].sort((a, b) => a - b);
  const neutral = finite(baseValue) ? baseValue : sorted[Math.floor(sorted.length / 2)]!;
  const lower = lowerIsBetter(matrix);
  const below = neutral - sorted[0]!;
  const above = sorted.at(-1)! - neutral;
  return { neutral, badSpan: lower ? above : below, goodSpan: lower ? below : above, lowerIsBetter: lower };
}

/** -1 (worst) … 0 (as the base) … 1 (best); null for a cell without value. */
export function heatTone(value: number | null, scale: HeatScale): number | null {
  if (!finite(value)) return null;
  const better = scale.lowerIsBetter ? scale.neutral - value : value - scale.neutral;
  if (better === 0) return 0;
  const span = better > 0 ? scale.goodSpan : scale.badSpan;
  if (span <= 0) return 0;
  return Math.max(-1, Math.min(1, better / span));
}

type Rgb = readonly [number, number, number];
/** red-400, slate-50, green-400 (Tailwind): light enough for dark text at every step. */
const BAD: Rgb = [248, 113, 113];
const NEUTRAL: Rgb = [248, 250, 252];
const GOOD: Rgb = [74, 222, 128];

function mix(a: Rgb, b: Rgb, t: number): string {
  const c = a.map((v, i) => Math.round(v + (b[i]! - v) * t));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Background of a cell by its tone; a muted grey for a cell without value. */
export function heatColor(tone: number | null): string {
  if (tone === null) return 'rgb(226, 232, 240)';
  return tone < 0 ? mix(NEUTRAL, BAD, -tone) : mix(NEUTRAL, GOOD, tone);
}

/** The legend's gradient, from bad to good. */
export const HEAT_GRADIENT = `linear-gradient(to right, ${heatColor(-1)}, ${heatColor(0)}, ${heatColor(1)})`;
