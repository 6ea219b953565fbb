import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/helper.ts';
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
