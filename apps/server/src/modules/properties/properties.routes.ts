import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@viabiliza/contracts/errors';
import { moveDocumentBody, moveDocumentResponse, propertyList, propertyResponse, updatePropertyBody } from '@viabiliza/contracts/properties';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import * as service from './properties.service.ts';

const idParams = z.object({ id: z.uuid() });

/** Registered inside the analyses' route tree (analyses.routes.ts), beside a property's analyses. */
export async function propertyRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(ctx));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['properties'];

    s.get('/api/properties', {
      schema: { tags, summary: 'Meus imóveis (mais recentes primeiro), com quantos documentos cada um tem', response: { 200: propertyList, 401: errorBody } },
    }, async (request) => service.listProperties(ctx, currentUser(request).id));

    s.post('/api/properties/:id/documents', {
      schema: {
        tags,
        summary: 'Mover um documento meu para este imóvel (uma análise usa apenas os documentos do próprio imóvel)',
        params: idParams,
        body: moveDocumentBody,
        response: { 200: moveDocumentResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    }, async (request) => service.moveDocument(ctx, request, currentUser(request).id, request.params.id, request.body.documentId));

    s.get('/api/properties/:id', {
      schema: {
        tags,
        summary: 'Um imóvel meu, com o questionário da última análise (de onde parte uma nova análise dele)',
        params: idParams,
        response: { 200: propertyResponse, 401: errorBody, 404: errorBody },
      },
    }, async (request) => ({ property: await service.getProperty(ctx, currentUser(request).id, request.params.id) }));

    s.patch('/api/properties/:id', {
      schema: {
        tags,
        summary: 'Renomear um imóvel meu (título de 1 a 200 caracteres)',
        params: idParams,
        body: updatePropertyBody,
        response: { 200: propertyResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    }, async (request) => ({ property: await service.updateProperty(ctx, currentUser(request).id, request.params.id, request.body) }));
  });
}
