import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@viabiliza/contracts/errors';
import { intelligenceResponse, projectionQuery, projectionResult } from '@viabiliza/contracts/intelligence';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import * as service from './intelligence.service.ts';

const idParams = z.object({ id: z.uuid() });

/** The analysis' intelligence tabs (sentiment, insights, valuation, projections, suggestions): its owner and collaborators. */
export async function intelligenceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['intelligence'];

  r.get('/api/analyses/:id/intelligence', {
    schema: {
      tags,
      summary: 'Sentimento, insights, avaliação explicada e sugestões de uma análise, derivados pelo motor do resultado salvo e dos documentos',
      params: idParams,
      response: { 200: intelligenceResponse, 401: errorBody, 404: errorBody },
    },
  }, async (request) => service.getIntelligence(ctx, currentUser(request).id, request.params.id));

  r.get('/api/analyses/:id/projections', {
    schema: {
      tags,
      summary: 'Cenários de preço (IPCA + taxa real escolhida), avaliação de risco e recomendação por regras explícitas',
      params: idParams,
      querystring: projectionQuery,
      response: { 200: projectionResult, 400: errorBody, 401: errorBody, 404: errorBody },
    },
  }, async (request) => service.getProjections(ctx, currentUser(request).id, request.params.id, request.query.realRate));
}
