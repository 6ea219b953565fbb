import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationIdParams, notificationList } from '@viabiliza/contracts/notifications';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import * as service from './notifications.service.ts';

export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get('/api/notifications', {
    schema: { tags, summary: 'As 50 notificações mais recentes', response: { 200: notificationList, 401: errorBody } },
  }, async (request) => service.listNotifications(ctx, currentUser(request).id));

  r.post('/api/notifications/read-all', {
    schema: { tags, summary: 'Marcar todas como lidas', response: { 200: z.object({ updated: z.number() }), 401: errorBody } },
  }, async (request) => service.markAllNotificationsRead(ctx, currentUser(request).id));

  r.post('/api/notifications/:id/read', {
    schema: { tags, summary: 'Marcar uma como lida', params: notificationIdParams, response: { 204: z.null(), 404: errorBody } },
  }, async (request, reply) => {
    await service.markNotificationRead(ctx, currentUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });

  r.delete('/api/notifications/:id', {
    schema: { tags, summary: 'Excluir uma notificação', params: notificationIdParams, response: { 204: z.null(), 404: errorBody } },
  }, async (request, reply) => {
    await service.deleteNotification(ctx, currentUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
}
