import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { securityAudit } from '@viabiliza/db/schema';
import { setUserRole } from '../auth/users.repository.ts';
import { dependencyCheck } from './security.service.ts';
import { ADMIN_EMAIL, PASSWORD, cookieHeader, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { email: ADMIN_EMAIL });
});
afterAll(async () => t?.close());

describe('security endpoints', () => {
  it('answer 401 anonymous and 403 to a non-admin', async () => {
    const user = await signUp(t);
    for (const [method, url] of [['GET', '/api/admin/security'], ['GET', '/api/admin/sessions'], ['POST', '/api/admin/sessions/x/revoke']] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: { cookie: user.cookie } })).statusCode).toBe(403);
    }
  });

  it('computes the checks from this installation', async () => {
    const res = await t.app.inject({ url: '/api/admin/security', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const status = Object.fromEntries(body.checks.map((c: { id: string; status: string }) => [c.id, c.status]));
    // The test config: ADMIN_EMAILS set, a repetitive secret, http://localhost, no e-mail verification, no backup.
    expect(status).toEqual({
      admin_emails: 'pass',
      auth_secret: 'fail',
      https: 'warn',
      security_headers: 'pass',
      rate_limits: 'pass',
      email_verification: 'warn',
      backup: 'fail',
      leaked_passwords: 'pass',
      // From source there is no build, so no npm audit to read.
      dependencies: 'warn',
    });
    expect(body.counts).toEqual({ pass: 4, warn: 3, fail: 2 });
  });

  it("judges the build's npm audit: high or critical fail, none pass, an audit that could not run warns", () => {
    const at = '2026-11-24T12:00:00.000Z';
    expect(dependencyCheck({ checkedAt: at, counts: { info: 0, low: 2, moderate: 1, high: 1, critical: 0 }, error: null })).toMatchObject({ status: 'fail' });
    expect(dependencyCheck({ checkedAt: at, counts: { info: 0, low: 0, moderate: 0, high: 0, critical: 1 }, error: null }).message).toContain('1 crítica(s)');
    expect(dependencyCheck({ checkedAt: at, counts: { info: 0, low: 2, moderate: 1, high: 0, critical: 0 }, error: null })).toMatchObject({ status: 'pass' });
    expect(dependencyCheck({ checkedAt: at, counts: null, error: 'audit endpoint returned an error' })).toMatchObject({ status: 'warn' });
    expect(dependencyCheck(null)).toMatchObject({ status: 'warn' });
  });

  it('finds a strong secret and https strong, and a missing ADMIN_EMAILS a warning', async () => {
    const other = await createTestApp({ authSecret: 'Vq3xK9pL2mZ7rT5wY8bN4cF6hJ1dG0sA', publicUrl: 'https://viabiliza.exemplo.com.br', trustedOrigins: ['https://viabiliza.exemplo.com.br'], adminEmails: [] });
    try {
      const u = await signUp(other);
      await setUserRole(other.database.db, u.user.id, 'admin');
      const body = (await other.app.inject({ url: '/api/admin/security', headers: { cookie: u.cookie } })).json();
      const byId = Object.fromEntries(body.checks.map((c: { id: string; status: string }) => [c.id, c.status]));
      expect(byId).toMatchObject({ auth_secret: 'pass', https: 'pass', admin_emails: 'warn' });
    } finally {
      await other.close();
    }
  });

  it('lists user B’s session and “Finalizar” makes B’s next request 401, audited', async () => {
    const b = await signUp(t);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: b.email, password: PASSWORD }, headers: { 'user-agent': FIREFOX } });
    const firefoxCookie = cookieHeader(signIn.headers['set-cookie']);
    const list = (await t.app.inject({ url: '/api/admin/sessions', headers: { cookie: admin.cookie } })).json().sessions;
    const mine = list.filter((s: { userEmail: string }) => s.userEmail === b.email);
    expect(mine).toHaveLength(2);
    const target = mine.find((s: { browser: string }) => s.browser === 'Firefox (Linux)');
    expect(target).toMatchObject({ ipAddress: '127.0.0.1', current: false });
    expect(list.find((s: { userEmail: string }) => s.userEmail === ADMIN_EMAIL).current).toBe(true);

    expect((await t.app.inject({ url: '/api/notifications', headers: { cookie: firefoxCookie } })).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'POST', url: `/api/admin/sessions/${target.id}/revoke`, headers: { cookie: admin.cookie } });
    expect(revoke.json()).toEqual({ id: target.id, revoked: true });
    expect((await t.app.inject({ url: '/api/notifications', headers: { cookie: firefoxCookie } })).statusCode).toBe(401);
    // B's other session is untouched.
    expect((await t.app.inject({ url: '/api/notifications', headers: { cookie: b.cookie } })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(securityAudit).where(eq(securityAudit.action, 'session_revoke'));
    expect(rows.find((r) => (r.details as { sessionId?: string }).sessionId === target.id)).toMatchObject({ success: true, userId: admin.user.id });
  });

  it('lets an admin handling an incident end 10 sessions in a minute, within a budget of 30', async () => {
    const actor = await signUp(t);
    await setUserRole(t.database.db, actor.user.id, 'admin');
    const victims = [];
    for (let i = 0; i < 10; i++) victims.push(await signUp(t));
    const sessions = (await t.app.inject({ url: '/api/admin/sessions', headers: { cookie: actor.cookie } })).json().sessions as { id: string; userEmail: string }[];
    const answers = [];
    for (const victim of victims) {
      const id = sessions.find((s) => s.userEmail === victim.email)!.id;
      answers.push(await t.app.inject({ method: 'POST', url: `/api/admin/sessions/${id}/revoke`, headers: { cookie: actor.cookie } }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.at(-1)!.headers['x-ratelimit-limit']).toBe('30');
    expect(answers.at(-1)!.headers['x-ratelimit-remaining']).toBe('20');
    for (const victim of victims) {
      expect((await t.app.inject({ url: '/api/notifications', headers: { cookie: victim.cookie } })).statusCode).toBe(401);
    }
  });
});
