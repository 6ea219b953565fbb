import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('health and platform', () => {
  it('GET /api/health and /api/health/db answer ok with a database round trip', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const db = (await t.app.inject({ url: '/api/health/db' })).json();
    expect(db.status).toBe('ok');
    expect(db.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(db.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('sends a strict Content-Security-Policy and forbids framing', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('publishes the OpenAPI document with the routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/sign-in', '/api/profile', '/api/notifications', '/api/admin/users']));
  });

  it('answers unknown API paths with a Portuguese 404 body', async () => {
    const res = await t.app.inject({ url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Recurso não encontrado.');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });
});

describe('readiness (GET /api/health/ready), for a load balancer', () => {
  it('answers 200 when the database and the queue answer', async () => {
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', queue: 'ok' });
  });

  it('answers 503 in Portuguese, naming the database, when it does not answer', async () => {
    const execute = vi.spyOn(t.runtime.ctx.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().error).toEqual({
        code: 'UNAVAILABLE',
        message: 'Instância não está pronta: banco de dados indisponível.',
        details: ['banco de dados indisponível'],
      });
      // Liveness is not readiness: the process itself is fine.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      execute.mockRestore();
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 when the queue cannot read its state', async () => {
    const getQueue = vi.spyOn(t.runtime.ctx.queue.boss, 'getQueue').mockRejectedValueOnce(new Error('relation "pgboss.queue" does not exist'));
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe('Instância não está pronta: fila de tarefas indisponível.');
    } finally {
      getQueue.mockRestore();
    }
  });

  // Last: it stops this file's queue for real (the close in afterAll stops it again, harmlessly).
  it('answers 503 once the queue is stopping, as on SIGTERM, so the balancer stops sending requests', async () => {
    await t.runtime.ctx.queue.stop();
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Instância não está pronta: fila de tarefas parada (instância encerrando).');
  });
});
