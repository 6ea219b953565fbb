import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backup,
  backupDownloadLink,
  backupKeyReveal,
  backupList,
  backupPasswordBody,
  restoreBackupBody,
  restoreBackupResponse,
} from '@viabiliza/contracts/backup';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { withRetryAfter } from '../../lib/retry-later.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import { createDownloadLink, listBackups, openBackupArchive, requestBackup, restoreBackup, revealBackupKey } from './backup.service.ts';

/**
 * /backup (spec 02 §7): admin-only; creating and restoring are audited admin mutations (3/min).
 * Whatever lets a backup leave the server or replace data (download, restore, showing the key)
 * asks for the admin's password again; wrong passwords are budgeted per admin account, from any
 * address (password-reprompt-guard.ts), and answered 429 with Retry-After past the budget.
 */
export async function backupRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireAdmin(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const errors = { 401: errorBody, 403: errorBody };
  const params = z.object({ id: z.uuid() });
  const adminLimit = { rateLimit: routeLimit('admin', (req) => req.user?.id ?? '') };

  r.get('/api/admin/backups', {
    schema: { tags, summary: 'Histórico de backups (últimos 20) e totais', response: { 200: backupList, ...errors } },
  }, async () => listBackups(ctx));

  r.post('/api/admin/backups', {
    config: adminLimit,
    schema: { tags, summary: 'Criar backup (tabelas e arquivos enviados)', response: { 201: backup, 409: errorBody, 429: errorBody, ...errors } },
  }, async (request, reply) => reply.code(201).send(await requestBackup(ctx, request, currentUser(request).id)));

  r.post('/api/admin/backups/key', {
    config: adminLimit,
    schema: { tags, summary: 'Exibir uma única vez a chave gerada que cifra os backups (pede a senha)', body: backupPasswordBody, response: { 200: backupKeyReveal, 400: errorBody, 409: errorBody, 429: errorBody, ...errors } },
  }, async (request, reply) => withRetryAfter(reply, () => revealBackupKey(ctx, request, currentUser(request).id, request.body.password)));

  r.post('/api/admin/backups/:id/download-link', {
    config: adminLimit,
    schema: { tags, summary: 'Confirmar a senha e obter um link de download válido por 1 minuto', params, body: backupPasswordBody, response: { 200: backupDownloadLink, 400: errorBody, 404: errorBody, 429: errorBody, ...errors } },
  }, async (request, reply) => withRetryAfter(reply, () => createDownloadLink(ctx, request, currentUser(request).id, request.params.id, request.body.password)));

  r.get('/api/admin/backups/:id/download', {
    schema: {
      tags,
      summary: 'Baixar o arquivo do backup (.tar.gz cifrado com AES-256-GCM), pelo link de download-link',
      params,
      querystring: z.object({ token: z.string().max(200).optional() }),
      response: { 404: errorBody, ...errors },
    },
  }, async (request, reply) => {
    const file = await openBackupArchive(ctx, request, currentUser(request).id, request.params.id, request.query.token);
    reply.header('content-type', 'application/octet-stream');
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
    if (file.size !== null) reply.header('content-length', String(file.size));
    // A stream is sent as it is, not serialised (the response schema lists only errors).
    return reply.send(file.stream as never);
  });

  r.post('/api/admin/backups/:id/restore', {
    config: adminLimit,
    schema: { tags, summary: 'Restaurar um backup (substitui as tabelas e arquivos do backup)', params, body: restoreBackupBody, response: { 200: restoreBackupResponse, 400: errorBody, 404: errorBody, 429: errorBody, ...errors } },
  }, async (request, reply) => withRetryAfter(reply, () => restoreBackup(ctx, request, currentUser(request).id, request.params.id, request.body.password)));
}
