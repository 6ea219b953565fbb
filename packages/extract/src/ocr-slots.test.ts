import { describe, expect, it } from 'vitest';
import { OcrSlots } from './ocr-slots.ts';

describe('OcrSlots', () => {
  it('lets at most `size` holders in, across copies sharing the buffer, and wakes a waiter on release', async () => {
    const buffer = OcrSlots.createBuffer(1);
    const a = new OcrSlots(buffer);
    const b = new OcrSlots(buffer); // as another thread would see it
    const release = await a.acquire();
    expect(a.free).toBe(0);
    let entered = false;
    const waiting = b.acquire().then((r) => {
      entered = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entered).toBe(false);
    release();
    release(); // a second call frees nothing more
    const second = await waiting;
    expect(entered).toBe(true);
    expect(b.free).toBe(0);
    second();
    expect(a.free).toBe(1);
    expect(a.size).toBe(1);
  });

  it('stops waiting when the signal aborts', async () => {
    const slots = new OcrSlots(OcrSlots.createBuffer(1));
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort(new Error('cancelado'));
    await expect(waiting).rejects.toThrow('cancelado');
    release();
    expect(slots.free).toBe(1);
  });
});
