import type { ComparableStats, ComparableUsed } from '@viabiliza/contracts/result/verdict';
import { parseBrNumber, type Comparable } from '@viabiliza/contracts/questionnaire';

/**
 * Comparables the person typed (issue 17 item 5): R$/m² statistics per kind (sale, monthly rent).
 * Quartiles by linear interpolation between order statistics (Excel QUARTIL.INC / R type 7):
 * position (n − 1)·p, 0-based. A comparable older than COMPARABLE_STALE_MONTHS is kept at its typed
 * value and flagged: the dataset has no price index by property type to bring it to date.
 */

/** Fewest comparables of one kind that make a market reference (valuation, price position, rent). */
export const MIN_COMPARABLES = 3;
/** Older than this (months before the analysis date), a comparable is flagged as not brought to date. */
export const COMPARABLE_STALE_MONTHS = 6;

export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Whole months from `from` (yyyy-mm[-dd]) to `to` (ISO date); null when either does not parse. */
export function monthsBetween(from: string, to: string | undefined): number | null {
  const a = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(from);
  const b = to ? /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(to) : null;
  if (!a || !b) return null;
  let m = (Number(b[1]) - Number(a[1])) * 12 + (Number(b[2]) - Number(a[2]));
  if (a[3] && b[3] && Number(b[3]) < Number(a[3])) m -= 1;
  return m;
}

const monthYear = (date: string) => `${date.slice(5, 7)}/${date.slice(0, 4)}`;

export function comparableUsed(c: Comparable, asOf: string | undefined): ComparableUsed | null {
  const area = parseBrNumber(c.area);
  const price = parseBrNumber(c.price);
  if (!area || !price || area <= 0 || price <= 0) return null;
  const ageMonths = monthsBetween(c.date, asOf);
  let flag: string | null = null;
  if (ageMonths === null) flag = 'Data não reconhecida: idade do comparável desconhecida.';
  else if (ageMonths < 0) flag = 'Data posterior à data da análise.';
  else if (ageMonths > COMPARABLE_STALE_MONTHS) {
    flag = `Comparável de ${monthYear(c.date)} (${ageMonths} meses antes da análise) não corrigido: não há índice de preços para este tipo de imóvel na base.`;
  }
  return {
    address: c.address,
    area,
    price,
    date: c.date,
    kind: c.kind ?? 'venda',
    source: c.source?.trim() ? c.source.trim() : null,
    pricePerSqm: price / area,
    ageMonths,
    flag,
  };
}

export function comparableStats(kind: 'venda' | 'aluguel', items: readonly ComparableUsed[]): ComparableStats | null {
  const own = items.filter((c) => c.kind === kind);
  if (own.length === 0) return null;
  const v = own.map((c) => c.pricePerSqm).sort((a, b) => a - b);
  const q1 = quantile(v, 0.25);
  const q3 = quantile(v, 0.75);
  return {
    kind,
    n: v.length,
    median: quantile(v, 0.5),
    mean: v.reduce((s, x) => s + x, 0) / v.length,
    min: v[0]!,
    max: v[v.length - 1]!,
    q1,
    q3,
    iqr: q3 - q1,
    items: own,
  };
}

/** Sale and rent statistics of the questionnaire's comparables (null when none of a kind). */
export function computeComparables(list: readonly Comparable[] | undefined, asOf: string | undefined): { sale: ComparableStats | null; rent: ComparableStats | null } | null {
  if (!list?.length) return null;
  const used = list.map((c) => comparableUsed(c, asOf)).filter((c): c is ComparableUsed => c !== null);
  if (used.length === 0) return null;
  return { sale: comparableStats('venda', used), rent: comparableStats('aluguel', used) };
}

/** Enough comparables of one kind to act as the market reference. */
export function usable(stats: ComparableStats | null | undefined): stats is ComparableStats {
  return !!stats && stats.n >= MIN_COMPARABLES;
}
