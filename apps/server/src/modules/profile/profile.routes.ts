import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profile, updateProfileInput } from '@viabiliza/contracts/profile';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import { getProfile, saveProfile } from './profile.service.ts';

export async function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  r.get('/api/profile', {
    schema: { tags, summary: 'Meu perfil', response: { 200: profile, 401: errorBody } },
  }, async (request) => getProfile(ctx.db, currentUser(request).id));

  r.put('/api/profile', {
    schema: { tags, summary: 'Salvar meu perfil', body: updateProfileInput, response: { 200: profile, 400: errorBody, 401: errorBody } },
  }, async (request) => saveProfile(ctx.db, currentUser(request).id, request.body));
}
