import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { performanceMetrics, session } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export const REALTIME_METRIC = 'realtime_monitoring';

/** Distinct users with an unexpired session used in the last hour (session.updated_at is touched on use). */
export async function countActiveUsers(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${session.userId})::int` })
    .from(session)
    .where(and(gt(session.expiresAt, sql`now()`), gt(session.updatedAt, sql`now() - interval '1 hour'`)));
  return row?.n ?? 0;
}

export async function insertSample(db: Database, value: number, tags: Record<string, unknown>) {
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
