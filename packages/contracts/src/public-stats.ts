import { z } from 'zod';

/**
 * The /sobre counters (GET /api/public/stats): counts read from the database, no personal data.
 * The server keeps an answer for PUBLIC_STATS_CACHE_MS.
 */
export const PUBLIC_STATS_CACHE_MS = 60_000;

export const publicStats = z.object({
  analyses: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
});
export type PublicStats = z.infer<typeof publicStats>;
