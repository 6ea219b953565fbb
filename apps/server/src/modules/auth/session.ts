import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role, SessionUser } from '@viabiliza/contracts/auth';
import { AppError } from '../../lib/app-error.ts';
import { DEMO_EMAIL } from '../../config/app-config.ts';
import type { AppContext } from '../../context.ts';
import { touchSession } from './users.repository.ts';

/** A session's last activity (session.updated_at) is written at most this often. */
const TOUCH_AFTER_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once requireUser or loadUser has run. */
    user: SessionUser | null;
  }
}

interface AuthUserLike {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  company?: string | null;
  phone?: string | null;
  isSandbox?: boolean | null;
  sandboxExpiresAt?: Date | string | null;
  emailVerified?: boolean | null;
}

const sandboxExpiry = (u: AuthUserLike): Date | null =>
  u.isSandbox && u.sandboxExpiresAt ? new Date(u.sandboxExpiresAt) : null;

export function toSessionUser(u: AuthUserLike): SessionUser {
  return {
    id: u.id,
    email: u.email,
    fullName: u.name,
    company: u.company ?? null,
    phone: u.phone ?? null,
    role: (u.role === 'admin' ? 'admin' : 'user') satisfies Role,
    isDemo: Boolean(u.isSandbox) || u.email === DEMO_EMAIL,
    sandboxExpiresAt: sandboxExpiry(u)?.toISOString() ?? null,
    emailVerified: Boolean(u.emailVerified),
  };
}

export async function loadUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  if (request.user) return request.user;
  let session = await ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  // A sandbox past its day is over even before the cleanup job has removed it.
  const expiry = session ? sandboxExpiry(session.user as AuthUserLike) : null;
  if (expiry && expiry.getTime() <= Date.now()) session = null;
  request.user = session ? toSessionUser(session.user as AuthUserLike) : null;
  if (session && Date.now() - new Date(session.session.updatedAt).getTime() > TOUCH_AFTER_MS) {
    await touchSession(ctx.db, session.session.id);
  }
  return request.user;
}

/** Hooks declared once per route tree (fastify/demo's autohooks pattern). */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!(await loadUser(ctx, request))) throw new AppError('UNAUTHENTICATED');
  };
}

export function requireAdmin(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await loadUser(ctx, request);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (user.role !== 'admin') throw new AppError('FORBIDDEN');
  };
}

/** The signed-in user of a request behind requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
