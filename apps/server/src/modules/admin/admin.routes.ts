import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserList, updateUserRoleInput, updateUserRoleResponse } from '@viabiliza/contracts/admin-users';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import { changeRole, listAllUsers } from './admin.service.ts';

/** Every route here is admin-only, checked on the server (403 otherwise). */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireAdmin(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const errors = { 401: errorBody, 403: errorBody };

  r.get('/api/admin/users', {
    schema: { tags, summary: 'Usuários e papéis', response: { 200: adminUserList, ...errors } },
  }, async () => ({ users: await listAllUsers(ctx) }));

  r.post('/api/admin/users/:id/role', {
    config: { rateLimit: routeLimit('adminSecurity', (req) => req.user?.id ?? '') },
    schema: {
      tags,
      summary: 'Mudar o papel de um usuário',
      params: z.object({ id: z.string().min(1) }),
      body: updateUserRoleInput,
      response: { 200: updateUserRoleResponse, 404: errorBody, 429: errorBody, ...errors },
    },
  }, async (request) => changeRole(ctx, request, currentUser(request).id, request.params.id, request.body.role));
}
