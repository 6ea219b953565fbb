import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AUTH_MESSAGES } from '@viabiliza/contracts/errors';
import { DEMO_SANDBOX, DEMO_SANDBOX_MESSAGES } from '@viabiliza/contracts/auth';
import { DEMO_NAME } from '../../config/app-config.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { JOBS } from '../../jobs/job-names.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { CLIENT_IP_HEADER } from '../auth/auth.instance.ts';
import { toSessionUser } from '../auth/session.ts';
import { touchLastLogin } from '../auth/users.repository.ts';
import { deleteUserWithFiles } from '../admin-console/admin-console.repository.ts';
import { seedSampleData } from '../analyses/demo-seed.ts';
import type { SessionUser } from '@viabiliza/contracts/auth';
import { countSandboxesOpenedFrom, expiredSandboxIds } from './sandbox.repository.ts';
import { admitAccountCreation } from '../auth/account-creation-budget.ts';
import { RetryLater } from '../../lib/retry-later.ts';

const DAY_MS = 86_400_000;
/** Sandboxes removed per batch of the cleanup (each with its files), so one run never holds long. */
const CLEANUP_BATCH = 50;

export interface SandboxSession {
  user: SessionUser;
  /** Set-Cookie values to pass on to the browser. */
  cookies: string[];
}

/**
 * 'Entrar como Demo' (issue 18): a new account of the visitor's own, on the reserved demo domain
 * with an address nobody can guess and a password made here and then forgotten (it is never sent,
 * stored in clear or reused: the session cookie is the only way in), filled with the sample data.
 * The create hook (auth.instance.ts) marks it a sandbox expiring in DEMO_SANDBOX.ttlHours. Nothing
 * is shared with any other visitor: uploads, profile, analyses, notifications, events, budgets.
 */
export async function openSandbox(ctx: AppContext, request: FastifyRequest): Promise<SandboxSession> {
  const meta = requestMeta(request);
  if ((await countSandboxesOpenedFrom(ctx.db, request.ip, DAY_MS)) >= DEMO_SANDBOX.perAddressPerDay) {
    await audit(ctx.db, request.log, { action: 'demo_login', resource: 'auth', success: false, details: { reason: 'DAILY_LIMIT' }, ...meta });
    throw new AppError('RATE_LIMITED', DEMO_SANDBOX_MESSAGES.dailyLimit);
  }
  // A sandbox is an account: it spends the same per-person budget as a sign-up.
  let place: Awaited<ReturnType<typeof admitAccountCreation>>;
  try {
    place = await admitAccountCreation(ctx.db, request.ip, 'demo', ctx.config.accountCreationBudget);
  } catch (err) {
    if (err instanceof RetryLater) {
      await audit(ctx.db, request.log, { action: 'demo_login', resource: 'auth', success: false, details: { reason: 'ACCOUNT_CREATION_LIMIT' }, ...meta });
    }
    throw err;
  }
  const giveBack = () => place.refund().catch((err: unknown) => request.log.warn({ err }, 'account-creation budget: place not given back'));
  const email = `demo-${randomBytes(16).toString('hex')}@${DEMO_SANDBOX.emailDomain}`;
  let created: { user: SessionUser; cookies: string[] };
  try {
    const headers = fromNodeHeaders(request.headers);
    headers.set(CLIENT_IP_HEADER, request.ip);
    const { headers: out, response } = await ctx.auth.api.signUpEmail({
      body: { name: DEMO_NAME, email, password: `${randomBytes(24).toString('base64url')}aA1!` },
      headers,
      returnHeaders: true,
    });
    created = { user: toSessionUser(response.user), cookies: out.getSetCookie() };
  } catch (err) {
    await giveBack();
    // The password hashing's queue is full: a 429 to retry shortly, not a failure.
    if (err instanceof RetryLater) throw err;
    request.log.error({ err }, 'demo sandbox: account not created');
    await audit(ctx.db, request.log, { action: 'demo_login', resource: 'auth', success: false, details: { reason: 'CREATE_FAILED' }, ...meta });
    throw new AppError('DEMO_FAILED', AUTH_MESSAGES.demoCreate);
  }
  try {
    await seedSampleData(ctx, created.user.id);
    await touchLastLogin(ctx.db, created.user.id);
  } catch (err) {
    // Half a sandbox is no sandbox: it goes, with whatever files were already stored.
    request.log.error({ err }, 'demo sandbox: sample data not written');
    await deleteUserWithFiles(ctx, created.user.id).catch((cleanupErr: unknown) => request.log.error({ err: cleanupErr }, 'demo sandbox: removal after failure'));
    await giveBack();
    await audit(ctx.db, request.log, { action: 'demo_login', resource: 'auth', success: false, details: { reason: 'SEED_FAILED' }, ...meta });
    throw new AppError('DEMO_FAILED', AUTH_MESSAGES.demoCreate);
  }
  await audit(ctx.db, request.log, {
    userId: created.user.id,
    action: 'demo_login',
    resource: 'auth',
    success: true,
    details: { sandbox: true, expiresAt: created.user.sandboxExpiresAt },
    ...meta,
  });
  await ctx.queue.send(JOBS.welcomeNotification, { userId: created.user.id });
  return created;
}

/**
 * Removes every sandbox whose day is over, with its stored files (the rows go by cascade: sessions,
 * properties, documents and pages, analyses, runs, notifications, comments). Called by the
 * scheduled job (jobs/sandbox-cleanup.ts); returns how many were removed.
 */
export async function removeExpiredSandboxes(ctx: AppContext, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = await expiredSandboxIds(ctx.db, now, CLEANUP_BATCH);
    for (const id of ids) {
      await deleteUserWithFiles(ctx, id);
      // Its open event streams, on any instance, re-check their session, find it gone and end.
      await ctx.events.userChanged(id);
      removed++;
    }
    if (ids.length < CLEANUP_BATCH) return removed;
  }
}
