import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { securityAudit } from '@viabiliza/db/schema';
import { setUserRole } from '../auth/users.repository.ts';
import { ADMIN_EMAIL, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { email: ADMIN_EMAIL });
});
afterAll(async () => t?.close());

describe('admin routes', () => {
  it('answer 401 without a session and 403 to a non-admin', async () => {
    const user = await signUp(t);
    expect((await t.app.inject({ url: '/api/admin/users' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ url: '/api/admin/users', headers: { cookie: user.cookie } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('Você não tem permissão para realizar esta ação.');
    const grantSelf = await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.user.id}/role`, headers: { cookie: user.cookie }, payload: { role: 'admin' } });
    expect(grantSelf.statusCode).toBe(403);
  });

  it('let an admin list users and grant a role, audited; the new admin gets in', async () => {
    const user = await signUp(t);
    const listRes = await t.app.inject({ url: '/api/admin/users', headers: { cookie: admin.cookie } });
    expect(listRes.statusCode).toBe(200);
    expect(listRes.json().users.map((u: { email: string }) => u.email)).toContain(user.email);

    const grant = await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.user.id}/role`, headers: { cookie: admin.cookie }, payload: { role: 'admin' } });
    expect(grant.json()).toEqual({ id: user.user.id, role: 'admin' });
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    const inbox = (await t.app.inject({ url: '/api/notifications', headers: { cookie: user.cookie } })).json();
    expect(inbox.items.map((n: { title: string }) => n.title)).toContain('Papel atualizado');
    const rows = await t.database.db.select().from(securityAudit).where(eq(securityAudit.action, 'role_grant'));
    expect(rows.some((r) => (r.details as { targetUserId?: string }).targetUserId === user.user.id)).toBe(true);
  });

  it('limits role changes to 30 per minute per admin (a security action: an incident needs room)', async () => {
    // A fresh admin, so no earlier call counts against its budget.
    const actor = await signUp(t);
    await setUserRole(t.database.db, actor.user.id, 'admin');
    const target = await signUp(t);
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push(await t.app.inject({ method: 'POST', url: `/api/admin/users/${target.user.id}/role`, headers: { cookie: actor.cookie }, payload: { role: i % 2 ? 'user' : 'admin' } }));
    }
    expect(answers.slice(0, 30).map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(answers[30]!.statusCode).toBe(429);
  });
});
