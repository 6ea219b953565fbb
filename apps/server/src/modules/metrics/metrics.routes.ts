import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadUser } from '../auth/session.ts';

function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Every request is measured (latency by route pattern and status class, 5xx count) and the figures
 * are served in Prometheus format at GET /metrics to a scraper holding METRICS_TOKEN or to an admin.
 */
export function measureRequests(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL: ids must not become label values. Unknown paths share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    ctx.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime);
  });
}

export async function metricsEndpoint(app: FastifyInstance, ctx: AppContext) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, ctx.config.metricsToken)) {
      const user = await loadUser(ctx, request);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (user.role !== 'admin') throw new AppError('FORBIDDEN');
    }
    const body = await ctx.metrics.registry.metrics();
    return reply.header('content-type', ctx.metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
