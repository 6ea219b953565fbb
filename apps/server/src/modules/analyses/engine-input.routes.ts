import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engineInputResponse } from '@viabiliza/contracts/engine-input';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import { engineInputOf } from './engine-input.service.ts';

/** The live what-if's read-only input: signed in, and the analysis' owner or a collaborator (else 404). */
export async function engineInputRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  app.withTypeProvider<ZodTypeProvider>().get('/api/analyses/:id/engine-input', {
    schema: {
      tags: ['analyses'],
      summary: 'Entradas do motor de uma análise salva (questionário, documentos, premissas, data, referências), para simular cenários no navegador; o dono e os colaboradores',
      params: z.object({ id: z.uuid() }),
      response: { 200: engineInputResponse, 401: errorBody, 404: errorBody },
    },
  }, async (request) => engineInputOf(ctx, currentUser(request).id, request.params.id));
}
