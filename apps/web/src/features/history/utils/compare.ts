import type { FigureUnit } from '@viabiliza/contracts/analysis-result';
import { KEY_FIGURES, type PropertyAnalysisItem } from '@viabiliza/contracts/history';

// Relative, not '@/lib/format': this file is unit-tested under plain Node, without the app's alias.
import { formatCurrency, formatDecimal } from '../../../lib/format';

/** 'percent' is a 0–100 value (completeness, confidence); 'fraction' a rate kept as 0.15. */
export type CompareUnit = FigureUnit | 'percent';
export type Verdict = 'better' | 'worse' | 'same' | 'changed' | 'unknown';

export interface ComparisonRow {
  id: string;
  label: string;
  unit: CompareUnit;
  better: 'higher' | 'lower' | 'neutral';
  before: number | null;
  after: number | null;
  /** after − before; null when either side is missing. */
  delta: number | null;
  verdict: Verdict;
}

/** Below these a change is rounding, not a change. */
const TOLERANCE: Partial<Record<CompareUnit, number>> = { score: 0.05, percent: 0.5, fraction: 0.0005, BRL: 0.5 };

function verdictOf(delta: number | null, unit: CompareUnit, better: ComparisonRow['better']): Verdict {
  if (delta === null) return 'unknown';
  if (Math.abs(delta) < (TOLERANCE[unit] ?? 1e-9)) return 'same';
  if (better === 'neutral') return 'changed';
  return (delta > 0) === (better === 'higher') ? 'better' : 'worse';
}

function row(
  id: string,
  label: string,
  unit: CompareUnit,
  better: ComparisonRow['better'],
  before: number | null,
  after: number | null,
): ComparisonRow {
  const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
  const b = finite(before);
  const a = finite(after);
  const delta = a !== null && b !== null ? a - b : null;
  return { id, label, unit, better, before: b, after: a, delta, verdict: verdictOf(delta, unit, better) };
}

/**
 * The side-by-side of two analyses of one property: score, completeness, confidence, then the
 * engine's key figures. `before` is the older one; the deltas read 'from before to after'.
 */
export function compareAnalyses(before: PropertyAnalysisItem, after: PropertyAnalysisItem): ComparisonRow[] {
  return [
    row('score', 'Viabilidade', 'score', 'higher', before.viabilityScore, after.viabilityScore),
    row('completeness', 'Completude dos dados', 'percent', 'higher', before.completeness, after.completeness),
    row('confidence', 'Confiança do texto', 'percent', 'higher', before.confidenceScore, after.confidenceScore),
    ...KEY_FIGURES.map((f) => row(f.id, f.label, f.unit, f.better, before.figures[f.id], after.figures[f.id])),
  ];
}

/** Rows worth showing: a figure neither analysis has tells nothing. */
export function visibleRows(rows: ComparisonRow[]): ComparisonRow[] {
  return rows.filter((r) => r.before !== null || r.after !== null);
}

export function formatCompareValue(value: number | null, unit: CompareUnit): string {
  if (value === null) return '—';
  switch (unit) {
    case 'score':
      return `${formatDecimal(value, 1)}/10`;
    case 'percent':
      return `${Math.round(value)}%`;
    case 'fraction':
      return `${formatDecimal(value * 100, 2)}%`;
    case 'BRL':
      return formatCurrency(value);
    case 'BRL/m2':
      return `${formatCurrency(value)}/m²`;
    case 'BRL/mes':
      return `${formatCurrency(value)}/mês`;
    default:
      return formatDecimal(value, 2);
  }
}

/** A signed change: '+0,4', '−5 p.p.', '+R$ 20.000,00', '+1,25 p.p.'. */
export function formatDelta(delta: number | null, unit: CompareUnit): string {
  if (delta === null) return '—';
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
  const size = Math.abs(delta);
  switch (unit) {
    case 'score':
      return `${sign}${formatDecimal(size, 1)}`;
    case 'percent':
      return `${sign}${Math.round(size)} p.p.`;
    case 'fraction':
      return `${sign}${formatDecimal(size * 100, 2)} p.p.`;
    case 'BRL':
    case 'BRL/m2':
    case 'BRL/mes':
      return `${sign}${formatCurrency(size)}`;
    default:
      return `${sign}${formatDecimal(size, 2)}`;
  }
}

/** How many rows improved and got worse, for the sentence above the table. */
export function summarize(rows: ComparisonRow[]): { better: number; worse: number; same: number } {
  return {
    better: rows.filter((r) => r.verdict === 'better').length,
    worse: rows.filter((r) => r.verdict === 'worse').length,
    same: rows.filter((r) => r.verdict === 'same').length,
  };
}

/** The default pair: the second newest against the newest (the list comes newest first). */
export function defaultPair(analyses: { id: string }[]): { beforeId: string | null; afterId: string | null } {
  return { beforeId: analyses[1]?.id ?? null, afterId: analyses[0]?.id ?? null };
}
