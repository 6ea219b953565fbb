import { and, count, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { analysisRuns, properties, propertyAnalyses, propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import { PROVIDER_SUCCESS_CONFIDENCE, RECENT_ANALYSES_LIMIT } from '@viabiliza/contracts/dashboard';

/**
 * The dashboard's figures, each one SQL aggregate over the user's own rows (every query filters by
 * user_id first, so the (user_id, …) indexes carry them). Nothing here reads all rows into memory.
 */

const asInt = (column: unknown) => sql<number>`${column}`.mapWith(Number);

export async function countProperties(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(eq(properties.userId, userId));
  return row?.n ?? 0;
}

/** All the user's documents, and those uploaded since `since`. */
export async function countDocuments(db: Database, userId: string, since: Date): Promise<{ total: number; since: number }> {
  const [row] = await db
    .select({
      total: count(),
      since: asInt(sql`count(*) filter (where ${propertyDocuments.createdAt} >= ${since})`),
    })
    .from(propertyDocuments)
    .where(eq(propertyDocuments.userId, userId));
  return { total: row?.total ?? 0, since: row?.since ?? 0 };
}

/** All the user's analyses, and those saved since `since`. */
export async function countAnalyses(db: Database, userId: string, since: Date): Promise<{ total: number; since: number }> {
  const [row] = await db
    .select({
      total: count(),
      since: asInt(sql`count(*) filter (where ${propertyAnalyses.createdAt} >= ${since})`),
    })
    .from(propertyAnalyses)
    .where(eq(propertyAnalyses.userId, userId));
  return { total: row?.total ?? 0, since: row?.since ?? 0 };
}

/** Finished runs of the user: completed (of which answered from the cache) and failed. */
export async function runOutcomes(db: Database, userId: string): Promise<{ completed: number; failed: number; cached: number }> {
  const [row] = await db
    .select({
      completed: asInt(sql`count(*) filter (where ${analysisRuns.status} = 'completed')`),
      failed: asInt(sql`count(*) filter (where ${analysisRuns.status} = 'failed')`),
      cached: asInt(sql`count(*) filter (where ${analysisRuns.status} = 'completed' and ${analysisRuns.cached})`),
    })
    .from(analysisRuns)
    .where(eq(analysisRuns.userId, userId));
  return { completed: row?.completed ?? 0, failed: row?.failed ?? 0, cached: row?.cached ?? 0 };
}

/** The user's documents by reading state (the status values of property_documents). */
export async function documentStates(db: Database, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      read: asInt(sql`count(*) filter (where ${propertyDocuments.status} = 'completed')`),
      reading: asInt(sql`count(*) filter (where ${propertyDocuments.status} in ('uploaded', 'processing'))`),
      error: asInt(sql`count(*) filter (where ${propertyDocuments.status} = 'error')`),
      quarantined: asInt(sql`count(*) filter (where ${propertyDocuments.status} = 'quarantined')`),
    })
    .from(propertyDocuments)
    .where(eq(propertyDocuments.userId, userId));
  return { total: row?.total ?? 0, read: row?.read ?? 0, reading: row?.reading ?? 0, error: row?.error ?? 0, quarantined: row?.quarantined ?? 0 };
}

/** The user's runs still in progress, and their latest run (when it started, where it stands). */
export async function runProgress(db: Database, userId: string): Promise<{ inProgress: number; lastRunAt: Date | null; lastRunStatus: string | null }> {
  const [counted, [latest]] = await Promise.all([
    db
      .select({ n: count() })
      .from(analysisRuns)
      .where(and(eq(analysisRuns.userId, userId), notInArray(analysisRuns.status, ['completed', 'failed']))),
    db
      .select({ createdAt: analysisRuns.createdAt, status: analysisRuns.status })
      .from(analysisRuns)
      .where(eq(analysisRuns.userId, userId))
      .orderBy(desc(analysisRuns.createdAt))
      .limit(1),
  ]);
  return { inProgress: counted[0]?.n ?? 0, lastRunAt: latest?.createdAt ?? null, lastRunStatus: latest?.status ?? null };
}

/**
 * The latest analyses with their property's title and enough of the report for a 200-character
 * preview. The five ids are chosen first, so the reports are read (and de-TOASTed) for those five
 * only, not for every row the sort looks at.
 */
export function recentAnalyses(db: Database, userId: string) {
  const latest = db
    .select({ id: propertyAnalyses.id })
    .from(propertyAnalyses)
    .where(eq(propertyAnalyses.userId, userId))
    .orderBy(desc(propertyAnalyses.createdAt), desc(propertyAnalyses.id))
    .limit(RECENT_ANALYSES_LIMIT)
    .as('latest');
  return db
    .select({
      id: propertyAnalyses.id,
      propertyId: propertyAnalyses.propertyId,
      propertyTitle: properties.title,
      analysisType: propertyAnalyses.analysisType,
      providerUsed: propertyAnalyses.providerUsed,
      tokensUsed: propertyAnalyses.tokensUsed,
      confidenceScore: propertyAnalyses.confidenceScore,
      createdAt: propertyAnalyses.createdAt,
      // Headings, tables and emphasis are removed afterwards: 2000 characters of Markdown always
      // leave more than 200 of plain text, and the whole report never leaves the database.
      head: sql<string | null>`left(${propertyAnalyses.resultContent}, 2000)`,
    })
    .from(latest)
    .innerJoin(propertyAnalyses, eq(propertyAnalyses.id, latest.id))
    .innerJoin(properties, eq(properties.id, propertyAnalyses.propertyId))
    .orderBy(desc(propertyAnalyses.createdAt), desc(propertyAnalyses.id));
}

/**
 * One pass over the user's analyses grouped by (type, provider): a handful of rows from which the
 * service derives the type and provider breakdowns and the overall means.
 */
export function analysisGroups(db: Database, userId: string) {
  return db
    .select({
      analysisType: propertyAnalyses.analysisType,
      providerUsed: propertyAnalyses.providerUsed,
      count: count(),
      confident: asInt(sql`count(*) filter (where ${propertyAnalyses.confidenceScore} > ${PROVIDER_SUCCESS_CONFIDENCE})`),
      confidenceSum: sql<number>`coalesce(sum(${propertyAnalyses.confidenceScore}::float8), 0)`.mapWith(Number),
      confidenceCount: count(propertyAnalyses.confidenceScore),
      tokensSum: sql<number>`coalesce(sum(${propertyAnalyses.tokensUsed}), 0)`.mapWith(Number),
      tokensCount: count(propertyAnalyses.tokensUsed),
    })
    .from(propertyAnalyses)
    .where(eq(propertyAnalyses.userId, userId))
    .groupBy(propertyAnalyses.analysisType, propertyAnalyses.providerUsed);
}

/**
 * Distinct input hashes the user's analyses stored: what an identical request would be answered
 * from. Counted over a DISTINCT subquery so the (user_id, input_hash) index gives them in order.
 */
export async function countCacheEntries(db: Database, userId: string): Promise<number> {
  const hashes = db
    .selectDistinct({ hash: propertyAnalyses.inputHash })
    .from(propertyAnalyses)
    .where(and(eq(propertyAnalyses.userId, userId), isNotNull(propertyAnalyses.inputHash)))
    .as('hashes');
  const [row] = await db.select({ n: count() }).from(hashes);
  return row?.n ?? 0;
}
