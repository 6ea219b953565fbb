import type { Figure, FigureSource } from '@viabiliza/contracts/analysis-result';
import { figure } from './figure.ts';
import { normalizeCity, normalizeState, REFERENCE_ROWS, referenceSource, type ReferenceRow } from './reference-data.ts';
import type { ItbiCityRow } from './reference/itbi-cities.ts';

/*
 * ITBI of one acquisition from the city table (reference/itbi-cities.ts): the SFH-financed part at
 * the city's reduced rate up to its ceiling, the rest at the general rate. A city without a row gets
 * the typical rate, flagged. Pure: the rows and the analysis date come in.
 */

export interface ItbiQuery {
  city: string | null | undefined;
  state: string | null | undefined;
  /** Transaction value (ITBI base: the declared value, STJ Tema 1113). */
  price: number;
  /** Loan amount; only the part financed under SFH gets a reduced rate. */
  financedAmount?: number | null;
  /** The acquisition is financed under SFH (residential, within the SFH ceiling). */
  sfh?: boolean;
  /** Analysis date (ISO); the newest row on or before it is used. */
  asOf?: string;
}

export interface ItbiBreakdown {
  /** Part of the price taxed at the reduced rate (0 when none applies). */
  financedBase: number;
  financedRate: number | null;
  financedTax: number;
  generalBase: number;
  generalRate: number;
  generalTax: number;
}

export interface ItbiResult {
  amount: number;
  /** Effective rate: amount / price. */
  rate: number;
  breakdown: ItbiBreakdown;
  /** The city row used, or the typical row when the city has none. */
  row: ReferenceRow | null;
  /** True when the city has no row or its row is uncertain. */
  uncertain: boolean;
  cityFound: boolean;
  note: string;
}

export const ITBI_TYPICAL_RATE = 0.03;
export const ITBI_NO_CITY_NOTE = 'ITBI estimado: cidade sem tabela; confirme na prefeitura.';

/** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' → comparable 'YYYY-MM-DD'. */
function dateKey(iso: string): string {
  if (/^\d{4}$/.test(iso)) return `${iso}-01-01`;
  if (/^\d{4}-\d{2}$/.test(iso)) return `${iso}-01`;
  return iso.slice(0, 10);
}

/**
 * Newest row dated on or before `asOf` (all when undefined); when every row is newer, the oldest.
 * On an equal date the later row in `rows` wins (database rows come after the shipped ones).
 */
function pick(rows: readonly ReferenceRow[], asOf?: string): ReferenceRow | null {
  if (rows.length === 0) return null;
  const sorted = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (dateKey(a.r.asOf) < dateKey(b.r.asOf) ? -1 : dateKey(a.r.asOf) > dateKey(b.r.asOf) ? 1 : a.i - b.i))
    .map((x) => x.r);
  if (!asOf) return sorted[sorted.length - 1]!;
  const limit = dateKey(asOf);
  const eligible = sorted.filter((r) => dateKey(r.asOf) <= limit);
  return eligible[eligible.length - 1] ?? sorted[0]!;
}

/** Normalized city of each row, computed once (the sensitivity grid calls itbiFor many times). */
const ROW_CITY = new WeakMap<ReferenceRow, string | null>();

function rowCity(r: ReferenceRow): string | null {
  let c = ROW_CITY.get(r);
  if (c === undefined) {
    c = normalizeCity(r.city);
    ROW_CITY.set(r, c);
  }
  return c;
}

function cityRows(rows: readonly ReferenceRow[], series: string, city: string, uf: string | null): ReferenceRow[] {
  return rows.filter((r) => r.series === series && r.city !== undefined && rowCity(r) === city && (!uf || !r.state || r.state === uf));
}

function positive(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : null;
}

// Formatters built once: toLocaleString builds one per call, which dominated the sensitivity grid.
const MONEY = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

function brl(x: number): string {
  return `R$ ${MONEY.format(x)}`;
}

function pct(x: number): string {
  return `${PERCENT.format(x * 100)}%`;
}

/** The ITBI rule of a city row: general rate and, where the law has one, the financed-part rule. */
interface Rule {
  general: number;
  financedRate: number | null;
  financedCeiling: number | null;
  financedPriceCeiling: number | null;
}

function ruleOf(row: ReferenceRow, rows: readonly ReferenceRow[], city: string, uf: string | null, asOf?: string): Rule {
  const r = row as Partial<ItbiCityRow>;
  let financedRate = positive(r.financedRate);
  let financedCeiling = positive(r.financedCeiling);
  if (financedRate === null) {
    // Older rows keep the financed-part rule in rows of their own ('itbi-financiado', '…-limite').
    financedRate = positive(pick(cityRows(rows, 'itbi-financiado', city, uf), asOf)?.value);
    if (financedRate !== null) financedCeiling = positive(pick(cityRows(rows, 'itbi-financiado-limite', city, uf), asOf)?.value);
  }
  return { general: row.value, financedRate, financedCeiling, financedPriceCeiling: positive(r.financedPriceCeiling) };
}

/**
 * The ITBI of one acquisition. `rows` defaults to the shipped dataset; pass `inputs.refs.rows` to
 * let imported rows compete. A city without a row: typical 3 % flagged uncertain.
 */
export function itbiFor(q: ItbiQuery, rows: readonly ReferenceRow[] = REFERENCE_ROWS): ItbiResult {
  const price = Math.max(0, Number.isFinite(q.price) ? q.price : 0);
  const city = normalizeCity(q.city);
  const uf = normalizeState(q.state);
  const row = city ? pick(cityRows(rows, 'itbi', city, uf), q.asOf) : null;

  if (!row || !city) {
    const typical = pick(
      rows.filter((r) => r.series === 'itbi-tipico' && r.city === undefined && r.state === undefined),
      q.asOf,
    );
    const rate = typical?.value ?? ITBI_TYPICAL_RATE;
    const amount = price * rate;
    return {
      amount,
      rate,
      breakdown: { financedBase: 0, financedRate: null, financedTax: 0, generalBase: price, generalRate: rate, generalTax: amount },
      row: typical,
      uncertain: true,
      cityFound: false,
      note: ITBI_NO_CITY_NOTE,
    };
  }

  const rule = ruleOf(row, rows, city, uf, q.asOf);
  const financed = Math.min(price, Math.max(0, positive(q.financedAmount) ?? 0));
  const reducedApplies =
    q.sfh === true && rule.financedRate !== null && financed > 0 && (rule.financedPriceCeiling === null || price <= rule.financedPriceCeiling);
  const financedBase = reducedApplies ? Math.min(financed, rule.financedCeiling ?? financed) : 0;
  const financedTax = reducedApplies ? financedBase * rule.financedRate! : 0;
  const generalBase = price - financedBase;
  const generalTax = generalBase * rule.general;
  const amount = financedTax + generalTax;

  const parts: string[] = [];
  if (reducedApplies) {
    parts.push(`${pct(rule.financedRate!)} sobre ${brl(financedBase)} financiados pelo SFH${rule.financedCeiling !== null ? ` (teto de ${brl(rule.financedCeiling)})` : ''} + ${pct(rule.general)} sobre ${brl(generalBase)}`);
  } else {
    parts.push(`${pct(rule.general)} sobre ${brl(price)}`);
    if (rule.financedRate !== null && financed > 0) {
      if (q.sfh !== true) parts.push(`alíquota reduzida de ${pct(rule.financedRate)} só para a parte financiada pelo SFH`);
      else if (rule.financedPriceCeiling !== null && price > rule.financedPriceCeiling) parts.push(`alíquota reduzida só para imóveis de até ${brl(rule.financedPriceCeiling)}`);
    }
  }
  parts.push(`lei: ${(row as Partial<ItbiCityRow>).law ?? row.source}`);
  if (row.uncertain) parts.push('alíquota não confirmada: confirme na prefeitura');
  return {
    amount,
    rate: price > 0 ? amount / price : rule.general,
    breakdown: { financedBase, financedRate: reducedApplies ? rule.financedRate : null, financedTax, generalBase, generalRate: rule.general, generalTax },
    row,
    uncertain: row.uncertain,
    cityFound: true,
    note: `ITBI ${row.city ?? ''}: ${parts.join('; ')}.`.replace(/(?<!\s)\s+:/, ':'),
  };
}

/** The ITBI as a figure whose source is the city row (law / page and date). */
export function itbiFigure(r: ItbiResult): Figure {
  const source: FigureSource = r.row
    ? referenceSource(r.row, r.cityFound ? `${r.row.label} (${(r.row as Partial<ItbiCityRow>).law ?? r.row.source})` : r.row.label)
    : { kind: 'computed', formula: 'Preço × alíquota típica de ITBI (3%)' };
  return figure('itbi', 'ITBI', r.amount, 'BRL', source, r.note);
}
