import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { securityAudit } from '@viabiliza/db/schema';
import { createTestApp, signUp, type TestApp } from '../../test/helper.ts';
import { ADMIN_USAGE, runAdminCommand } from './admin-command.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('npm run admin', () => {
  it('grants and revokes the admin role, audited, and the server honours it', async () => {
    const { email, cookie, user } = await signUp(t);
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(403);

    expect(await runAdminCommand(t.database.db, 'grant', email.toUpperCase())).toEqual([`${email}: papel admin`]);
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
    expect((await runAdminCommand(t.database.db, 'list')).some((l) => l.startsWith('admin') && l.includes(email))).toBe(true);

    await runAdminCommand(t.database.db, 'revoke', email);
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(403);
    const audit = await t.database.db.select().from(securityAudit).where(eq(securityAudit.userId, user.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['role_grant', 'role_revoke']));
  });

  it('explains an unknown account and a wrong command', async () => {
    await expect(runAdminCommand(t.database.db, 'grant', 'ninguem@example.com')).rejects.toThrow('Nenhuma conta com o e-mail ninguem@example.com');
    await expect(runAdminCommand(t.database.db, 'promote', 'x@y.z')).rejects.toThrow(ADMIN_USAGE);
    await expect(runAdminCommand(t.database.db, 'grant')).rejects.toThrow(ADMIN_USAGE);
  });
});
