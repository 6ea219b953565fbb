import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, signUp, type TestApp } from '../../../test/helper.ts';
import { createNotification } from './notifications.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const list = async (cookie: string) => (await t.app.inject({ url: '/api/notifications', headers: { cookie } })).json();

describe('notifications', () => {
  it('a new account receives the welcome notification from the queue', async () => {
    const { cookie } = await signUp(t);
    const body = await eventually(async () => {
      const b = await list(cookie);
      return b.items.length ? b : null;
    });
    expect(body.items[0]).toMatchObject({ title: 'Bem-vindo ao Viabiliza!', type: 'success', read: false });
    expect(body.unreadCount).toBe(1);
  });

  it('lists newest first, at most 50, treating unknown types as info', async () => {
    const { cookie, user } = await signUp(t);
    await eventually(async () => (await list(cookie)).items.length === 1);
    for (let i = 0; i < 52; i++) {
      await createNotification(t.runtime.ctx, { userId: user.id, title: `n${i}`, message: 'm', type: 'info' });
    }
    await t.runtime.ctx.db.execute(
      // A row written by an older client with a type outside the four known ones.
      (await import('drizzle-orm')).sql`update notifications set type = 'legacy' where title = 'n51'`,
    );
    const body = await list(cookie);
    expect(body.items).toHaveLength(50);
    expect(body.items[0].title).toBe('n51');
    expect(body.items[0].type).toBe('info');
    expect(body.unreadCount).toBeGreaterThanOrEqual(52);
  });

  it('marks one and all as read, deletes, and never touches another user', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    // Let the welcome notifications land first so the counts below are exact.
    await eventually(async () => (await list(a.cookie)).items.length === 1 && (await list(b.cookie)).items.length === 1);
    const n1 = await createNotification(t.runtime.ctx, { userId: a.user.id, title: 'A1', message: 'x', type: 'warning' });
    const n2 = await createNotification(t.runtime.ctx, { userId: a.user.id, title: 'A2', message: 'x', type: 'error' });

    // B cannot read, change or delete A's notifications: 404, and A's data stays as it was.
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/${n1!.id}/read`, headers: { cookie: b.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/notifications/${n1!.id}`, headers: { cookie: b.cookie } })).statusCode).toBe(404);
    expect((await list(b.cookie)).items.map((n: { title: string }) => n.title)).not.toContain('A1');
    await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: b.cookie } });
    const aItems = (await list(a.cookie)).items as { id: string; read: boolean }[];
    expect(aItems.find((n) => n.id === n1!.id)?.read).toBe(false);

    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/${n1!.id}/read`, headers: { cookie: a.cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/notifications/${n2!.id}`, headers: { cookie: a.cookie } })).statusCode).toBe(204);
    const after = await list(a.cookie);
    expect(after.items.find((n: { id: string }) => n.id === n1!.id).read).toBe(true);
    expect(after.items.find((n: { id: string }) => n.id === n2!.id)).toBeUndefined();

    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: a.cookie } });
    expect(all.statusCode).toBe(200);
    expect((await list(a.cookie)).unreadCount).toBe(0);
    const bn = await createNotification(t.runtime.ctx, { userId: b.user.id, title: 'B1', message: 'x', type: 'info' });
    await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: a.cookie } });
    expect((await list(b.cookie)).items.find((n: { id: string }) => n.id === bn!.id).read).toBe(false);
  });

  it('rejects a malformed id with 400 and anonymous calls with 401', async () => {
    const { cookie } = await signUp(t);
    const bad = await t.app.inject({ method: 'POST', url: '/api/notifications/nao-e-um-id/read', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Notificação inválida');
    const anon = await t.app.inject({ url: '/api/notifications' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe('Você não está autenticado. Faça login novamente.');
  });
});
