import { describe, expect, it } from 'vitest';
import { FairScheduler } from './fair-scheduler.ts';

/**
 * A fake pool: every task is a file that finishes only when the test says so, so the order in
 * which files get a thread is asserted without any timing.
 */
function fakePool(slots: number, maxPerOwner?: number) {
  const scheduler = new FairScheduler({ slots, maxPerOwner });
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const submit = (owner: string, file: string, signal?: AbortSignal) =>
    scheduler.run(
      owner,
      () =>
        new Promise<string>((resolve) => {
          started.push(file);
          finishers.set(file, () => resolve(file));
        }),
      signal,
    );
  const finish = async (file: string) => {
    finishers.get(file)!();
    // The slot is given back when the task's promise settles: let those callbacks run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { scheduler, started, submit, finish };
}

describe('FairScheduler', () => {
  it("runs B's small file as soon as a thread frees, ahead of A's backlog", async () => {
    const pool = fakePool(2);
    const a = Array.from({ length: 10 }, (_, i) => pool.submit('A', `A${i}`));
    // Alone, A uses both threads.
    expect(pool.started).toEqual(['A0', 'A1']);
    const b = pool.submit('B', 'B0');
    expect(pool.scheduler.state()).toEqual({ running: { A: 2 }, waiting: { A: 8, B: 1 } });
    await pool.finish('A0');
    expect(pool.started).toEqual(['A0', 'A1', 'B0']);
    // While B runs and A waits, A holds one thread (threads − 1), and gets the next free one.
    await pool.finish('A1');
    expect(pool.started.at(-1)).toBe('A2');
    await pool.finish('B0');
    await expect(b).resolves.toBe('B0');
    expect(pool.started.at(-1)).toBe('A3');
    for (const file of ['A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9']) await pool.finish(file);
    await expect(Promise.all(a)).resolves.toHaveLength(10);
    expect(pool.scheduler.state()).toEqual({ running: {}, waiting: {} });
  });

  it('serves waiting owners in turn, one task each', async () => {
    const pool = fakePool(1);
    for (let i = 0; i < 3; i++) void pool.submit('A', `A${i}`);
    for (let i = 0; i < 2; i++) void pool.submit('B', `B${i}`);
    void pool.submit('C', 'C0');
    for (const file of ['A0', 'B0', 'C0', 'A1', 'B1']) await pool.finish(file);
    expect(pool.started).toEqual(['A0', 'B0', 'C0', 'A1', 'B1', 'A2']);
  });

  it('keeps a thread for others while they wait, and gives it back when they are gone', async () => {
    const pool = fakePool(4);
    for (let i = 0; i < 6; i++) void pool.submit('A', `A${i}`);
    expect(pool.started).toEqual(['A0', 'A1', 'A2', 'A3']);
    void pool.submit('B', 'B0');
    void pool.submit('B', 'B1');
    await pool.finish('A0');
    await pool.finish('A1');
    // A is at 2 of 4 threads; the two freed went to B, though A was first in line for one of them.
    expect(pool.started.slice(4)).toEqual(['B0', 'B1']);
    await pool.finish('B0');
    expect(pool.started.at(-1)).toBe('A4');
    await pool.finish('B1');
    expect(pool.started.at(-1)).toBe('A5');
  });

  it('gives up the place of a task aborted while waiting, and passes failures through', async () => {
    const pool = fakePool(1);
    void pool.submit('A', 'A0');
    const controller = new AbortController();
    const waiting = pool.submit('B', 'B0', controller.signal);
    controller.abort(new Error('cancelado'));
    await expect(waiting).rejects.toThrow('cancelado');
    void pool.submit('C', 'C0');
    await pool.finish('A0');
    expect(pool.started).toEqual(['A0', 'C0']);
    const failing = pool.scheduler.run('D', () => Promise.reject(new Error('falhou')));
    await pool.finish('C0');
    await expect(failing).rejects.toThrow('falhou');
    expect(pool.scheduler.state()).toEqual({ running: {}, waiting: {} });
  });
});
