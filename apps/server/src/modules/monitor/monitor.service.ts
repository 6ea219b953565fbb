import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  SAMPLE_HISTORY,
  SERVICE_MESSAGES,
  monitorSample,
  serviceStatusFor,
  type MonitorService,
  type SystemMonitorResponse,
} from '@viabiliza/contracts/monitor';
import type { AppContext } from '../../context.ts';
import { withTimeout } from '../dashboard/system-status.ts';
import { latestSamples } from '../metrics/metrics.repository.ts';
import { countLiveSessions, pingDatabase } from './monitor.repository.ts';

/** A probe that has not answered after this long is reported critical. */
const PROBE_TIMEOUT_MS = 3000;

async function probe(id: MonitorService['id'], name: string, work: () => Promise<unknown>): Promise<MonitorService> {
  const started = performance.now();
  try {
    await withTimeout(work(), PROBE_TIMEOUT_MS);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const status = serviceStatusFor(latencyMs);
    return { id, name, status, latencyMs, message: SERVICE_MESSAGES[status] };
  } catch {
    return { id, name, status: 'critical', latencyMs: null, message: SERVICE_MESSAGES.critical };
  }
}

/**
 * The five services of spec 02 §2, each timed by a real round trip: the API answering its health
 * route, a database query, a query of the auth session table, a file written, read back and deleted
 * under DATA_DIR, and a NOTIFY that comes back through LISTEN (the realtime bridge).
 */
export function probeServices(ctx: AppContext, app: FastifyInstance): Promise<MonitorService[]> {
  return Promise.all([
    probe('api', 'API Gateway', async () => {
      const res = await app.inject({ url: '/api/health' });
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    }),
    probe('database', 'Database', () => pingDatabase(ctx.db)),
    probe('auth', 'Authentication', () => countLiveSessions(ctx.db)),
    probe('storage', 'File Storage', async () => {
      const file = join(ctx.config.dataDir, `.probe-${randomUUID()}`);
      const content = randomUUID();
      try {
        await writeFile(file, content);
        if ((await readFile(file, 'utf8')) !== content) throw new Error('conteúdo diferente');
      } finally {
        await rm(file, { force: true });
      }
    }),
    probe('realtime', 'Real-time Service', () => ctx.events.ping(randomUUID())),
  ]);
}

export async function systemMonitor(ctx: AppContext, app: FastifyInstance): Promise<SystemMonitorResponse> {
  const [current, rows, services] = await Promise.all([
    ctx.sampler.current(),
    latestSamples(ctx.db, SAMPLE_HISTORY),
    probeServices(ctx, app),
  ]);
  const samples = rows
    .map((r) => monitorSample.safeParse(r.tags))
    .filter((r) => r.success)
    .map((r) => r.data)
    .reverse();
  return { current, samples, services, sampleIntervalSeconds: ctx.sampler.intervalMs / 1000 };
}
