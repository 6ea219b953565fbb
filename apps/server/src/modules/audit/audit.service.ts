import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '@viabiliza/db/client';
import { AUDIT_FEED_LIMIT, eventRisk, type AuditEvent, type AuditOverview } from '@viabiliza/contracts/audit';
import type { AppContext } from '../../context.ts';
import { AUDIT_TOPIC, CHANNEL, type RealtimeEvent } from '../../realtime/event-hub.ts';
import {
  auditTotals,
  detectAnomalies,
  findAuditEvent,
  insertAudit,
  latestAuditEvents,
  type AuditEntry,
  type AuditEventRow,
} from './audit.repository.ts';

export type { AuditEntry } from './audit.repository.ts';

/** IP and user agent come from the server's view of the request, never from the client's body. */
export function requestMeta(request: FastifyRequest) {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * Writes one security_audit row and tells the admins' live feeds (through LISTEN/NOTIFY, so an
 * admin connected to any instance sees it). An audit failure must not fail the user's request: it
 * is logged instead (spec 01 §8).
 */
export async function audit(db: Database, log: FastifyBaseLogger, entry: AuditEntry): Promise<void> {
  try {
    const id = await insertAudit(db, entry);
    const event: RealtimeEvent = { userId: AUDIT_TOPIC, kind: 'audit', id };
    await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
  } catch (err) {
    log.error({ err, action: entry.action }, 'security audit write failed');
  }
}

/**
 * For work that has no HTTP request of its own (the nightly backup, a restore run by a job):
 * `request` is the admin's request when there is one, so IP and user agent are recorded.
 */
export async function auditBackup(
  ctx: AppContext,
  log: FastifyBaseLogger,
  event: {
    action: 'backup_create' | 'backup_restore' | 'backup_download' | 'backup_delete';
    success: boolean;
    backupId: string;
    userId?: string | null;
    request?: FastifyRequest;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await audit(ctx.db, log, {
    userId: event.userId ?? null,
    action: event.action,
    resource: 'backup',
    success: event.success,
    details: { backupId: event.backupId, ...event.details },
    ...(event.request ? requestMeta(event.request) : { ipAddress: null, userAgent: null }),
  });
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    userId: row.userId,
    userEmail: row.userEmail,
    action: row.action,
    resource: row.resource,
    success: row.success,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    details: row.details ?? null,
    riskLevel: eventRisk(row.action, row.success),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The realtime loader of `audit` events (admins only subscribe to AUDIT_TOPIC). */
export async function getAuditEvent(ctx: AppContext, id: string): Promise<AuditEvent | null> {
  const row = await findAuditEvent(ctx.db, id);
  return row ? toAuditEvent(row) : null;
}

export async function auditOverview(ctx: AppContext): Promise<AuditOverview> {
  const [totals, anomalies, events] = await Promise.all([
    auditTotals(ctx.db),
    detectAnomalies(ctx.db),
    latestAuditEvents(ctx.db, AUDIT_FEED_LIMIT),
  ]);
  return {
    generatedAt: new Date().toISOString(),
    counters: {
      totalEvents: totals.total,
      failedEvents: totals.failed,
      suspiciousEvents: totals.suspicious,
      highRiskUsers: anomalies.filter((a) => a.riskLevel === 'HIGH').length,
    },
    anomalies: anomalies.map((a) => ({ ...a, lastActionAt: a.lastActionAt.toISOString() })),
    events: events.map(toAuditEvent),
  };
}
