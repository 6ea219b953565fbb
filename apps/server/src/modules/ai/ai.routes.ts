import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerInfo, secureAnalysisBody, secureAnalysisResponse } from '@viabiliza/contracts/analysis';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { requireUser } from '../auth/session.ts';
import { aiConfigOf, listProviders } from './provider-registry.ts';
import { secureAnalysis } from './secure-analysis.service.ts';

const providerList = z.object({ providers: z.array(providerInfo) });

export async function aiRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai'];

  r.get('/api/ai/providers', {
    schema: {
      tags,
      summary: 'Provedores de análise (Motor Viabiliza e LLMs), configurados ou não, por prioridade',
      response: { 200: providerList, 401: errorBody },
    },
  }, async () => ({ providers: listProviders(aiConfigOf(ctx)) }));

  r.post('/api/secure-analysis', {
    config: { rateLimit: routeLimit('analysis', (req) => req.user?.id ?? '') },
    schema: {
      tags,
      summary: 'Analisar um texto: o motor calcula; com um LLM escolhido, ele escreve a narrativa (3 novas tentativas em 429/5xx/timeout)',
      body: secureAnalysisBody,
      response: {
        200: secureAnalysisResponse,
        400: errorBody,
        401: errorBody,
        429: errorBody,
        502: errorBody,
        504: errorBody,
      },
    },
  }, async (request, reply) => {
    const hungUp = new AbortController();
    // A client that hangs up stops the provider calls (and their retries) made on its behalf.
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) hungUp.abort();
    });
    return secureAnalysis(ctx, request.body, { signal: hungUp.signal });
  });
}
