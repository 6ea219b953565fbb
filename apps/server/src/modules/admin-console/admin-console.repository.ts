import { and, count, desc, eq, gt, inArray, isNotNull, min, sql } from 'drizzle-orm';
import {
  adminTestReports,
  backupMetadata,
  deployChecklist,
  deployments,
  performanceMetrics,
  properties,
  propertyAnalyses,
  propertyDocuments,
  user,
} from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import type { AppContext } from '../../context.ts';
import { REALTIME_METRIC } from '../metrics/metrics.repository.ts';
import { isCountedUser } from '../auth/counted-users.ts';

// ------------------------------------------------------------------------------------------------
// Throwaway users of the synthetic checks

export async function deleteUserWithFiles(ctx: AppContext, userId: string): Promise<void> {
  const files = await ctx.db.select({ key: propertyDocuments.storageKey }).from(propertyDocuments).where(eq(propertyDocuments.userId, userId));
  for (const f of files) await ctx.storage.remove(f.key);
  await ctx.db.delete(user).where(eq(user.id, userId));
}

// ------------------------------------------------------------------------------------------------
// Monitoring figures

/** Median, 75th percentile and count of the LCP values browsers reported since `since` (spec 01 §3 web vitals). */
export async function pageLoadSince(db: Database, since: Date) {
  const [row] = await db
    .select({
      p50: sql<number | string | null>`percentile_cont(0.5) within group (order by ${performanceMetrics.metricValue})`,
      p75: sql<number | string | null>`percentile_cont(0.75) within group (order by ${performanceMetrics.metricValue})`,
      n: count(),
    })
    .from(performanceMetrics)
    .where(and(eq(performanceMetrics.metricName, 'LCP'), sql`${performanceMetrics.tags}->>'type' = 'web_vital'`, gt(performanceMetrics.createdAt, since)));
  const ms = (v: number | string | null | undefined) => (v == null ? null : Number(v));
  return { medianMs: ms(row?.p50), p75Ms: ms(row?.p75), samples: row?.n ?? 0 };
}

/** The realtime_monitoring samples since `since`: how many distinct intervals have one, and the first. */
export async function sampleCoverageSince(db: Database, since: Date, intervalSeconds: number) {
  const [row] = await db
    .select({
      slots: sql<number>`count(distinct floor(extract(epoch from ${performanceMetrics.createdAt}) / ${intervalSeconds}))::int`,
      first: min(performanceMetrics.createdAt),
    })
    .from(performanceMetrics)
    .where(and(eq(performanceMetrics.metricName, REALTIME_METRIC), gt(performanceMetrics.createdAt, since)));
  return { slots: row?.slots ?? 0, first: row?.first ?? null };
}

/**
 * metric_value (the interval's p95 in ms) of the latest `limit` realtime_monitoring samples that
 * answered requests: an idle interval has no response time ('sem requisições', stored as null; rows
 * written before that stored 0) and would pull the average down and pass a slow server.
 */
export async function latestSampleValues(db: Database, limit: number) {
  return db
    .select({ value: sql<number>`${performanceMetrics.metricValue}`.mapWith(Number), createdAt: performanceMetrics.createdAt })
    .from(performanceMetrics)
    .where(and(
      eq(performanceMetrics.metricName, REALTIME_METRIC),
      isNotNull(performanceMetrics.metricValue),
      sql`coalesce((${performanceMetrics.tags}->>'requests')::int, 0) > 0`,
    ))
    .orderBy(desc(performanceMetrics.createdAt))
    .limit(limit);
}

/**
 * The health panel's totals (spec 02 §2): counts, and 5xx answers and mean p50 from the samples
 * since `since`. Demo sandboxes and their sample data are not counted (counted-users.ts).
 */
export async function systemTotals(db: Database, since: Date) {
  const [[users], [analyses], [props], [samples]] = await Promise.all([
    db.select({ n: count() }).from(user).where(isCountedUser(user.id)),
    db.select({ n: count() }).from(propertyAnalyses).where(isCountedUser(propertyAnalyses.userId)),
    db.select({ n: count() }).from(properties).where(isCountedUser(properties.userId)),
    db
      .select({
        errors: sql<string | null>`sum(round((${performanceMetrics.tags}->>'requests')::numeric * (${performanceMetrics.tags}->>'errorRatePercent')::numeric / 100))`,
        p50: sql<string | null>`avg((${performanceMetrics.tags}->>'p50Ms')::numeric) filter (where (${performanceMetrics.tags}->>'requests')::int > 0)`,
      })
      .from(performanceMetrics)
      .where(and(eq(performanceMetrics.metricName, REALTIME_METRIC), gt(performanceMetrics.createdAt, since))),
  ]);
  return {
    totalUsers: users?.n ?? 0,
    totalAnalyses: analyses?.n ?? 0,
    totalProperties: props?.n ?? 0,
    recentErrors: Number(samples?.errors ?? 0),
    avgResponseTime: samples?.p50 == null ? null : Math.round(Number(samples.p50) * 10) / 10,
  };
}

// ------------------------------------------------------------------------------------------------
// Test reports

export type TestReportRow = typeof adminTestReports.$inferSelect;

export async function insertTestReport(db: Database, values: typeof adminTestReports.$inferInsert): Promise<TestReportRow> {
  const [row] = await db.insert(adminTestReports).values(values).returning();
  return row!;
}

export async function latestTestReports(db: Database, suites: string[], limit: number): Promise<TestReportRow[]> {
  return db
    .select()
    .from(adminTestReports)
    .where(inArray(adminTestReports.suite, suites))
    .orderBy(desc(adminTestReports.createdAt))
    .limit(limit);
}

// ------------------------------------------------------------------------------------------------
// Deploy

/** The newest completed backup, if any (written by the backup system). */
export async function latestCompletedBackup(db: Database) {
  const [row] = await db
    .select({ completedAt: backupMetadata.completedAt, name: backupMetadata.backupName })
    .from(backupMetadata)
    .where(eq(backupMetadata.status, 'completed'))
    .orderBy(desc(backupMetadata.completedAt))
    .limit(1);
  return row ?? null;
}

/** Migrations recorded as applied by drizzle's migrator (its own table, schema 'drizzle'). */
export async function appliedMigrations(db: Database): Promise<{ count: number; lastCreatedAt: number | null }> {
  const result = await db.execute(sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const rows = (result as unknown as { rows: { n: number; last: string | null }[] }).rows;
  const row = rows[0];
  return { count: Number(row?.n ?? 0), lastCreatedAt: row?.last == null ? null : Number(row.last) };
}

export async function checklistRows(db: Database) {
  return db.select().from(deployChecklist);
}

export async function setChecklistItem(db: Database, item: string, checked: boolean, userId: string) {
  await db
    .insert(deployChecklist)
    .values({ item, checked, updatedBy: userId })
    .onConflictDoUpdate({ target: deployChecklist.item, set: { checked, updatedBy: userId, updatedAt: new Date() } });
}

export type DeploymentRow = typeof deployments.$inferSelect;

export async function insertDeployment(db: Database, values: typeof deployments.$inferInsert): Promise<DeploymentRow> {
  const [row] = await db.insert(deployments).values(values).returning();
  return row!;
}

export async function finishDeployment(db: Database, id: string, status: 'deployed' | 'failed', error: string | null): Promise<DeploymentRow> {
  const [row] = await db.update(deployments).set({ status, error, finishedAt: new Date() }).where(eq(deployments.id, id)).returning();
  return row!;
}

export async function latestDeployment(db: Database, environment: string): Promise<DeploymentRow | null> {
  const [row] = await db.select().from(deployments).where(eq(deployments.environment, environment)).orderBy(desc(deployments.createdAt)).limit(1);
  return row ?? null;
}

export async function recentDeployments(db: Database, limit: number) {
  return db
    .select({ row: deployments, by: user.email })
    .from(deployments)
    .leftJoin(user, eq(user.id, deployments.triggeredBy))
    .orderBy(desc(deployments.createdAt))
    .limit(limit);
}
