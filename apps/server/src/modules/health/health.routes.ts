import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health'];

  r.get('/api/health', {
    schema: { tags, summary: 'O servidor está de pé', response: { 200: z.object({ status: z.literal('ok') }) } },
  }, async () => ({ status: 'ok' as const }));

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
