import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { securityAudit, user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import { ANOMALY_THRESHOLDS, ANOMALY_WINDOW_MINUTES, COUNTERS_WINDOW_HOURS, type RiskLevel } from '@viabiliza/contracts/audit';

/** Both drivers (node-postgres and PGlite) answer a raw query with `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface AuditEntry {
  userId?: string | null;
  action: string;
  resource: string;
  success: boolean;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export async function insertAudit(db: Database, entry: AuditEntry): Promise<string> {
  const [row] = await db
    .insert(securityAudit)
    .values({
      userId: entry.userId ?? null,
      action: entry.action,
      resource: entry.resource,
      success: entry.success,
      details: entry.details ?? null,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent ?? null,
    })
    .returning({ id: securityAudit.id });
  return row!.id;
}

const eventColumns = {
  id: securityAudit.id,
  userId: securityAudit.userId,
  userEmail: user.email,
  action: securityAudit.action,
  resource: securityAudit.resource,
  success: securityAudit.success,
  ipAddress: securityAudit.ipAddress,
  userAgent: securityAudit.userAgent,
  details: securityAudit.details,
  createdAt: securityAudit.createdAt,
};

/** Spec 02 §7 'Audit list': newest first, capped. */
export async function latestAuditEvents(db: Database, limit: number) {
  return db
    .select(eventColumns)
    .from(securityAudit)
    .leftJoin(user, eq(user.id, securityAudit.userId))
    .orderBy(desc(securityAudit.createdAt), desc(securityAudit.id))
    .limit(limit);
}

export async function findAuditEvent(db: Database, id: string) {
  const [row] = await db.select(eventColumns).from(securityAudit).leftJoin(user, eq(user.id, securityAudit.userId)).where(eq(securityAudit.id, id));
  return row ?? null;
}

export type AuditEventRow = NonNullable<Awaited<ReturnType<typeof findAuditEvent>>>;

/** Totals over the counters window (spec 02 §2: total, failed, suspicious). */
export async function auditTotals(db: Database) {
  const hours = COUNTERS_WINDOW_HOURS;
  const rows = await rowsOf<{ total: number; failed: number; suspicious: number }>(db, sql`
    select count(*)::int as total,
           count(*) filter (where not ${securityAudit.success})::int as failed,
           count(*) filter (where ${securityAudit.action} like '%SUSPICIOUS%')::int as suspicious
      from ${securityAudit}
     where ${securityAudit.createdAt} > now() - make_interval(hours => ${hours}::int)`);
  const row = rows[0]!;
  return { total: Number(row.total), failed: Number(row.failed), suspicious: Number(row.suspicious) };
}

export interface AnomalyRow {
  userId: string | null;
  userEmail: string | null;
  ipAddress: string | null;
  actionCount: number;
  failureCount: number;
  riskLevel: RiskLevel;
  lastAction: string;
  lastActionAt: Date;
}

/**
 * The prototype's `detect_anomalous_activity`, as one query: events of the last hour grouped by
 * user (anonymous attempts by IP address), with the thresholds of ANOMALY_THRESHOLDS applied in SQL.
 */
export async function detectAnomalies(db: Database): Promise<AnomalyRow[]> {
  const { HIGH, MEDIUM, LOW } = ANOMALY_THRESHOLDS;
  const rows = await rowsOf<{
    user_id: string | null;
    user_email: string | null;
    ip_address: string | null;
    action_count: number;
    failure_count: number;
    risk_level: RiskLevel;
    last_action: string;
    last_action_at: string | Date;
  }>(db, sql`
    with recent as (
      select user_id,
             case when user_id is null then coalesce(ip_address, 'desconhecido') end as ip_address,
             action, success, created_at
        from security_audit
       where created_at > now() - make_interval(mins => ${ANOMALY_WINDOW_MINUTES}::int)
    ), grouped as (
      select user_id, ip_address,
             count(*)::int as action_count,
             count(*) filter (where not success)::int as failure_count,
             (array_agg(action order by created_at desc))[1] as last_action,
             max(created_at) as last_action_at
        from recent
       group by user_id, ip_address
    ), rated as (
      select g.*,
             case
               when failure_count >= ${HIGH.failures}::int or action_count >= ${HIGH.actions}::int then 'HIGH'
               when failure_count >= ${MEDIUM.failures}::int or action_count >= ${MEDIUM.actions}::int then 'MEDIUM'
               when failure_count >= ${LOW.failures}::int or action_count >= ${LOW.actions}::int then 'LOW'
             end as risk_level
        from grouped g
    )
    select r.user_id, u.email as user_email, r.ip_address, r.action_count, r.failure_count,
           r.risk_level, r.last_action, r.last_action_at
      from rated r
      left join "user" u on u.id = r.user_id
     where r.risk_level is not null
     order by case r.risk_level when 'HIGH' then 0 when 'MEDIUM' then 1 else 2 end,
              r.failure_count desc, r.action_count desc
     limit 100`);
  return rows.map((r) => ({
    userId: r.user_id,
    userEmail: r.user_email,
    ipAddress: r.ip_address,
    actionCount: Number(r.action_count),
    failureCount: Number(r.failure_count),
    riskLevel: r.risk_level,
    lastAction: r.last_action,
    lastActionAt: new Date(r.last_action_at),
  }));
}
