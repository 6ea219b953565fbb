import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { session } from '@viabiliza/db/schema';
import { ADMIN_EMAIL, PASSWORD, cookieHeader, createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/helper.ts';
import { setUserRole } from '../modules/auth/users.repository.ts';
import { createNotification } from '../modules/notifications/notifications.service.ts';
import { sseClient } from '../../test/sse-client.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

describe('GET /api/events', () => {
  it('refuses anonymous connections', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it("pushes a new notification to its owner only, through LISTEN/NOTIFY", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const resA = await fetch(`${base}/api/events`, { headers: { cookie: a.cookie } });
    const resB = await fetch(`${base}/api/events`, { headers: { cookie: b.cookie } });
    expect(resA.headers.get('content-type')).toContain('text/event-stream');
    const sseA = sseClient(resA);
    const sseB = sseClient(resB);
    try {
      await sseA.next((e) => e === 'ready');
      await sseB.next((e) => e === 'ready');
      await createNotification(t.runtime.ctx, { userId: a.user.id, title: 'Relatório pronto', message: 'Seu relatório foi gerado.', type: 'success' });
      const { data } = await sseA.next((e, d) => e === 'notification' && d.includes('Relatório pronto'));
      expect(JSON.parse(data)).toMatchObject({ title: 'Relatório pronto', type: 'success', read: false });
      await expect(sseB.next((e, d) => e === 'notification' && d.includes('Relatório pronto'), 1500)).rejects.toThrow('event not received');
    } finally {
      await sseA.close();
      await sseB.close();
    }
  });
});

/** Resolves true when the server ends the stream within `ms`, false when it is still open. */
async function endsWithin(sse: ReturnType<typeof sseClient>, ms = 5000): Promise<boolean> {
  try {
    await sse.next(() => false, ms);
    return false;
  } catch (err) {
    if ((err as Error).message === 'stream closed') return true;
    if ((err as Error).message === 'event not received') return false;
    throw err;
  }
}

async function openStream(cookie: string) {
  const res = await fetch(`${base}/api/events`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const sse = sseClient(res);
  await sse.next((e) => e === 'ready');
  return sse;
}

describe('a stream ends with its session (issue 15, item 3)', () => {
  it('on sign-out', async () => {
    const u = await signUp(t);
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: u.email, password: PASSWORD } });
    const otherCookie = cookieHeader(other.headers['set-cookie']);
    const sse = await openStream(u.cookie);
    const sameUserOtherSession = await openStream(otherCookie);
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: u.cookie } })).statusCode).toBe(204);
      expect(await endsWithin(sse)).toBe(true);
      // The same person's other session keeps its stream.
      expect(await endsWithin(sameUserOtherSession, 1000)).toBe(false);
    } finally {
      await sse.close().catch(() => {});
      await sameUserOtherSession.close();
    }
  });

  it("on an admin's 'Finalizar'", async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    const u = await signUp(t);
    const sse = await openStream(u.cookie);
    try {
      const sessions = (await t.app.inject({ url: '/api/admin/sessions', headers: { cookie: admin.cookie } })).json().sessions as { id: string; userId: string }[];
      const target = sessions.find((s) => s.userId === u.user.id)!;
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/sessions/${target.id}/revoke`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      await createNotification(t.runtime.ctx, { userId: u.user.id, title: 'Depois do fim', message: 'Não deve chegar.', type: 'info' });
      expect(await endsWithin(sse)).toBe(true);
    } finally {
      await sse.close().catch(() => {});
    }
  });

  it("follows a role change: a demoted admin's stream stops the audit feed at once and still gets the notification", async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL.replace('admin@', 'admin2@') });
    await setUserRole(t.database.db, admin.user.id, 'admin');
    const demoted = await signUp(t);
    await setUserRole(t.database.db, demoted.user.id, 'admin');
    const sse = await openStream(demoted.cookie);
    try {
      // The admin feed works before.
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: uniqueEmail('antes'), password: 'Errada123!' } });
      await sse.next((e, d) => e === 'audit' && d.includes('antes'));
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/users/${demoted.user.id}/role`, headers: { cookie: admin.cookie }, payload: { role: 'user' } });
      expect(res.statusCode).toBe(200);
      // The change's own notification arrives live on the same stream...
      await sse.next((e, d) => e === 'notification' && d.includes('Papel atualizado'));
      // ...and no audit event does: not the role change's row, not a later sign-in failure.
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: uniqueEmail('depois'), password: 'Errada123!' } });
      await expect(sse.next((e) => e === 'audit', 2000)).rejects.toThrow('event not received');
    } finally {
      await sse.close().catch(() => {});
    }
  });

  it('follows a promotion: the new admin gets the audit feed on the open stream', async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL.replace('admin@', 'admin3@') });
    await setUserRole(t.database.db, admin.user.id, 'admin');
    const promoted = await signUp(t);
    const sse = await openStream(promoted.cookie);
    try {
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${promoted.user.id}/role`, headers: { cookie: admin.cookie }, payload: { role: 'admin' } })).statusCode).toBe(200);
      await sse.next((e, d) => e === 'notification' && d.includes('Papel atualizado'));
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: uniqueEmail('promovido'), password: 'Errada123!' } });
      await sse.next((e, d) => e === 'audit' && d.includes('promovido'));
    } finally {
      await sse.close();
    }
  });
});

describe('the heartbeat re-checks the session (expiry, changes made outside this server)', () => {
  let h: TestApp;
  let hBase: string;
  beforeAll(async () => {
    h = await createTestApp({ sseHeartbeatMs: 200 });
    hBase = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => h?.close());

  const open = async (cookie: string) => {
    const res = await fetch(`${hBase}/api/events`, { headers: { cookie } });
    const sse = sseClient(res);
    await sse.next((e) => e === 'ready');
    return sse;
  };

  it('ends the stream once its session has expired', async () => {
    const u = await signUp(h);
    const sse = await open(u.cookie);
    try {
      expect(await endsWithin(sse, 600)).toBe(false);
      await h.database.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, u.user.id));
      expect(await endsWithin(sse, 3000)).toBe(true);
    } finally {
      await sse.close().catch(() => {});
    }
  });

  it('drops the audit feed when the role was changed without an event (e.g. the admin CLI on another machine)', async () => {
    const u = await signUp(h);
    await setUserRole(h.database.db, u.user.id, 'admin');
    const sse = await open(u.cookie);
    try {
      await setUserRole(h.database.db, u.user.id, 'user');
      await new Promise((r) => setTimeout(r, 800));
      await h.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: uniqueEmail('cli'), password: 'Errada123!' } });
      await expect(sse.next((e) => e === 'audit', 1500)).rejects.toThrow('event not received');
      expect(await endsWithin(sse, 300)).toBe(false);
    } finally {
      await sse.close().catch(() => {});
    }
  });
});
