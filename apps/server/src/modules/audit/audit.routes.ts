import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditOverview, serverLogQuery, serverLogResponse } from '@viabiliza/contracts/audit';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../auth/session.ts';
import { serverLogs } from '../logs/log-ring.ts';
import { auditOverview as buildOverview } from './audit.service.ts';

/** /security-audit (spec 02 §2) and the server log search: admin-only on the server; reads only. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireAdmin(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const errors = { 401: errorBody, 403: errorBody };

  r.get('/api/admin/audit', {
    schema: {
      tags,
      summary: 'Auditoria: contadores (24 h), usuários anômalos (última hora) e os 50 eventos mais recentes',
      description: 'Novos eventos chegam aos administradores em tempo real por GET /api/events (evento `audit`).',
      response: { 200: auditOverview, ...errors },
    },
  }, async () => buildOverview(ctx));

  r.get('/api/admin/logs', {
    schema: {
      tags,
      summary: 'Últimas linhas do log desta instância do servidor, por id de requisição e nível mínimo',
      querystring: serverLogQuery,
      response: { 200: serverLogResponse, 400: errorBody, ...errors },
    },
  }, async (request) => ({ capacity: serverLogs.limit, held: serverLogs.size, lines: serverLogs.search(request.query) }));
}
