/** Positions (0–100 %) of the valuation range bar: low, mid, high and, when known, the asked price. */
export interface RangeLayout {
  low: number;
  mid: number;
  high: number;
  asked: number | null;
}

/**
 * The bar spans the range with a margin on each side; an asked price outside it widens the scale so
 * its marker stays on the bar.
 */
export function valuationLayout(low: number, mid: number, high: number, asked: number | null): RangeLayout | null {
  const values = [low, mid, high, ...(asked !== null && Number.isFinite(asked) ? [asked] : [])];
  if (values.some((v) => !Number.isFinite(v))) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const margin = (max - min) * 0.1 || Math.abs(mid) * 0.1 || 1;
  const start = min - margin;
  const span = max + margin - start;
  const at = (v: number) => Math.round(((v - start) / span) * 1000) / 10;
  return { low: at(low), mid: at(mid), high: at(high), asked: asked !== null && Number.isFinite(asked) ? at(asked) : null };
}
