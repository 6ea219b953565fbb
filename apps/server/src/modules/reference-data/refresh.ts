import type { AppContext } from '../../context.ts';
import { insertImport, insertReferenceRows, lastSgsRun } from './reference-data.repository.ts';
import { invalidateReferenceRows } from './reference-data.service.ts';
import { checkPlausible, fetchSgs, SGS_SERIES, SgsError, sgsRows, type SgsSeries } from './sgs.ts';

/** Two years back: enough for a 12-month accumulation of each of the last 12 months. */
const LOOKBACK_DAYS = 730;
export const SGS_TIMEOUT_MS = 15_000;

export interface RefreshOutcome {
  status: 'ok' | 'partial' | 'failed' | 'disabled';
  rowsAdded: number;
  errors: string[];
}

/**
 * Fetches every SGS series and stores the rows not stored yet (ids are stable: a second run adds
 * nothing). Never throws: a series that cannot be fetched, is malformed, too large, redirected to
 * another host or holds an implausible value is reported in the run's audit row (reference_imports,
 * origin 'sgs'; the admin page shows it) and the rows already stored stay in use.
 */
export async function refreshSgs(
  ctx: AppContext,
  options: { now?: Date; series?: readonly SgsSeries[]; timeoutMs?: number; maxBodyBytes?: number; log?: { warn: (o: object, msg: string) => void } } = {},
): Promise<RefreshOutcome> {
  const baseUrl = ctx.config.sgsBaseUrl;
  if (!baseUrl) return { status: 'disabled', rowsAdded: 0, errors: [] };
  const now = options.now ?? new Date();
  const from = new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000);
  const errors: string[] = [];
  const details: Record<string, unknown> = {};
  let rowsAdded = 0;
  for (const s of options.series ?? SGS_SERIES) {
    try {
      const points = await fetchSgs(baseUrl, s.code, from, now, options.timeoutMs ?? SGS_TIMEOUT_MS, { maxBodyBytes: options.maxBodyBytes });
      checkPlausible(s, points);
      const rows = sgsRows(s, points);
      const added = await insertReferenceRows(
        ctx.db,
        rows.map((r) => ({
          id: r.id,
          series: r.series,
          label: r.label,
          value: r.value,
          unit: r.unit,
          asOf: r.asOf,
          source: r.source,
          cadence: r.cadence ?? 'monthly',
          uncertain: false,
          origin: 'sgs',
        })),
      );
      rowsAdded += added;
      details[s.name] = { points: points.length, rows: rows.length, added };
    } catch (err) {
      const message = err instanceof SgsError ? err.message : `erro inesperado: ${(err as Error).message}`;
      errors.push(`${s.name}: ${message}`);
      details[s.name] = { error: message };
      options.log?.warn({ series: s.code, err: message }, 'SGS refresh failed for a series');
    }
  }
  const total = (options.series ?? SGS_SERIES).length;
  const status = errors.length === 0 ? 'ok' : errors.length === total ? 'failed' : 'partial';
  await insertImport(ctx.db, {
    kind: 'sgs',
    origin: 'sgs',
    status,
    rowsAdded,
    details,
    error: errors.length ? errors.join('; ') : null,
  });
  if (rowsAdded) invalidateReferenceRows(ctx.db);
  return { status, rowsAdded, errors };
}

/** True when SGS is configured and its last run is older than `maxAgeMs` (or there is none). */
export async function sgsRefreshDue(ctx: AppContext, now: Date = new Date(), maxAgeMs = 24 * 3600_000): Promise<boolean> {
  if (!ctx.config.sgsBaseUrl) return false;
  const last = await lastSgsRun(ctx.db);
  return !last || now.getTime() - last.createdAt.getTime() > maxAgeMs;
}
