import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC_STATS_CACHE_MS, publicStats } from '@viabiliza/contracts/public-stats';
import type { AppContext } from '../../context.ts';
import { createPublicStatsReader } from './public-stats.service.ts';

export async function publicStatsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readStats = createPublicStatsReader(ctx.db);

  r.get('/api/public/stats', {
    schema: {
      tags: ['public'],
      summary: 'Contadores públicos da página Sobre: total de análises e de usuários (apenas contagens)',
      response: { 200: publicStats },
    },
  }, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${PUBLIC_STATS_CACHE_MS / 1000}`);
    return readStats();
  });
}
