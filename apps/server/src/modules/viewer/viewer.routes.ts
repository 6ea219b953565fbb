import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@viabiliza/contracts/errors';
import { room, roomBody, viewerResponse } from '@viabiliza/contracts/viewer';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import * as service from './viewer.service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody };
const roomParams = z.object({ id: z.uuid(), roomId: z.uuid() });

/** A binary response, described for the OpenAPI docs (as the reports' files are). */
function image(description: string) {
  return { description, content: { 'image/*': { schema: z.string().describe('binário') as z.ZodType } } };
}

/** Visualizador: the property's photos and the floor plan's rooms (entered by the owner). */
export async function viewerRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(ctx));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['viewer'];
    const config = { rateLimit: routeLimit('default', (req) => req.user?.id ?? '') };

    s.get('/api/analyses/:id/viewer', {
      schema: { tags, summary: 'Imóvel, cômodos da planta e fotos de uma análise', params: z.object({ id: z.uuid() }), response: { 200: viewerResponse, ...errors } },
    }, async (request) => service.viewer(ctx, currentUser(request).id, request.params.id));

    s.get('/api/analyses/:id/photos/:documentId', {
      schema: {
        tags,
        summary: 'Uma foto do imóvel (imagem enviada com os documentos)',
        params: z.object({ id: z.uuid(), documentId: z.uuid() }),
        response: { 200: image('A imagem'), ...errors },
      },
    }, async (request, reply) => {
      const { bytes, mediaType } = await service.photo(ctx, currentUser(request).id, request.params.id, request.params.documentId);
      return reply
        .header('content-type', mediaType)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    });

    s.get('/api/properties/:id/rooms', {
      schema: { tags, summary: 'Cômodos da planta de um imóvel meu', params: z.object({ id: z.uuid() }), response: { 200: z.object({ rooms: z.array(room) }), ...errors } },
    }, async (request) => ({ rooms: await service.listRooms(ctx, currentUser(request).id, request.params.id) }));

    s.post('/api/properties/:id/rooms', {
      config,
      schema: { tags, summary: 'Adicionar um cômodo (nome e área em m²)', params: z.object({ id: z.uuid() }), body: roomBody, response: { 201: z.object({ room }), ...errors } },
    }, async (request, reply) => {
      const created = await service.addRoom(ctx, currentUser(request).id, request.params.id, request.body);
      return reply.status(201).send({ room: created });
    });

    s.put('/api/properties/:id/rooms/:roomId', {
      config,
      schema: { tags, summary: 'Alterar um cômodo', params: roomParams, body: roomBody, response: { 200: z.object({ room }), ...errors } },
    }, async (request) => ({ room: await service.updateRoom(ctx, currentUser(request).id, request.params.id, request.params.roomId, request.body) }));

    s.delete('/api/properties/:id/rooms/:roomId', {
      config,
      schema: { tags, summary: 'Remover um cômodo', params: roomParams, response: { 204: z.null(), ...errors } },
    }, async (request, reply) => {
      await service.removeRoom(ctx, currentUser(request).id, request.params.id, request.params.roomId);
      return reply.status(204).send(null);
    });
  });
}
