import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { RATE_LIMITS, type RateLimitCategory } from '@viabiliza/contracts/rate-limits';
import type { DatabaseHandle } from '@viabiliza/db/client';
import { AppError } from '../lib/app-error.ts';
import { databaseRateLimitStore, sweepRateLimitCounters, SWEEP_INTERVAL_MS } from './rate-limit-store.ts';

const isRead = (req: FastifyRequest) => req.method === 'GET' || req.method === 'HEAD';

function tooMany() {
  return Object.assign(new AppError('RATE_LIMITED'), { statusCode: 429 });
}

/**
 * Server-side budgets (spec 01 §9). API reads get the generous `read` budget, other API calls the
 * spec's default; routes that need a tighter one declare `config: { rateLimit: routeLimit(...) }`.
 * Static files of the web app are not counted.
 *
 * On PostgreSQL the counters live in the database (rate-limit-store.ts), so N instances share every
 * budget of a change or a costly call; the generous budget of reads is counted per instance (a
 * database write per poll doubled the reads' p95 under load, see BENCHMARKS.md); if the database cannot be reached the request is let through (it fails on its own data
 * anyway, and the health probes must still answer). PGlite keeps them in-process: one process owns
 * its data directory.
 */
export async function registerRateLimit(app: FastifyInstance, database: DatabaseHandle, readMax: number = RATE_LIMITS.read.max) {
  const shared = database.kind === 'postgres';
  if (shared) {
    const sweep = setInterval(() => {
      sweepRateLimitCounters(database.db).catch((err: unknown) => app.log.warn({ err }, 'rate-limit counters sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  await app.register(rateLimit, {
    global: true,
    ...(shared ? { store: databaseRateLimitStore(database.db, ['read:']), skipOnError: true } : {}),
    max: (req) => (isRead(req) ? readMax : RATE_LIMITS.default.max),
    timeWindow: RATE_LIMITS.default.windowMs,
    keyGenerator: (req) => `${isRead(req) ? 'read' : 'default'}:${req.ip}`,
    // Only reads of the web app's files go uncounted; a call that changes data is counted whatever
    // its path (request.url is already canonical: see canonical-url.ts).
    allowList: (req) => isRead(req) && !req.url.startsWith('/api/'),
    errorResponseBuilder: () => tooMany(),
  });
}

/** A tighter budget for one route; `key` narrows who shares the counter (default: the IP). */
export function routeLimit(category: RateLimitCategory, key?: (req: FastifyRequest) => string) {
  const { max, windowMs } = RATE_LIMITS[category];
  return {
    max,
    timeWindow: windowMs,
    // Keys may read the parsed body (e.g. the e-mail of a login), so count after parsing.
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `${category}:${req.ip}:${key ? key(req) : ''}`,
    errorResponseBuilder: () => tooMany(),
  };
}
