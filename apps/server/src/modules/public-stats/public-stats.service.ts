import { PUBLIC_STATS_CACHE_MS, type PublicStats } from '@viabiliza/contracts/public-stats';
import type { Database } from '@viabiliza/db/client';
import { countAnalysesAndUsers } from './public-stats.repository.ts';

/**
 * The /sobre counters, kept for a minute per server instance so a busy public page costs one pair of
 * counts a minute, not one per visit.
 */
export function createPublicStatsReader(db: Database, ttlMs = PUBLIC_STATS_CACHE_MS, now = () => Date.now()) {
  let cached: { at: number; value: PublicStats } | null = null;
  return async function read(): Promise<PublicStats> {
    if (cached && now() - cached.at < ttlMs) return cached.value;
    const value = await countAnalysesAndUsers(db);
    cached = { at: now(), value };
    return value;
  };
}
