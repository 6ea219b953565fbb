import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { currentUser, requireUser } from '../modules/auth/session.ts';
import { AUDIT_TOPIC } from './event-hub.ts';

const HEARTBEAT_MS = 25_000;

/** GET /api/events: a Server-Sent Events stream of the signed-in user's events. */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));

  app.get('/api/events', {
    schema: { tags: ['realtime'], summary: 'Eventos em tempo real (Server-Sent Events): notification; audit para administradores' },
  }, (request, reply) => {
    const user = currentUser(request);
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
    const send = (event: string, data: unknown) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const unsubscribe = ctx.events.subscribe(user.id, send);
    // Admins also get the security audit feed (role as of connecting; a reconnect re-checks it).
    const unsubscribeAudit = user.role === 'admin' ? ctx.events.subscribe(AUDIT_TOPIC, send) : () => {};
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      unsubscribeAudit();
    };
    request.raw.on('close', close);
    res.on('error', close);
  });
}
