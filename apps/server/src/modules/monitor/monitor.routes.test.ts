import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createLegacyDemoAccount, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { email: ADMIN_EMAIL });
});
afterAll(async () => t?.close());

const get = (cookie?: string) => t.app.inject({ url: '/api/admin/system-monitor', headers: cookie ? { cookie } : {} });

describe('GET /api/admin/system-monitor', () => {
  it('answers 401 anonymous and 403 to a non-admin', async () => {
    const user = await signUp(t);
    expect((await get()).statusCode).toBe(401);
    expect((await get(user.cookie)).statusCode).toBe(403);
  });

  it('probes the five services for real and returns the stored samples', async () => {
    await t.runtime.ctx.sampler.sampleNow();
    await signUp(t);
    await signUp(t);
    const stored = await t.runtime.ctx.sampler.sampleNow();
    const res = await get(admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.services.map((s: { name: string }) => s.name)).toEqual(['API Gateway', 'Database', 'Authentication', 'File Storage', 'Real-time Service']);
    for (const s of body.services) {
      expect(s.latencyMs).toBeGreaterThan(0);
      expect(s.status).not.toBe('critical');
    }
    expect(body.samples.at(-1)).toEqual(stored);
    expect(stored.requests).toBe(2);
    // The admin and the users signed up here (the non-admin of the first test too).
    expect(body.current.activeUsers).toBe(4);
    expect(body.sampleIntervalSeconds).toBe(30);
  });

  it('does not count demo sandboxes, the old shared demo account nor sessions no browser opened as active users (issues 15 and 18)', async () => {
    const before = (await t.runtime.ctx.sampler.current()).activeUsers;
    // Two visitors' 'Entrar como Demo' from a browser: two sandboxes, neither is a user.
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' };
    for (const remoteAddress of ['203.0.113.50', '203.0.113.51']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/demo', headers: browser, remoteAddress })).statusCode).toBe(200);
    }
    // The shared demo account of earlier versions, still in an old database and in use.
    await createLegacyDemoAccount(t);
    // A sign-up through the API without a browser (no user agent).
    const email = `sem-navegador.${Date.now()}@example.com`;
    await t.runtime.ctx.auth.api.signUpEmail({ body: { name: 'Sem Navegador', email, password: 'Senha123!' } });
    expect((await t.runtime.ctx.sampler.current()).activeUsers).toBe(before);
    await signUp(t);
    expect((await t.runtime.ctx.sampler.current()).activeUsers).toBe(before + 1);
  });

  it('reports File Storage critical when DATA_DIR cannot be written', async () => {
    const config = t.runtime.ctx.config;
    const dataDir = config.dataDir;
    config.dataDir = '/proc/viabiliza-not-writable';
    try {
      const body = (await get(admin.cookie)).json();
      const storage = body.services.find((s: { id: string }) => s.id === 'storage');
      expect(storage).toMatchObject({ status: 'critical', latencyMs: null, message: 'Serviço indisponível' });
    } finally {
      config.dataDir = dataDir;
    }
  });
});
