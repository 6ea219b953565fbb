import type { Database } from '@viabiliza/db/client';
import type { ReferenceCadence } from '@viabiliza/contracts/result/reference';
import type { ReferenceDataList, ReferenceRowView, SgsStatus } from '@viabiliza/contracts/reference-data';
import { REFERENCE_ROWS, cadenceOf, normalizeCity, referenceDataset, staleReference, type ReferenceRow } from '@viabiliza/engine/reference-data';
import { analysisDate } from '@viabiliza/engine/resolve-inputs';
import type { AppContext } from '../../context.ts';
import { lastSgsRun, listReferenceRows, type ReferenceRowRecord } from './reference-data.repository.ts';
import { plausibleSgsRow } from './sgs.ts';

/** A stored row as the engine reads it. */
export function toEngineRow(r: ReferenceRowRecord): ReferenceRow {
  const extra = (r.extra ?? {}) as { financedRate?: unknown; financedCeiling?: unknown; law?: unknown };
  return {
    id: r.id,
    series: r.series,
    label: r.label,
    value: r.value,
    unit: r.unit as ReferenceRow['unit'],
    asOf: r.asOf,
    source: r.source,
    uncertain: r.uncertain,
    cadence: r.cadence as ReferenceCadence,
    origin: r.origin === 'sgs' ? 'sgs' : 'import',
    ...(r.city ? { city: r.city } : {}),
    ...(r.state ? { state: r.state } : {}),
    ...(r.propertyType ? { propertyType: r.propertyType } : {}),
    ...(r.note ? { note: r.note } : {}),
    ...(typeof extra.financedRate === 'number' ? { financedRate: extra.financedRate } : {}),
    ...(typeof extra.financedCeiling === 'number' ? { financedCeiling: extra.financedCeiling } : {}),
    ...(typeof extra.law === 'string' ? { law: extra.law } : {}),
  };
}

// The rows are read once per analysis from this cache: a write in this process clears it, and an
// entry lives CACHE_MS so a row written by another instance reaches this one within that time.
const CACHE_MS = 30_000;
const cache = new WeakMap<Database, { at: number; rows: ReferenceRow[]; version: string }>();

export function invalidateReferenceRows(db: Database): void {
  cache.delete(db);
}

async function cached(db: Database): Promise<{ rows: ReferenceRow[]; version: string }> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit;
  const rows = (await listReferenceRows(db)).map(toEngineRow).filter(plausibleSgsRow);
  // Append-only rows: their ids name the dataset (used in the analysis cache key).
  const version = rows.length ? `${rows.length}:${rows.map((r) => r.id).sort().at(-1)}:${rows.reduce((h, r) => (h * 31 + r.id.length + r.value) % 1e9, 7)}` : '';
  const entry = { at: Date.now(), rows, version };
  cache.set(db, entry);
  return entry;
}

/** The database's reference rows, passed to the engine beside its shipped rows on every analysis. */
export async function loadReferenceRows(ctx: Pick<AppContext, 'db'>): Promise<ReferenceRow[]> {
  return (await cached(ctx.db)).rows;
}

/** '' without database rows; else a short text that changes whenever a row is added. */
export async function referenceVersion(ctx: Pick<AppContext, 'db'>): Promise<string> {
  return (await cached(ctx.db)).version;
}

function groupKey(r: ReferenceRow): string {
  return [r.series, normalizeCity(r.city) ?? '', r.state ?? '', r.propertyType ?? ''].join('|');
}

export async function sgsStatusOf(ctx: AppContext): Promise<SgsStatus> {
  const last = await lastSgsRun(ctx.db);
  const baseUrl = ctx.config.sgsBaseUrl ?? null;
  const enabled = Boolean(baseUrl);
  let message: string | null = null;
  if (!enabled) message = 'Atualização automática desativada (SGS_BASE_URL não configurado): são usados os dados da base e os importados.';
  else if (!last) message = 'Ainda não atualizado.';
  else if (last.status === 'failed') message = `Última tentativa falhou: ${last.error ?? 'erro desconhecido'}. Os valores anteriores continuam em uso.`;
  else if (last.status === 'partial') message = `Atualização parcial: ${last.error ?? ''}`.trim();
  else message = `${last.rowsAdded} valor(es) novo(s) na última atualização.`;
  return {
    enabled,
    baseUrl,
    lastRunAt: last?.createdAt.toISOString() ?? null,
    lastStatus: (last?.status as SgsStatus['lastStatus']) ?? null,
    rowsAdded: last?.rowsAdded ?? null,
    message,
  };
}

/** Every row (shipped and stored) with its staleness today, for the admin page. */
export async function listReferenceData(ctx: AppContext, now: Date = new Date()): Promise<ReferenceDataList> {
  const today = analysisDate(now.toISOString()) ?? now.toISOString().slice(0, 10);
  const stored = await loadReferenceRows(ctx);
  const refs = referenceDataset(stored);
  // The row an analysis uses today in each series + place + type: the newest on or before today.
  const current = new Map<string, ReferenceRow>();
  for (const r of refs.rows) {
    if (r.asOf.slice(0, 10) > today) continue;
    const k = groupKey(r);
    const prev = current.get(k);
    if (!prev || prev.asOf <= r.asOf) current.set(k, r);
  }
  const rows: ReferenceRowView[] = refs.rows.map((r) => ({
    id: r.id,
    series: r.series,
    label: r.label,
    city: r.city ?? null,
    state: r.state ?? null,
    propertyType: r.propertyType ?? null,
    value: r.value,
    unit: r.unit,
    asOf: r.asOf,
    source: r.source,
    cadence: cadenceOf(r),
    uncertain: r.uncertain,
    note: r.note ?? null,
    origin: r.origin ?? 'shipped',
    stale: staleReference(r, today) !== null,
    current: current.get(groupKey(r))?.id === r.id,
  }));
  rows.sort((a, b) => (a.series < b.series ? -1 : a.series > b.series ? 1 : a.asOf < b.asOf ? 1 : a.asOf > b.asOf ? -1 : 0));
  return { rows, sgs: await sgsStatusOf(ctx), today };
}

export const SHIPPED_ROW_COUNT = REFERENCE_ROWS.length;
