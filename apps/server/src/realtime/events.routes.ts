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
 * long as its session: it ends on sign-out and revocation (a `session-end` event from any instance)
 * and when the session is found gone or expired at a heartbeat or at its expiry time. A role change
 * (`user-changed`, or a role found different at a heartbeat) re-scopes it instead: the admin audit
 * feed stops at once and comes back only if the database still says admin. Ending the stream would
 * lose the 'Papel atualizado' notification that follows (events are not replayed).
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
    // Admins also get the security audit feed, for as long as they stay admins.
    let role = user.role;
    let unsubscribeAudit = role === 'admin' ? ctx.events.subscribe(AUDIT_TOPIC, send) : () => {};
    const setRole = (next: typeof role) => {
      if (next === role || !open) return;
      role = next;
      unsubscribeAudit();
      unsubscribeAudit = next === 'admin' ? ctx.events.subscribe(AUDIT_TOPIC, send) : () => {};
    };
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
    const rescope = () => {
      // Nothing role-bound is delivered until the database has confirmed the role.
      setRole('user');
      check();
    };
    untrack = ctx.events.track({ userId: user.id, sessionId, end, rescope });

    /** Ends the stream unless its session is still open; follows the user's current role. */
    let generation = 0;
    const verify = async () => {
      // Only the latest check may set the role: an older read may predate a role change.
      const mine = ++generation;
      const live = await findLiveSession(ctx.db, sessionId);
      if (!open || mine !== generation) return;
      if (!live) return end('session-gone');
      setRole(live.role === 'admin' ? 'admin' : 'user');
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
    // The response's close is the connection's end (the request's may come as soon as it is read).
    res.on('close', () => end('client-closed'));
    res.on('error', () => end('error'));
  });
}
