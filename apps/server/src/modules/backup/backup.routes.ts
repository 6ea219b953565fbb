import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backup, backupList, restoreBackupBody, restoreBackupResponse } from '@viabiliza/contracts/backup';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import { listBackups, openBackupArchive, requestBackup, restoreBackup } from './backup.service.ts';

/** /backup (spec 02 §7): admin-only; creating and restoring are audited admin mutations (3/min). */
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

  r.get('/api/admin/backups/:id/download', {
    schema: { tags, summary: 'Baixar o arquivo do backup (.tar.gz)', params, response: { 404: errorBody, ...errors } },
  }, async (request, reply) => {
    const file = await openBackupArchive(ctx, request, currentUser(request).id, request.params.id);
    reply.header('content-type', 'application/gzip');
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
    if (file.size !== null) reply.header('content-length', String(file.size));
    // A stream is sent as it is, not serialised (the response schema lists only errors).
    return reply.send(file.stream as never);
  });

  r.post('/api/admin/backups/:id/restore', {
    config: adminLimit,
    schema: { tags, summary: 'Restaurar um backup (substitui as tabelas e arquivos do backup)', params, body: restoreBackupBody, response: { 200: restoreBackupResponse, 404: errorBody, 429: errorBody, ...errors } },
  }, async (request) => restoreBackup(ctx, request, currentUser(request).id, request.params.id));
}
