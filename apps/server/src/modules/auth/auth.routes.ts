import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionResponse, signInInput, signUpInput } from '@viabiliza/contracts/auth';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { loadUser } from './session.ts';
import { signIn, signOut, signUp } from './auth.service.ts';
import { openSandbox } from '../sandbox/sandbox.service.ts';
import { SignInGuard, SignInRefused } from './sign-in-guard.ts';
import { withRetryAfter } from '../../lib/retry-later.ts';

/**
 * The spec's budget of sign-up attempts, per address and e-mail (5 per 15 minutes). Accounts
 * actually created are budgeted per person (address and network) in the service: see
 * account-creation-budget.ts.
 */
const byEmail = (req: FastifyRequest) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

const sendCookies = (reply: FastifyReply, cookies: string[]) => {
  if (cookies.length) reply.header('set-cookie', cookies);
};

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.get('/api/auth/session', {
    schema: { tags, summary: 'Usuário da sessão atual (null sem sessão)', response: { 200: sessionResponse } },
  }, async (request) => ({ user: await loadUser(ctx, request) }));

  r.post('/api/auth/sign-up', {
    config: { rateLimit: routeLimit('auth', byEmail) },
    schema: { tags, summary: 'Criar conta', body: signUpInput, response: { 201: sessionResponse, 400: errorBody, 409: errorBody, 429: errorBody } },
  }, async (request, reply) => {
    const { user, cookies } = await withRetryAfter(reply, () => signUp(ctx, request, request.body));
    sendCookies(reply, cookies);
    return reply.status(201).send({ user });
  });

  // Counted by the guard (failures per address and per account), not by the request limiter,
  // which would count successes too and let anyone's guesses lock the owner out.
  const guard = new SignInGuard(ctx.db);
  r.post('/api/auth/sign-in', {
    config: { rateLimit: false },
    schema: { tags, summary: 'Entrar com e-mail e senha', body: signInInput, response: { 200: sessionResponse, 400: errorBody, 401: errorBody, 429: errorBody } },
  }, async (request, reply) => {
    let release: () => void;
    try {
      release = await guard.admit(request.ip, request.body.email);
    } catch (err) {
      if (err instanceof SignInRefused) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
    try {
      const { user, cookies } = await signIn(ctx, request, request.body);
      sendCookies(reply, cookies);
      return { user };
    } finally {
      release();
    }
  });

  // Each call creates an account (a private sandbox with the sample data), so it is budgeted like a
  // sign-up: 5 per 15 minutes per address here; the per-person account-creation budget and
  // DEMO_SANDBOX.perAddressPerDay in the service.
  r.post('/api/auth/demo', {
    config: { rateLimit: routeLimit('auth') },
    schema: {
      tags,
      summary: 'Abrir uma demonstração privada: uma conta só deste visitante, com os dados de exemplo, removida após 24 h',
      response: { 200: sessionResponse, 429: errorBody, 500: errorBody },
    },
  }, async (request, reply) => {
    const { user, cookies } = await withRetryAfter(reply, () => openSandbox(ctx, request));
    sendCookies(reply, cookies);
    return { user };
  });

  r.post('/api/auth/sign-out', {
    schema: { tags, summary: 'Sair', response: { 204: z.null() } },
  }, async (request, reply) => {
    const user = await loadUser(ctx, request);
    sendCookies(reply, await signOut(ctx, request, user?.id ?? null));
    return reply.status(204).send(null);
  });
}
