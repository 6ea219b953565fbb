import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemMonitorResponse } from '@viabiliza/contracts/monitor';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../auth/session.ts';
import { systemMonitor } from './monitor.service.ts';

/** Admin-only (the prototype left /system-monitor open; spec 02 §2 and issue 7). */
export async function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireAdmin(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/system-monitor', {
    schema: { tags: ['admin'], summary: 'Monitor do sistema: amostras, métricas atuais e serviços', response: { 200: systemMonitorResponse, 401: errorBody, 403: errorBody } },
  }, async (request) => systemMonitor(ctx, request.server));
}
