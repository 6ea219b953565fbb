import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '@viabiliza/db/client';
import { insertAudit, type AuditEntry } from './audit.repository.ts';

/** IP and user agent come from the server's view of the request, never from the client's body. */
export function requestMeta(request: FastifyRequest) {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** An audit failure must not fail the user's request: it is logged instead (spec 01 §8). */
export async function audit(db: Database, log: FastifyBaseLogger, entry: AuditEntry): Promise<void> {
  try {
    await insertAudit(db, entry);
  } catch (err) {
    log.error({ err, action: entry.action }, 'security audit write failed');
  }
}
