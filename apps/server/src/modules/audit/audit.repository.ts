import { securityAudit } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export interface AuditEntry {
  userId?: string | null;
  action: string;
  resource: string;
  success: boolean;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export async function insertAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(securityAudit).values({
    userId: entry.userId ?? null,
    action: entry.action,
    resource: entry.resource,
    success: entry.success,
    details: entry.details ?? null,
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent ?? null,
  });
}
