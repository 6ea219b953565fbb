import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@viabiliza/contracts/errors';
import { searchQuery, searchResponse } from '@viabiliza/contracts/search';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import { searchForUser } from './search.service.ts';

export async function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/search', {
    schema: {
      tags: ['search'],
      summary: 'Busca global: minhas propriedades por título ou endereço (sem diferenciar acentos nem maiúsculas), no máximo 5',
      querystring: searchQuery,
      response: { 200: searchResponse, 400: errorBody, 401: errorBody },
    },
  }, async (request) => searchForUser(ctx, currentUser(request).id, request.query.q));
}
