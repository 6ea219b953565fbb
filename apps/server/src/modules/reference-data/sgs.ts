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
  /**
   * The published values (percent) that can be true; anything outside is refused with the whole
   * answer, and the rows already stored stay in use. Wide on purpose: they stop a broken or
   * hostile answer (a Selic of 99.999.999.999 %), not an unusual month.
   */
  plausible: { min: number; max: number; unit: string };
}

export const SGS_SERIES: readonly SgsSeries[] = [
  // Selic has been between 2 % and 45 % a.a. since the Real; 0–100 % is every rate the engine can use.
  { code: 432, name: 'Selic', kind: 'daily-rate', series: 'selic', label: 'Selic (meta, a.a.)', plausible: { min: 0, max: 100, unit: '% a.a.' } },
  // Monthly inflation: the Real's worst months were under 5 %; −20 % to +50 % a month.
  { code: 433, name: 'IPCA', kind: 'monthly-change', series: 'ipca-mensal', series12m: 'ipca', label: 'IPCA', plausible: { min: -20, max: 50, unit: '% no mês' } },
  { code: 189, name: 'IGP-M', kind: 'monthly-change', series: 'igpm-mensal', series12m: 'igpm-12m', label: 'IGP-M', plausible: { min: -20, max: 50, unit: '% no mês' } },
  // TR is never negative (Lei 8.177/1991, floored at zero) and has stayed under 3 % a month.
  { code: 226, name: 'TR', kind: 'daily-rate', series: 'tr', label: 'TR (ao mês)', plausible: { min: 0, max: 10, unit: '% no mês' } },
];

/** Largest SGS answer read (two years of a daily series is about 40 KB); beyond, reading stops. */
export const SGS_MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Redirects followed, and only to the configured host (SGS answers without any). */
export const SGS_MAX_REDIRECTS = 3;

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

const brPercent = (v: number) => v.toLocaleString('pt-BR', { maximumFractionDigits: 6 });

/** Refuses the answer when any value is outside the series' plausible range (see SGS_SERIES). */
export function checkPlausible(s: SgsSeries, points: readonly SgsPoint[]): void {
  const bad = points.find((p) => p.value < s.plausible.min || p.value > s.plausible.max);
  if (!bad) return;
  const [y, m, d] = bad.date.split('-');
  throw new SgsError(
    `Valor implausível recebido do SGS para ${s.name}: ${brPercent(bad.value)} % em ${d}/${m}/${y} (aceito de ${brPercent(s.plausible.min)} a ${brPercent(s.plausible.max)} ${s.plausible.unit}); mantido o valor anterior`,
  );
}

/**
 * A stored SGS row (a fraction) within its series' range: rows stored before the check existed
 * are not used when they are not (a 12-month accumulation between −90 % and +1000 %).
 */
export function plausibleSgsRow(r: Pick<ReferenceRow, 'series' | 'value' | 'origin'>): boolean {
  if (r.origin !== 'sgs') return true;
  const monthly = SGS_SERIES.find((s) => s.series === r.series);
  if (monthly) return r.value * 100 >= monthly.plausible.min && r.value * 100 <= monthly.plausible.max;
  if (SGS_SERIES.some((s) => s.series12m === r.series)) return r.value > -0.9 && r.value < 10;
  return true;
}

/**
 * GETs `url` following redirects only within its own origin (at most SGS_MAX_REDIRECTS), so a
 * compromised or spoofed answer cannot send the server to another host.
 */
async function getSameOrigin(url: string, signal: AbortSignal): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  for (let hop = 0; ; hop++) {
    const res = await fetch(current, { signal, redirect: 'manual', headers: { accept: 'application/json' } });
    if (res.status < 300 || res.status >= 400 || res.status === 304) return res;
    await res.body?.cancel();
    const location = res.headers.get('location');
    if (!location) throw new SgsError(`Banco Central respondeu ${res.status} sem destino`);
    const next = new URL(location, current);
    if (next.origin !== origin) throw new SgsError(`redirecionamento para outro servidor recusado (${next.host})`);
    if (hop >= SGS_MAX_REDIRECTS) throw new SgsError(`mais de ${SGS_MAX_REDIRECTS} redirecionamentos`);
    current = next.toString();
  }
}

/** The body as text, at most `maxBytes`: a larger answer is cut off and refused, never buffered. */
async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  const tooLarge = () => new SgsError(`resposta do SGS maior que ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function fetchSgs(
  baseUrl: string,
  code: number,
  from: Date,
  to: Date,
  timeoutMs: number,
  options: { maxBodyBytes?: number } = {},
): Promise<SgsPoint[]> {
  const url = `${baseUrl.replace(/\/$/, '')}/dados/serie/bcdata.sgs.${code}/dados?formato=json&dataInicial=${sgsDate(from)}&dataFinal=${sgsDate(to)}`;
  // One budget for the connection, the redirects and the body: a slow trickle times out too.
  const signal = AbortSignal.timeout(timeoutMs);
  const unavailable = (err: unknown) => {
    if (err instanceof SgsError) return err;
    const reason = (err as Error).name === 'TimeoutError' ? `sem resposta em ${Math.round(timeoutMs / 1000)} s` : 'sem conexão';
    return new SgsError(`Banco Central indisponível (${reason})`);
  };
  let res: Response;
  try {
    res = await getSameOrigin(url, signal);
  } catch (err) {
    throw unavailable(err);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new SgsError(`Banco Central respondeu ${res.status}`);
  }
  let text: string;
  try {
    text = await readCapped(res, options.maxBodyBytes ?? SGS_MAX_BODY_BYTES);
  } catch (err) {
    throw unavailable(err);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
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
