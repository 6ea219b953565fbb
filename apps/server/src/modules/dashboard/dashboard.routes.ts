import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardMetrics, dashboardStats } from '@viabiliza/contracts/dashboard';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import { getMetrics, getStats } from './dashboard.service.ts';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];

  r.get('/api/dashboard/stats', {
    schema: {
      tags,
      summary: 'Estatísticas do dashboard: totais, taxa de sucesso das execuções, análises recentes, metas do mês e estado do sistema',
      response: { 200: dashboardStats, 401: errorBody },
    },
  }, async (request) => getStats(ctx, currentUser(request).id, request.log));

  r.get('/api/dashboard/metrics', {
    schema: {
      tags,
      summary: 'Atividade: confiança e tokens médios, cache de análises, tipos, provedores e memória do servidor',
      response: { 200: dashboardMetrics, 401: errorBody },
    },
  }, async (request) => getMetrics(ctx, currentUser(request).id));
}
