import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { currentUser, requireUser } from '../modules/auth/session.ts';
import { findLiveSession } from '../modules/auth/users.repository.ts';
import { AUDIT_TOPIC } from './event-hub.ts';

export const HEARTBEAT_MS = 25_000;
/** setTimeout's longest delay; a session expiring later is re-checked by the heartbeat first. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * GET /api/events: a Server-Sent Events stream of the signed-in user's events. The stream lives as
 * long as its session: it ends on sign-out and revocation (a `session-end` event from any instance),
 * on a role change (`user-changed`: the browser reconnects and gets what the new role may see), and
 * when the session is found gone, expired or with another role at a heartbeat or at its expiry time.
 */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const heartbeatMs = ctx.config.sseHeartbeatMs ?? HEARTBEAT_MS;
  // An open stream would otherwise hold the server's close until the browser leaves.
  app.addHook('preClose', async () => ctx.events.endAll('shutdown'));

  app.get('/api/events', {
    schema: { tags: ['realtime'], summary: 'Eventos em tempo real (Server-Sent Events): notification; audit para administradores' },
  }, async (request, reply) => {
    const user = currentUser(request);
    const current = await ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!current) throw new AppError('UNAUTHENTICATED');
    const sessionId = current.session.id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    res.write(`event: ready\ndata: {}\n\n`);

    let open = true;
    const send = (event: string, data: unknown) => {
      if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const unsubscribe = ctx.events.subscribe(user.id, send);
    // Admins also get the security audit feed, for as long as they stay admins on this session.
    const unsubscribeAudit = user.role === 'admin' ? ctx.events.subscribe(AUDIT_TOPIC, send) : () => {};
    let expiryTimer: NodeJS.Timeout | undefined;
    // Each heartbeat also re-checks the session (check is defined below; the first tick comes later).
    const heartbeat = setInterval(() => {
      if (!open) return;
      res.write(': ping\n\n');
      check();
    }, heartbeatMs);
    let untrack = () => {};
    const end = (reason: string) => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      clearTimeout(expiryTimer);
      unsubscribe();
      unsubscribeAudit();
      untrack();
      request.log.debug({ reason, sessionId }, 'event stream ended');
      res.end();
    };
    untrack = ctx.events.track({ userId: user.id, sessionId, end });

    /** Ends the stream unless its session is still open with the role it connected with. */
    const verify = async () => {
      const live = await findLiveSession(ctx.db, sessionId);
      if (!open) return;
      if (!live) return end('session-gone');
      if ((live.role === 'admin' ? 'admin' : 'user') !== user.role) return end('role-changed');
      scheduleExpiry(live.expiresAt);
    };
    const check = () => {
      verify().catch((err: unknown) => request.log.warn({ err }, 'event stream session check failed'));
    };
    const scheduleExpiry = (expiresAt: Date) => {
      clearTimeout(expiryTimer);
      const ms = expiresAt.getTime() - Date.now();
      if (ms < MAX_TIMER_MS) expiryTimer = setTimeout(check, Math.max(ms, 0) + 50);
    };
    scheduleExpiry(new Date(current.session.expiresAt));
    request.raw.on('close', () => end('client-closed'));
    res.on('error', () => end('error'));
  });
}
