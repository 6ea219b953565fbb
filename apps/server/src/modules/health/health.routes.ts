import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { JOBS } from '../../jobs/job-names.ts';

/** A readiness check slower than this counts as failed: a load balancer's probe should not hang. */
const READY_CHECK_MS = 2_000;

function withinTime<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: sem resposta em ${READY_CHECK_MS} ms`)), READY_CHECK_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Two probes for a load balancer or an orchestrator:
 * - `/api/health` (liveness): the process answers; restart it when this fails.
 * - `/api/health/ready` (readiness): this instance can serve now — the database answers a
 *   `select 1` and the job queue is running and can read its own state. A 503 takes the instance
 *   out of rotation without restarting it (a database outage, a shutdown under way).
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health'];

  r.get('/api/health', {
    schema: { tags, summary: 'O servidor está de pé (liveness)', response: { 200: z.object({ status: z.literal('ok') }) } },
  }, async () => ({ status: 'ok' as const }));

  r.get('/api/health/ready', {
    schema: {
      tags,
      summary: 'A instância pode atender: banco de dados e fila de tarefas (readiness; 503 quando não)',
      response: { 200: z.object({ status: z.literal('ready'), database: z.literal('ok'), queue: z.literal('ok') }) },
    },
  }, async (request) => {
    const failures: string[] = [];
    const [database, queue] = await Promise.allSettled([
      withinTime(ctx.db.execute(sql`select 1`), 'banco de dados'),
      ctx.queue.stopped ? Promise.reject(new Error('fila de tarefas parada')) : withinTime(ctx.queue.boss.getQueue(JOBS.extractDocument), 'fila de tarefas'),
    ]);
    if (database.status === 'rejected') {
      request.log.warn({ err: database.reason }, 'readiness: database check failed');
      failures.push('banco de dados indisponível');
    }
    if (queue.status === 'rejected') {
      request.log.warn({ err: queue.reason }, 'readiness: queue check failed');
      failures.push(ctx.queue.stopped ? 'fila de tarefas parada (instância encerrando)' : 'fila de tarefas indisponível');
    }
    if (failures.length) throw new AppError('UNAVAILABLE', `Instância não está pronta: ${failures.join('; ')}.`, failures);
    return { status: 'ready' as const, database: 'ok' as const, queue: 'ok' as const };
  });

  r.get('/api/health/db', {
    schema: {
      tags,
      summary: 'Ida e volta ao banco de dados',
      response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), latencyMs: z.number() }) },
    },
  }, async (request) => {
    const started = performance.now();
    try {
      await ctx.db.execute(sql`select 1`);
    } catch (err) {
      request.log.error({ err }, 'database health check failed');
      // 503, not 500: a probe (or a load balancer) learns the instance is fine but cannot serve now.
      throw new AppError('UNAVAILABLE', 'Banco de dados indisponível');
    }
    return { status: 'ok' as const, database: ctx.database.kind, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  });
}
