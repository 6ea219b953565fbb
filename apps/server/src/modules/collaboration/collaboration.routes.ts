import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@viabiliza/contracts/errors';
import {
  collaboratorsResponse,
  comment,
  commentBody,
  commentsResponse,
  sharedAnalysesResponse,
  shareBody,
} from '@viabiliza/contracts/collaboration';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import * as service from './collaboration.service.ts';

const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** Colaboração: read-only sharing of an analysis, its collaborators and its comment thread. */
export async function collaborationRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(ctx));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['collaboration'];
    const config = { rateLimit: routeLimit('default', (req) => req.user?.id ?? '') };

    s.get('/api/shared-analyses', {
      schema: { tags, summary: 'Análises compartilhadas comigo (somente leitura)', response: { 200: sharedAnalysesResponse, 401: errorBody } },
    }, async (request) => service.sharedWithMe(ctx, currentUser(request).id));

    s.get('/api/analyses/:id/collaborators', {
      schema: { tags, summary: 'Proprietário e colaboradores de uma análise', params: idParams, response: { 200: collaboratorsResponse, ...errors } },
    }, async (request) => service.listCollaborators(ctx, currentUser(request).id, request.params.id));

    s.post('/api/analyses/:id/collaborators', {
      config,
      schema: {
        tags,
        summary: 'Compartilhar a análise (somente leitura) com outro usuário cadastrado, pelo e-mail; só o proprietário',
        params: idParams,
        body: shareBody,
        response: { 201: collaboratorsResponse, ...errors },
      },
    }, async (request, reply) => {
      const body = await service.share(ctx, request, currentUser(request), request.params.id, request.body.email);
      return reply.status(201).send(body);
    });

    s.delete('/api/analyses/:id/collaborators/:userId', {
      config,
      schema: {
        tags,
        summary: 'Remover um colaborador; só o proprietário',
        params: z.object({ id: z.uuid(), userId: z.string().min(1).max(100) }),
        response: { 204: z.null(), ...errors },
      },
    }, async (request, reply) => {
      await service.unshare(ctx, request, currentUser(request).id, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    });

    s.get('/api/analyses/:id/comments', {
      schema: { tags, summary: 'Comentários da análise, mais antigos primeiro', params: idParams, response: { 200: commentsResponse, ...errors } },
    }, async (request) => service.listComments(ctx, currentUser(request).id, request.params.id));

    s.post('/api/analyses/:id/comments', {
      config,
      schema: { tags, summary: 'Comentar a análise (proprietário ou colaborador)', params: idParams, body: commentBody, response: { 201: z.object({ comment }), ...errors } },
    }, async (request, reply) => {
      const created = await service.addComment(ctx, currentUser(request).id, request.params.id, request.body.body);
      return reply.status(201).send({ comment: created });
    });
  });
}
