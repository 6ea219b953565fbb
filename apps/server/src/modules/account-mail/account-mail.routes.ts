import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountMailResponse,
  changeEmailInput,
  confirmEmailInput,
  confirmEmailResponse,
  forgotPasswordInput,
  outboxResponse,
  resetPasswordInput,
} from '@viabiliza/contracts/account-mail';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { withRetryAfter } from '../../lib/retry-later.ts';
import { currentUser, requireAdmin, requireUser } from '../auth/session.ts';
import * as service from './account-mail.service.ts';

/**
 * Account recovery and e-mail: password reset by link, e-mail confirmation, e-mail change, and the
 * admins' outbox (the delivery when no SMTP_URL is set).
 */
export async function accountMailRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['auth'];

  // Without a session: the person cannot sign in, or opens a link from another device.
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/api/auth/forgot-password', {
      schema: {
        tags,
        summary: 'Pedir um link para redefinir a senha (a resposta é a mesma exista ou não a conta)',
        body: forgotPasswordInput,
        response: { 200: accountMailResponse, 400: errorBody, 429: errorBody },
      },
    }, async (request, reply) => withRetryAfter(reply, () => service.requestPasswordReset(ctx, request, request.body.email)));

    r.post('/api/auth/reset-password', {
      schema: {
        tags,
        summary: 'Definir uma nova senha com o link recebido; encerra as sessões abertas',
        body: resetPasswordInput,
        response: { 200: accountMailResponse, 400: errorBody, 429: errorBody },
      },
    }, async (request) => service.resetPassword(ctx, request, request.body));

    r.post('/api/auth/confirm-email', {
      schema: {
        tags,
        summary: 'Abrir um link de confirmação: confirma o e-mail ou conclui a troca de e-mail',
        body: confirmEmailInput,
        response: { 200: confirmEmailResponse, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    }, async (request) => service.confirmEmail(ctx, request, request.body.token));
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(ctx));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/api/auth/verify-email', {
      schema: {
        tags,
        summary: 'Enviar um link de confirmação para o e-mail da conta',
        response: { 200: accountMailResponse, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody },
      },
    }, async (request, reply) => withRetryAfter(reply, () => service.requestVerification(ctx, request, currentUser(request))));

    r.post('/api/auth/change-email', {
      schema: {
        tags,
        summary: 'Trocar o e-mail da conta: pede a senha atual e envia um link ao novo e-mail',
        body: changeEmailInput,
        response: { 200: accountMailResponse, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody },
      },
    }, async (request, reply) => withRetryAfter(reply, () => service.requestEmailChange(ctx, request, currentUser(request), request.body)));
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAdmin(ctx));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get('/api/admin/outbox', {
      schema: {
        tags: ['admin'],
        summary: 'Caixa de saída: os últimos e-mails da conta enviados pelo servidor (com o link quando não há SMTP)',
        response: { 200: outboxResponse, 401: errorBody, 403: errorBody },
      },
    }, async () => service.outbox(ctx));
  });
}
