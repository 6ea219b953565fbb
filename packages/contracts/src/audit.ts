import { z } from 'zod';

/**
 * /security-audit (spec 02 §2 'Security audit', §3 security_audit and the anomaly record, §4 'Audit
 * feed', §9). Every figure is computed by SQL over the security_audit table the server writes.
 */

export const riskLevel = z.enum(['HIGH', 'MEDIUM', 'LOW']);
export type RiskLevel = z.infer<typeof riskLevel>;

/** Spec 02 §9: the anomaly window is the last hour; the counters look at the last 24 hours. */
export const ANOMALY_WINDOW_MINUTES = 60;
export const COUNTERS_WINDOW_HOURS = 24;
/** Spec 02 §9 'audit list cap 50' and the 30 s polling of the audit feed. */
export const AUDIT_FEED_LIMIT = 50;
export const AUDIT_POLL_MS = 30_000;

/**
 * Thresholds per user (or per IP address for anonymous attempts) over the anomaly window. A subject
 * is anomalous from LOW up; below LOW it is not listed. 'Usuários de Alto Risco' counts HIGH ones.
 */
export const ANOMALY_THRESHOLDS: Record<RiskLevel, { failures: number; actions: number }> = {
  HIGH: { failures: 10, actions: 100 },
  MEDIUM: { failures: 5, actions: 50 },
  LOW: { failures: 3, actions: 20 },
};

export function anomalyRisk(actionCount: number, failureCount: number): RiskLevel | null {
  for (const level of ['HIGH', 'MEDIUM', 'LOW'] as const) {
    const t = ANOMALY_THRESHOLDS[level];
    if (failureCount >= t.failures || actionCount >= t.actions) return level;
  }
  return null;
}

/** Actions the server writes when it sees an attack pattern (spec 02 §4: they raise the toast when failed). */
export const SUSPICIOUS_ACTIONS = {
  /** A sign-in or sign-up refused by the auth rate limit (5 per 15 minutes). */
  authRateLimited: 'SUSPICIOUS_AUTH_RATE_LIMIT',
  /** A signed-in non-admin calling an admin endpoint. */
  adminAccessDenied: 'SUSPICIOUS_ADMIN_ACCESS',
} as const;

export const isSuspiciousAction = (action: string) => action.includes('SUSPICIOUS');

/** The badge of one event: suspicious actions HIGH, other failures MEDIUM, the rest LOW. */
export function eventRisk(action: string, success: boolean): RiskLevel {
  if (isSuspiciousAction(action)) return 'HIGH';
  return success ? 'LOW' : 'MEDIUM';
}

export const auditEvent = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  success: z.boolean(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  riskLevel,
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const anomaly = z.object({
  /** Null when the attempts were anonymous: then `ipAddress` names the subject. */
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  actionCount: z.number().int(),
  failureCount: z.number().int(),
  riskLevel,
  lastAction: z.string(),
  lastActionAt: z.string(),
});
export type Anomaly = z.infer<typeof anomaly>;

export const auditCounters = z.object({
  totalEvents: z.number().int(),
  failedEvents: z.number().int(),
  suspiciousEvents: z.number().int(),
  highRiskUsers: z.number().int(),
});
export type AuditCounters = z.infer<typeof auditCounters>;

/** GET /api/admin/audit */
export const auditOverview = z.object({
  generatedAt: z.string(),
  counters: auditCounters,
  anomalies: z.array(anomaly),
  events: z.array(auditEvent),
});
export type AuditOverview = z.infer<typeof auditOverview>;

/** The labels of the four counters (spec 02 §2: total events, failed events, suspicious activity, high-risk users). */
export const AUDIT_COUNTER_LABELS: Record<keyof AuditCounters, string> = {
  totalEvents: 'Total de Eventos',
  failedEvents: 'Eventos com Falha',
  suspiciousEvents: 'Atividade Suspeita',
  highRiskUsers: 'Usuários de Alto Risco',
};

export const AUDIT_MESSAGES = {
  loadFailedTitle: 'Erro',
  loadFailed: 'Falha ao carregar dados de auditoria',
  empty: 'Nenhum evento de auditoria encontrado',
} as const;

/** Server log lines kept in memory per instance (GET /api/admin/logs). */
export const logLevelName = z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
export type LogLevelName = z.infer<typeof logLevelName>;

export const serverLogQuery = z.object({
  requestId: z.string().trim().max(100).optional(),
  /** The lowest level shown. */
  level: logLevelName.default('info'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type ServerLogQuery = z.infer<typeof serverLogQuery>;

export const serverLogLine = z.object({
  time: z.string(),
  level: logLevelName,
  message: z.string(),
  requestId: z.string().nullable(),
  /** The rest of the structured line (method, url, status, error…). */
  data: z.record(z.string(), z.unknown()),
});
export type ServerLogLine = z.infer<typeof serverLogLine>;

export const serverLogResponse = z.object({
  /** How many lines this instance keeps, and how many it holds now. */
  capacity: z.number().int(),
  held: z.number().int(),
  lines: z.array(serverLogLine),
});
export type ServerLogResponse = z.infer<typeof serverLogResponse>;
