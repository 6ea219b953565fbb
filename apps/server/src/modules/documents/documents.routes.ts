import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  documentDetail,
  documentIdParams,
  documentList,
  documentListQuery,
  documentPages,
  documentSummary,
  uploadResponse,
} from '@viabiliza/contracts/documents';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { refuseBadParts } from '../../plugins/input-guards.ts';
import { currentUser, loadUser } from '../auth/session.ts';
import * as service from './documents.service.ts';

export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request) => {
    if (await loadUser(ctx, request)) return;
    const isUpload = request.method === 'POST' && request.routeOptions.url === '/api/documents';
    throw new AppError('UNAUTHENTICATED', isUpload ? UPLOAD_MESSAGES.loginRequired : undefined);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  r.post('/api/documents', {
    config: { rateLimit: routeLimit('upload', (req) => req.user?.id ?? '') },
    schema: {
      tags,
      summary: 'Enviar documentos (multipart, campo "files", até 20 arquivos de 10MB; campo opcional "propertyId")',
      consumes: ['multipart/form-data'],
      response: { 201: uploadResponse, 400: errorBody, 401: errorBody, 429: errorBody },
    },
  }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('VALIDATION', 'Envie os arquivos como multipart/form-data no campo "files"');
    const parts = refuseBadParts(request.parts({ limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: UPLOAD_LIMITS.maxFiles + 50, fields: 5 } }));
    const body = await service.uploadDocuments(ctx, request, currentUser(request).id, parts);
    return reply.status(201).send(body);
  });

  r.get('/api/documents', {
    schema: { tags, summary: 'Meus documentos (mais recentes primeiro)', querystring: documentListQuery, response: { 200: documentList, 401: errorBody } },
  }, async (request) => service.listDocuments(ctx, currentUser(request).id, request.query.propertyId));

  r.get('/api/documents/:id', {
    schema: { tags, summary: 'Um documento com tipo e campos-chave', params: documentIdParams, response: { 200: documentDetail, 404: errorBody } },
  }, async (request) => service.getDocument(ctx, currentUser(request).id, request.params.id));

  r.get('/api/documents/:id/pages', {
    schema: { tags, summary: 'Texto extraído por página', params: documentIdParams, response: { 200: documentPages, 404: errorBody } },
  }, async (request) => service.getDocumentPages(ctx, currentUser(request).id, request.params.id));

  r.post('/api/documents/:id/retry', {
    schema: {
      tags,
      summary: 'Tentar novamente um documento com erro (lê só as páginas que faltaram)',
      params: documentIdParams,
      response: { 200: documentSummary, 404: errorBody, 409: errorBody },
    },
  }, async (request) => service.retryDocument(ctx, request, currentUser(request).id, request.params.id));

  r.delete('/api/documents/:id', {
    schema: { tags, summary: 'Remover um documento (a qualquer momento)', params: documentIdParams, response: { 204: z.null(), 404: errorBody } },
  }, async (request, reply) => {
    await service.removeDocument(ctx, request, currentUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
}
