import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardMetrics, dashboardStats } from '@viabiliza/contracts/dashboard';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import { getMetrics, getStats, type Viewer } from './dashboard.service.ts';

/** The role is the one loaded from the database for this session, never a claim of the browser. */
function viewerOf(request: FastifyRequest): Viewer {
  const user = currentUser(request);
  return { id: user.id, isAdmin: user.role === 'admin' };
}

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];

  r.get('/api/dashboard/stats', {
    schema: {
      tags,
      summary: 'Estatísticas do dashboard: totais, taxa de sucesso das execuções, análises recentes, metas do mês, seus documentos e execuções (e, para administradores, o estado do servidor)',
      response: { 200: dashboardStats, 401: errorBody },
    },
  }, async (request) => getStats(ctx, viewerOf(request), request.log));

  r.get('/api/dashboard/metrics', {
    schema: {
      tags,
      summary: 'Atividade: confiança e tokens médios, cache de análises, tipos e provedores (e, para administradores, a memória do servidor)',
      response: { 200: dashboardMetrics, 401: errorBody },
    },
  }, async (request) => getMetrics(ctx, viewerOf(request)));
}
