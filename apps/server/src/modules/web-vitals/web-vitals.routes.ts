import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@viabiliza/contracts/errors';
import { webVitalsAccepted, webVitalsReport } from '@viabiliza/contracts/web-vitals';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { loadUser } from '../auth/session.ts';
import { recordWebVitals } from './web-vitals.service.ts';

/** Anonymous visitors report too (the public pages are measured); a signed-in user's id is kept. */
export async function webVitalsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/metrics/web-vitals', {
    config: { rateLimit: routeLimit('vitals') },
    schema: {
      tags: ['metrics'],
      summary: 'Registra as web vitals (FCP, LCP, CLS, TTFB) de um carregamento de página; aceita visitantes anônimos',
      body: webVitalsReport,
      response: { 202: webVitalsAccepted, 400: errorBody, 429: errorBody },
    },
  }, async (request, reply) => {
    const user = await loadUser(ctx, request);
    const stored = await recordWebVitals(ctx, user?.id ?? null, request.body);
    return reply.status(202).send({ stored });
  });
}
