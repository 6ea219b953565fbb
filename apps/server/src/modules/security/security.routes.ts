import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeSessionList, revokeSessionResponse, securityReport } from '@viabiliza/contracts/security';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import { activeSessions, revokeSession, securityReport as buildReport } from './security.service.ts';

/** /security (spec 02 §2): admin-only on the server; ending a session is an audited admin mutation (30/min: an incident means ending many). */
export async function securityRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireAdmin(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const errors = { 401: errorBody, 403: errorBody };

  r.get('/api/admin/security', {
    schema: { tags, summary: 'Verificações de segurança desta instalação', response: { 200: securityReport, ...errors } },
  }, async (request) => buildReport(ctx, request.server));

  r.get('/api/admin/sessions', {
    schema: { tags, summary: 'Sessões ativas de todos os usuários', response: { 200: activeSessionList, ...errors } },
  }, async (request) => ({ sessions: await activeSessions(ctx, request) }));

  r.post('/api/admin/sessions/:id/revoke', {
    config: { rateLimit: routeLimit('adminSecurity', (req) => req.user?.id ?? '') },
    schema: {
      tags,
      summary: 'Finalizar uma sessão',
      params: z.object({ id: z.string().min(1) }),
      response: { 200: revokeSessionResponse, 404: errorBody, 429: errorBody, ...errors },
    },
  }, async (request) => revokeSession(ctx, request, currentUser(request).id, request.params.id));
}
