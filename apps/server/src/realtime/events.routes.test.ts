import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/helper.ts';
import { createNotification } from '../modules/notifications/notifications.service.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** A live SSE connection whose frames can be awaited one predicate at a time. */
function sseClient(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const frames: { event: string; data: string }[] = [];
  return {
    async next(predicate: (event: string, data: string) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = frames.findIndex((f) => predicate(f.event, f.data));
        if (hit >= 0) return frames.splice(hit, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('event not received');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), left)),
        ]);
        if (!chunk) continue;
        if (chunk.done) throw new Error('stream closed');
        buffer += decoder.decode(chunk.value, { stream: true });
        let idx;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          frames.push({ event: /^event: (.*)$/m.exec(frame)?.[1] ?? 'message', data: /^data: (.*)$/m.exec(frame)?.[1] ?? '' });
        }
      }
    },
    close: () => reader.cancel(),
  };
}

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
