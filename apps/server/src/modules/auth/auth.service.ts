import type { FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_CREATION_MESSAGES, DEMO_SANDBOX_MESSAGES, type SessionUser, type SignInInput } from '@viabiliza/contracts/auth';
import type { signUpInput } from '@viabiliza/contracts/auth';
import type { z } from 'zod';
import { AUTH_MESSAGES } from '@viabiliza/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import { UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import type { AppContext } from '../../context.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { toSessionUser } from './session.ts';
import { CLIENT_IP_HEADER, isReservedEmail, isSandboxEmail } from './auth.instance.ts';
import { admitAccountCreation } from './account-creation-budget.ts';
import { RetryLater } from '../../lib/retry-later.ts';
import { findUserByEmail, setUserRole, touchLastLogin } from './users.repository.ts';
import { JOBS } from '../../jobs/job-names.ts';
import { passwordWeakness } from '@viabiliza/contracts/password-rule';

type SignUpData = z.output<typeof signUpInput>;
export interface AuthResult {
  user: SessionUser;
  /** Set-Cookie values to pass on to the browser. */
  cookies: string[];
}

/**
 * The request's headers for Better Auth, with the client address it records on the session: the
 * address Fastify resolved (X-Forwarded-For only when TRUST_PROXY is set), under a header of our
 * own that replaces whatever the client sent (auth.instance.ts reads only this one).
 */
function withClientIp(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function mapAuthError(err: unknown): AppError {
  // Ours, from inside Better Auth's call: the password hashing's full queue (RetryLater).
  if (err instanceof AppError) return err;
  if (err instanceof APIError) {
    const code = (err.body as { code?: string } | undefined)?.code ?? '';
    if (code === 'INVALID_EMAIL_OR_PASSWORD') return new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
    if (code === 'EMAIL_NOT_VERIFIED') return new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerified);
    if (code.startsWith('USER_ALREADY_EXISTS')) return new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
    if (code === 'PASSWORD_TOO_SHORT') return new AppError('VALIDATION', AUTH_MESSAGES.passwordTooShort);
    if (code === 'BANNED_USER') return new AppError('FORBIDDEN', 'Esta conta está suspensa.');
    if (err.statusCode < 500) return new AppError('VALIDATION', err.message || AUTH_MESSAGES.unexpected);
  }
  if (isDatabaseUnavailable(err)) return new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
  return new AppError('INTERNAL', AUTH_MESSAGES.unexpected);
}

/** ADMIN_EMAILS are promoted on the server at sign-in too (the list may change between starts). */
async function promoteIfListed(ctx: AppContext, request: FastifyRequest, user: SessionUser) {
  if (user.role === 'admin' || !ctx.config.adminEmails.includes(user.email)) return user;
  await setUserRole(ctx.db, user.id, 'admin');
  await audit(ctx.db, request.log, {
    userId: user.id,
    action: 'role_grant',
    resource: 'user',
    success: true,
    details: { role: 'admin', source: 'ADMIN_EMAILS' },
    ...requestMeta(request),
  });
  return { ...user, role: 'admin' as const };
}

export async function signUp(ctx: AppContext, request: FastifyRequest, input: SignUpData): Promise<AuthResult> {
  const meta = requestMeta(request);
  // The demo domain belongs to the sandboxes 'Entrar como Demo' opens (modules/sandbox).
  if (isSandboxEmail(input.email)) {
    await audit(ctx.db, request.log, { action: 'signup', resource: 'auth', success: false, details: { email: input.email, reason: 'RESERVED_EMAIL' }, ...meta });
    throw new AppError('VALIDATION', DEMO_SANDBOX_MESSAGES.reservedEmail);
  }
  if (isReservedEmail(input.email, ctx.config.adminEmails)) {
    await audit(ctx.db, request.log, { action: 'signup', resource: 'auth', success: false, details: { email: input.email, reason: 'RESERVED_EMAIL' }, ...meta });
    throw new AppError('VALIDATION', ACCOUNT_CREATION_MESSAGES.reservedEmail);
  }
  const weakness = passwordWeakness(input.password, [input.fullName, input.email, input.company]);
  if (weakness) {
    await audit(ctx.db, request.log, { action: 'signup', resource: 'auth', success: false, details: { email: input.email, reason: weakness.reason }, ...meta });
    throw new AppError('VALIDATION', weakness.message);
  }
  // Per person (address and network), not per e-mail: a new e-mail is no new person.
  let place: Awaited<ReturnType<typeof admitAccountCreation>>;
  try {
    place = await admitAccountCreation(ctx.db, request.ip, 'signup', ctx.config.accountCreationBudget);
  } catch (err) {
    if (err instanceof RetryLater) {
      await audit(ctx.db, request.log, { action: 'signup', resource: 'auth', success: false, details: { email: input.email, reason: 'ACCOUNT_CREATION_LIMIT' }, ...meta });
    }
    throw err;
  }
  let created = false;
  try {
    const { headers, response } = await ctx.auth.api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password, company: input.company },
      headers: withClientIp(request),
      returnHeaders: true,
    });
    created = true;
    const user = toSessionUser(response.user);
    await touchLastLogin(ctx.db, user.id);
    await audit(ctx.db, request.log, { userId: user.id, action: 'signup', resource: 'auth', success: true, details: { email: user.email }, ...meta });
    if (user.role === 'admin') {
      await audit(ctx.db, request.log, { userId: user.id, action: 'role_grant', resource: 'user', success: true, details: { role: 'admin', source: 'ADMIN_EMAILS' }, ...meta });
    }
    await ctx.queue.send(JOBS.welcomeNotification, { userId: user.id });
    return { user, cookies: headers.getSetCookie() };
  } catch (err) {
    if (!created) await place.refund().catch((refundErr: unknown) => request.log.warn({ err: refundErr }, 'account-creation budget: place not given back'));
    const mapped = mapAuthError(err);
    await audit(ctx.db, request.log, { action: 'signup', resource: 'auth', success: false, details: { email: input.email, reason: mapped.code }, ...meta });
    throw mapped;
  }
}

export async function signIn(ctx: AppContext, request: FastifyRequest, input: SignInInput, action = 'login'): Promise<AuthResult> {
  const meta = requestMeta(request);
  try {
    const { headers, response } = await ctx.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: withClientIp(request),
      returnHeaders: true,
    });
    let user = toSessionUser(response.user);
    await touchLastLogin(ctx.db, user.id);
    await audit(ctx.db, request.log, { userId: user.id, action, resource: 'auth', success: true, details: { email: user.email }, ...meta });
    user = await promoteIfListed(ctx, request, user);
    return { user, cookies: headers.getSetCookie() };
  } catch (err) {
    const mapped = mapAuthError(err);
    const known = await findUserByEmail(ctx.db, input.email).catch(() => null);
    await audit(ctx.db, request.log, { userId: known?.id ?? null, action, resource: 'auth', success: false, details: { email: input.email, reason: mapped.code }, ...meta });
    throw mapped;
  }
}

export async function signOut(ctx: AppContext, request: FastifyRequest, userId: string | null): Promise<string[]> {
  const requestHeaders = fromNodeHeaders(request.headers);
  const current = await ctx.auth.api.getSession({ headers: requestHeaders });
  const { headers } = await ctx.auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
  // The session's open event streams end too, on whichever instance holds them.
  if (current) await ctx.events.endSession(current.user.id, current.session.id);
  await audit(ctx.db, request.log, { userId, action: 'logout', resource: 'auth', success: true, ...requestMeta(request) });
  return headers.getSetCookie();
}
