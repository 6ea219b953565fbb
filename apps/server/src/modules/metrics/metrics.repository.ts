import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { performanceMetrics, session, user } from '@viabiliza/db/schema';
import { isCountedUser } from '../auth/counted-users.ts';
import type { Database } from '@viabiliza/db/client';

export const REALTIME_METRIC = 'realtime_monitoring';

/**
 * Distinct people with an unexpired session used in the last hour (session.updated_at is touched
 * on use). Not counted: demo sandboxes and the old shared demo account (counted-users.ts), and
 * sessions no browser opened (no user agent: server-side checks), which would show a user active
 * on an idle server.
 */
export async function countActiveUsers(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${session.userId})::int` })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(
      gt(session.expiresAt, sql`now()`),
      gt(session.updatedAt, sql`now() - interval '1 hour'`),
      sql`coalesce(${session.userAgent}, '') <> ''`,
      isCountedUser(user.id),
    ));
  return row?.n ?? 0;
}

/** `value` is the interval's p95 in ms; null when it answered no request. */
export async function insertSample(db: Database, value: number | null, tags: Record<string, unknown>) {
  await db.insert(performanceMetrics).values({ metricName: REALTIME_METRIC, metricValue: value, tags });
}

export async function latestSamples(db: Database, limit: number) {
  return db
    .select({ tags: performanceMetrics.tags, createdAt: performanceMetrics.createdAt })
    .from(performanceMetrics)
    .where(eq(performanceMetrics.metricName, REALTIME_METRIC))
    .orderBy(desc(performanceMetrics.createdAt))
    .limit(limit);
}
