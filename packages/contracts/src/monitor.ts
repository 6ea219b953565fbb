import { z } from 'zod';

/**
 * GET /api/admin/system-monitor (spec 02 §2 'System monitor', §4, §9). Every figure is measured by
 * the server: samples are the realtime_monitoring rows of performance_metrics (one every 30 s per
 * instance), `current` is the interval in progress, services are probed at request time.
 */
export const monitorSample = z.object({
  at: z.string(),
  instanceId: z.string(),
  /** Requests answered in the interval; p50/p95 are null when there were none. */
  requests: z.number(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  /** Share of requests answered with 5xx, in percent. */
  errorRatePercent: z.number(),
  /** Process CPU time over wall time, as a share of all cores, in percent. */
  cpuPercent: z.number(),
  memoryBytes: z.number(),
  memoryPercent: z.number(),
  activeUsers: z.number(),
  queueDepth: z.number(),
});
export type MonitorSample = z.infer<typeof monitorSample>;

export const serviceStatus = z.enum(['healthy', 'warning', 'critical']);
export type ServiceStatus = z.infer<typeof serviceStatus>;

export const monitorService = z.object({
  id: z.enum(['api', 'database', 'auth', 'storage', 'realtime']),
  name: z.string(),
  status: serviceStatus,
  /** Null when the probe failed or timed out. */
  latencyMs: z.number().nullable(),
  message: z.string(),
});
export type MonitorService = z.infer<typeof monitorService>;

export const systemMonitorResponse = z.object({
  current: monitorSample,
  /** Oldest first, at most SAMPLE_HISTORY. */
  samples: z.array(monitorSample),
  services: z.array(monitorService),
  sampleIntervalSeconds: z.number(),
});
export type SystemMonitorResponse = z.infer<typeof systemMonitorResponse>;

/** Spec 02 §9. */
export const SAMPLE_HISTORY = 30;
export const SERVICE_LIMITS_MS = { healthy: 200, warning: 400 } as const;
export const SERVICE_MESSAGES: Record<ServiceStatus, string> = {
  healthy: 'Operacional',
  warning: 'Lentidão detectada',
  critical: 'Serviço indisponível',
};

/** Spec 02 §4: under 200 ms healthy, under 400 ms warning, otherwise (or no answer) critical. */
export function serviceStatusFor(latencyMs: number | null): ServiceStatus {
  if (latencyMs === null) return 'critical';
  if (latencyMs < SERVICE_LIMITS_MS.healthy) return 'healthy';
  if (latencyMs < SERVICE_LIMITS_MS.warning) return 'warning';
  return 'critical';
}
