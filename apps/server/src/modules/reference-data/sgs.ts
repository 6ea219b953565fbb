import type { ReferenceRow } from '@viabiliza/engine/reference-data';
import { monthLabel } from '@viabiliza/engine/reference-data';

/**
 * Banco Central's SGS (Sistema Gerenciador de Séries Temporais) series the engine uses, fetched as
 * JSON from `{base}/dados/serie/bcdata.sgs.{code}/dados?formato=json&dataInicial=dd/MM/yyyy&dataFinal=dd/MM/yyyy`
 * (at most 10 years per request) and turned into dated reference rows.
 *
 * INCC is not fetched: its SGS code (INCC-M 7456 or INCC 192) could not be confirmed in the SGS
 * catalogue, so the engine keeps its shipped INCC rows.
 */
export interface SgsSeries {
  code: number;
  name: string;
  /** daily: one row per month (the month's last observation); monthly: one row per month plus the 12-month accumulation. */
  kind: 'daily-rate' | 'monthly-change';
  /** Series of the monthly rows ('selic', 'tr', 'ipca-mensal'). */
  series: string;
  /** Series of the 12-month accumulation (monthly-change only). */
  series12m?: string;
  label: string;
}

export const SGS_SERIES: readonly SgsSeries[] = [
  { code: 432, name: 'Selic', kind: 'daily-rate', series: 'selic', label: 'Selic (meta, a.a.)' },
  { code: 433, name: 'IPCA', kind: 'monthly-change', series: 'ipca-mensal', series12m: 'ipca', label: 'IPCA' },
  { code: 189, name: 'IGP-M', kind: 'monthly-change', series: 'igpm-mensal', series12m: 'igpm-12m', label: 'IGP-M' },
  { code: 226, name: 'TR', kind: 'daily-rate', series: 'tr', label: 'TR (ao mês)' },
];

export interface SgsPoint {
  /** YYYY-MM-DD */
  date: string;
  /** As published (percent). */
  value: number;
}

export class SgsError extends Error {}

/** 'dd/MM/yyyy' of a date (UTC). */
export function sgsDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/**
 * SGS's answer as points; anything else (not an array, a date that is not dd/MM/yyyy, a value
 * that is not a number) rejects the whole answer.
 */
export function parseSgs(body: unknown): SgsPoint[] {
  if (!Array.isArray(body)) throw new SgsError('resposta do SGS não é uma lista');
  return body.map((item, i) => {
    const o = item as { data?: unknown; valor?: unknown } | null;
    const m = typeof o?.data === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(o.data) : null;
    const raw = typeof o?.valor === 'string' ? o.valor.trim() : typeof o?.valor === 'number' ? String(o.valor) : '';
    const value = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
    if (!m || !Number.isFinite(value)) throw new SgsError(`item ${i + 1} do SGS inválido: ${JSON.stringify(item).slice(0, 80)}`);
    return { date: `${m[3]}-${m[2]}-${m[1]}`, value };
  });
}

export async function fetchSgs(baseUrl: string, code: number, from: Date, to: Date, timeoutMs: number): Promise<SgsPoint[]> {
  const url = `${baseUrl.replace(/\/$/, '')}/dados/serie/bcdata.sgs.${code}/dados?formato=json&dataInicial=${sgsDate(from)}&dataFinal=${sgsDate(to)}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `sem resposta em ${Math.round(timeoutMs / 1000)} s` : 'sem conexão';
    throw new SgsError(`Banco Central indisponível (${reason})`);
  }
  if (!res.ok) throw new SgsError(`Banco Central respondeu ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new SgsError('resposta do SGS não é JSON');
  }
  return parseSgs(body);
}

const round = (x: number) => Math.round(x * 1e8) / 1e8;
const SOURCE = (s: SgsSeries) => `Banco Central do Brasil, SGS ${s.code} (${s.name})`;

/** The points of one series as reference rows (ids stable, so a second refresh adds nothing). */
export function sgsRows(s: SgsSeries, points: readonly SgsPoint[]): ReferenceRow[] {
  const sorted = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const rows: ReferenceRow[] = [];
  if (s.kind === 'daily-rate') {
    const lastOfMonth = new Map<string, SgsPoint>();
    for (const p of sorted) lastOfMonth.set(p.date.slice(0, 7), p);
    for (const [month, p] of lastOfMonth) {
      const [y, m, d] = p.date.split('-');
      rows.push({
        id: `sgs-${s.code}-${month}`,
        series: s.series,
        label: s.code === 226 ? `TR (ao mês), período iniciado em ${d}/${m}/${y}` : s.label,
        value: round(p.value / 100),
        unit: 'fraction',
        asOf: p.date,
        source: SOURCE(s),
        uncertain: false,
        cadence: 'monthly',
        origin: 'sgs',
      });
    }
    return rows;
  }
  const byMonth = new Map<string, number>();
  for (const p of sorted) byMonth.set(p.date.slice(0, 7), p.value / 100);
  const months = [...byMonth.keys()].sort();
  for (const month of months) {
    rows.push({
      id: `sgs-${s.code}-${month}`,
      series: s.series,
      label: `${s.label} mensal ${monthLabel(month)}`,
      value: round(byMonth.get(month)!),
      unit: 'fraction',
      asOf: month,
      source: SOURCE(s),
      uncertain: false,
      cadence: 'monthly',
      origin: 'sgs',
    });
  }
  if (s.series12m) {
    for (const month of months) {
      const window = previousMonths(month, 12);
      if (!window.every((m) => byMonth.has(m))) continue;
      const acc = window.reduce((f, m) => f * (1 + byMonth.get(m)!), 1) - 1;
      rows.push({
        id: `sgs-${s.code}-12m-${month}`,
        series: s.series12m,
        label: `${s.label} 12 meses até ${monthLabel(month)}`,
        value: Math.round(acc * 1e6) / 1e6,
        unit: 'fraction',
        asOf: month,
        source: `${SOURCE(s)}, acumulado de 12 meses`,
        uncertain: false,
        cadence: 'monthly',
        origin: 'sgs',
      });
    }
  }
  return rows;
}

/** 'YYYY-MM' and the n−1 months before it. */
function previousMonths(month: string, n: number): string[] {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  return Array.from({ length: n }, (_, i) => {
    const t = total - i;
    return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
  });
}
