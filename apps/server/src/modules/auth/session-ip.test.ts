import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { session } from '@viabiliza/db/schema';
import { ADMIN_EMAIL, PASSWORD, createTestApp, signUp, uniqueEmail, type TestApp } from '../../../test/helper.ts';

/** Issue 15, item 5: sessions record the client address (every session showed 'IP desconhecido'). */
async function signUpAndSignIn(t: TestApp, ip: string, headers: Record<string, string> = {}) {
  const email = uniqueEmail('ip');
  const up = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', remoteAddress: ip, headers, payload: { fullName: 'Pessoa IP', email, password: PASSWORD } });
  expect(up.statusCode).toBe(201);
  const userId = up.json().user.id as string;
  const ins = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: ip, headers, payload: { email, password: PASSWORD } });
  expect(ins.statusCode).toBe(200);
  const rows = await t.database.db.select({ ip: session.ipAddress }).from(session).where(eq(session.userId, userId));
  return rows.map((r) => r.ip);
}

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('records the address of the connection, not a forged X-Forwarded-For', async () => {
    expect(await signUpAndSignIn(t, '203.0.113.21', { 'x-forwarded-for': '6.6.6.6' })).toEqual(['203.0.113.21', '203.0.113.21']);
  });

  it('ignores a client sending the internal header itself', async () => {
    expect(await signUpAndSignIn(t, '203.0.113.22', { 'x-viabiliza-client-ip': '6.6.6.6' })).toEqual(['203.0.113.22', '203.0.113.22']);
  });

  it("shows the address on the admin's session list", async () => {
    await signUpAndSignIn(t, '203.0.113.23');
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    const list = (await t.app.inject({ url: '/api/admin/sessions', headers: { cookie: admin.cookie } })).json().sessions as { ipAddress: string | null }[];
    expect(list.map((s) => s.ipAddress)).toContain('203.0.113.23');
    expect(list.every((s) => s.ipAddress)).toBe(true);
  });
});

describe('with TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => t?.close());

  it('records the client address the proxy forwarded', async () => {
    expect(await signUpAndSignIn(t, '10.0.0.2', { 'x-forwarded-for': '198.51.100.77' })).toEqual(['198.51.100.77', '198.51.100.77']);
  });
});
