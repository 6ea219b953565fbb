import type { Figure, FigureSource, FigureUnit } from '@viabiliza/contracts/analysis-result';
import { roundCents } from './finance.ts';

const MONEY_UNITS: ReadonlySet<FigureUnit> = new Set<FigureUnit>(['BRL', 'BRL/m2', 'BRL/mes']);

/** Note given to a figure that came out null without a reason of its own. */
export const NOT_COMPUTABLE_NOTE = 'Não foi possível calcular este valor com os dados e premissas informados.';

/**
 * Builds a Figure that is always safe to store and show: a non-finite or missing value becomes
 * `null` (with `note`, or a generic note when none is given: a null figure always says why), and
 * money (BRL, BRL/m2, BRL/mes) is rounded to cents.
 * Signature is shared with resolve-inputs.ts and the other calculators; keep it stable.
 */
export function figure(
  id: string,
  label: string,
  value: number | null | undefined,
  unit: FigureUnit,
  source: FigureSource,
  note?: string,
): Figure {
  let v: number | null = typeof value === 'number' && Number.isFinite(value) ? value : null;
  if (v !== null && MONEY_UNITS.has(unit)) v = roundCents(v);
  // Rounding near the top of the double range can overflow (x * 100 → Infinity).
  if (v !== null && !Number.isFinite(v)) v = null;
  // -0 would print as "-R$ 0,00" in some formatters.
  if (v === 0) v = 0;
  const f: Figure = { id, label, value: v, unit, source };
  if (note !== undefined && note !== '') f.note = note;
  else if (v === null) f.note = NOT_COMPUTABLE_NOTE;
  return f;
}

/** A computed source with its formula in Portuguese. */
export function computed(formula: string): FigureSource {
  return { kind: 'computed', formula };
}
