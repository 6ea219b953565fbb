import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@viabiliza/contracts/errors';
import { chatAnswer, chatQuestion } from '@viabiliza/contracts/chat';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import * as service from './chat.service.ts';

/** Chat IA: one question, one answer from the analysis's documents and report; nothing is stored. */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(ctx));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post('/api/analyses/:id/chat', {
      config: { rateLimit: routeLimit('default', (req) => req.user?.id ?? '') },
      schema: {
        tags: ['chat'],
        summary: 'Perguntar sobre a análise: resposta a partir dos documentos e do relatório, com citações (documento e página)',
        params: z.object({ id: z.uuid() }),
        body: chatQuestion,
        response: { 200: chatAnswer, 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody },
      },
    }, async (request) => service.ask(ctx, currentUser(request).id, request.params.id, request.body.question));
  });
}
