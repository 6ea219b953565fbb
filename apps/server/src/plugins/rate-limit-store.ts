import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '@viabiliza/db/client';
import { rateLimitCounters } from '@viabiliza/db/schema';

/** What @fastify/rate-limit asks of a store (see its README, 'Custom store'). */
type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
/** What `child` really receives: the merged options, with the route under routeInfo (the plugin's types say otherwise). */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

const INT_MAX = 2_147_483_647;
/** How often expired counters are swept (each instance sweeps; a delete of nothing is cheap). */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * A @fastify/rate-limit store over the rate_limit_counters table, so every instance on one
 * PostgreSQL database counts against the same budgets (issue 15). One statement per request: an
 * upsert that starts a new window when the stored one has expired and otherwise adds one, returning
 * the count and the time left, measured by the database clock (instances' clocks may differ).
 *
 * Like the plugin's in-process store, a route with its own budget (`child`) counts apart from other
 * routes: its keys are prefixed with the route. Routes on the global budget share the unprefixed keys.
 *
 * Keys starting with one of `localPrefixes` (the global budget of reads, 'read:') are counted in this
 * process instead: reads change nothing and are most of the traffic (a page polls), and a database
 * write per read cost 40–60 % on every read's p95 under `npm run bench:load`. Each instance then
 * allows its own read budget; every budget that guards a change or a costly call stays shared.
 */
export function databaseRateLimitStore(db: Database, localPrefixes: readonly string[] = []): FastifyRateLimitStoreCtor {
  const local = new Map<string, { count: number; expiresAt: number }>();
  const countLocally = (key: string, timeWindow: number) => {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.expiresAt <= now) {
      // Expired entries are dropped as new windows start; the map holds one entry per address.
      if (local.size > 10_000) for (const [k, e] of local) if (e.expiresAt <= now) local.delete(k);
      entry = { count: 0, expiresAt: now + timeWindow };
      local.set(key, entry);
    }
    entry.count = Math.min(entry.count + 1, INT_MAX);
    return { current: entry.count, ttl: entry.expiresAt - now };
  };
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      if (this.prefix === '' && localPrefixes.some((p) => key.startsWith(p))) {
        cb(null, countLocally(key, timeWindow));
        return;
      }
      const expired = sql`${rateLimitCounters.expiresAt} <= now()`;
      db.insert(rateLimitCounters)
        .values({ key: this.prefix + key, count: 1, expiresAt: sql`now() + ${timeWindow}::double precision * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else least(${rateLimitCounters.count} + 1, ${INT_MAX}) end`,
            expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitCounters.expiresAt} end`,
          },
        })
        .returning({
          current: rateLimitCounters.count,
          ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.expiresAt} - now())) * 1000))::int`.mapWith(Number),
        })
        .then(([row]) => cb(null, row ?? { current: 1, ttl: timeWindow }), (err: Error) => cb(err));
    }

    /** The counter without counting (the plugin's `increment: false`). */
    read(key: string, cb: Callback) {
      if (this.prefix === '' && localPrefixes.some((p) => key.startsWith(p))) {
        const entry = local.get(key);
        const now = Date.now();
        cb(null, entry && entry.expiresAt > now ? { current: entry.count, ttl: entry.expiresAt - now } : { current: 0, ttl: 0 });
        return;
      }
      db.select({
        current: sql<number>`case when ${rateLimitCounters.expiresAt} <= now() then 0 else ${rateLimitCounters.count} end`.mapWith(Number),
        ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.expiresAt} - now())) * 1000))::int`.mapWith(Number),
      })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, this.prefix + key))
        .then(([row]) => cb(null, row ?? { current: 0, ttl: 0 }), (err: Error) => cb(err));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const info = (routeOptions as unknown as ChildOptions).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseRateLimitStore(routeOptions, `${method} ${info.url ?? ''}|`);
    }
  };
}

/** Deletes the counters whose window has ended (the next request would restart them anyway). */
export async function sweepRateLimitCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, sql`now()`));
}
