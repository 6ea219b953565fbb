import { describe, expect, it } from 'vitest';
import { Deadline, raceAbort, withTimeout } from './deadline.ts';

const never = new Promise<never>(() => undefined);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withTimeout', () => {
  it('resolves with the work when it is in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 100, () => new Error('late'))).resolves.toBe(7);
  });

  it('rejects with the timeout error when the work is late', async () => {
    await expect(withTimeout(never, 10, () => new Error('late'))).rejects.toThrow('late');
  });

  it('rejects with the abort reason at once', async () => {
    const controller = new AbortController();
    const race = raceAbort(never, controller.signal);
    controller.abort(new Error('cancelado'));
    await expect(race).rejects.toThrow('cancelado');
  });
});

describe('withTimeout when already aborted', () => {
  it('rejects with the reason and still observes the work (no unhandled rejection)', async () => {
    const controller = new AbortController();
    controller.abort(new Error('antes'));
    const failing = Promise.reject(new Error('falha tardia'));
    await expect(withTimeout(failing, 100, () => new Error('late'), controller.signal)).rejects.toThrow('antes');
    await sleep(10);
  });
});

describe('Deadline', () => {
  it('aborts its signal when due, and later when extended', async () => {
    const deadline = new Deadline(40, () => new Error('tempo esgotado'));
    deadline.extend(60);
    await sleep(60);
    expect(deadline.signal.aborted).toBe(false);
    await sleep(80);
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as Error).message).toBe('tempo esgotado');
  });

  it('does nothing once cleared', async () => {
    const deadline = new Deadline(10, () => new Error('x'));
    deadline.clear();
    await sleep(30);
    expect(deadline.signal.aborted).toBe(false);
  });
});
