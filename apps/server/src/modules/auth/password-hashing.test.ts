import { describe, expect, it } from 'vitest';
import { ACCOUNT_CREATION_MESSAGES } from '@viabiliza/contracts/auth';
import { RetryLater } from '../../lib/retry-later.ts';
import { limitedPasswordHashing, type PasswordHashing } from './password-hashing.ts';

/** A hashing stand-in that records how many calls overlap; each call ends when the test says. */
function recording() {
  let running = 0;
  let peak = 0;
  const order: string[] = [];
  const pending: Array<() => void> = [];
  const slow = async (label: string) => {
    running += 1;
    peak = Math.max(peak, running);
    order.push(label);
    await new Promise<void>((resolve) => pending.push(resolve));
    running -= 1;
  };
  const impl: PasswordHashing = {
    hash: async (password) => {
      await slow(`hash:${password}`);
      return `h(${password})`;
    },
    verify: async ({ hash, password }) => {
      await slow(`verify:${password}`);
      return hash === `h(${password})`;
    },
  };
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { impl, finishOne, peak: () => peak, order };
}

describe('limited password hashing', () => {
  it('never runs more hashes than the limit; checks go first, each lane in arrival order', async () => {
    const r = recording();
    const hashing = limitedPasswordHashing({ concurrency: 2 }, r.impl);
    const results = Promise.all([
      hashing.hash('a'),
      hashing.verify({ hash: 'h(b)', password: 'b' }),
      hashing.hash('c'),
      hashing.verify({ hash: 'wrong', password: 'd' }),
      hashing.hash('e'),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.order).toEqual(['hash:a', 'verify:b']);
    for (let i = 0; i < 5; i++) await r.finishOne();
    expect(await results).toEqual(['h(a)', true, 'h(c)', false, 'h(e)']);
    expect(r.peak()).toBe(2);
    // verify:d, which came after hash:c, took the first slot freed; new passwords hold one slot of two.
    expect(r.order).toEqual(['hash:a', 'verify:b', 'verify:d', 'hash:c', 'hash:e']);
  });

  it('lets a sign-in past a burst of sign-ups: next in line, whatever waits in the sign-up lane', async () => {
    const r = recording();
    const hashing = limitedPasswordHashing({ concurrency: 1, newQueueMax: 10 }, r.impl);
    const signUps = Array.from({ length: 8 }, (_, i) => hashing.hash(`s${i}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(hashing.queues()).toEqual({ running: 1, waitingChecks: 0, waitingNew: 7 });
    const signIn = hashing.verify({ hash: 'h(p)', password: 'p' });
    expect(hashing.queues()).toMatchObject({ waitingChecks: 1, waitingNew: 7 });
    await r.finishOne();
    // The running sign-up finished: the sign-in runs before the 7 still waiting.
    expect(r.order).toEqual(['hash:s0', 'verify:p']);
    await r.finishOne();
    expect(await signIn).toBe(true);
    expect(hashing.queues()).toMatchObject({ waitingNew: 6 });
    for (let i = 0; i < 7; i++) await r.finishOne();
    await Promise.all(signUps);
    expect(r.order.slice(2)).toEqual(['hash:s1', 'hash:s2', 'hash:s3', 'hash:s4', 'hash:s5', 'hash:s6', 'hash:s7']);
  });

  it('refuses a new password with 429 and Retry-After when its lane is full, and never a check', async () => {
    const r = recording();
    const hashing = limitedPasswordHashing({ concurrency: 1, newQueueMax: 2 }, r.impl);
    const admitted = [hashing.hash('a'), hashing.hash('b'), hashing.hash('c')];
    const refused = hashing.hash('d');
    await expect(refused).rejects.toBeInstanceOf(RetryLater);
    await expect(refused).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', message: ACCOUNT_CREATION_MESSAGES.busy });
    expect(((await refused.catch((err: unknown) => err)) as RetryLater).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Checks have no cap: a sign-in waits its (first) turn.
    const checks = Array.from({ length: 5 }, () => hashing.verify({ hash: 'h(x)', password: 'x' }));
    expect(hashing.queues()).toEqual({ running: 1, waitingChecks: 5, waitingNew: 2 });
    for (let i = 0; i < 8; i++) await r.finishOne();
    expect(await Promise.all([...admitted, ...checks])).toEqual(['h(a)', 'h(b)', 'h(c)', true, true, true, true, true]);
    expect(hashing.queues()).toEqual({ running: 0, waitingChecks: 0, waitingNew: 0 });
  });

  it('frees the slot when a hash fails', async () => {
    const failing: PasswordHashing = {
      hash: async () => {
        throw new Error('sem memória');
      },
      verify: async () => true,
    };
    const hashing = limitedPasswordHashing({ concurrency: 1 }, failing);
    await expect(hashing.hash('x')).rejects.toThrow('sem memória');
    await expect(hashing.verify({ hash: 'y', password: 'y' })).resolves.toBe(true);
  });

  it('stores the format Better Auth reads, so existing accounts still sign in', async () => {
    const hashing = limitedPasswordHashing({ concurrency: 1 });
    const stored = await hashing.hash('Senha123!');
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashing.verify({ hash: stored, password: 'Senha123!' })).toBe(true);
    expect(await hashing.verify({ hash: stored, password: 'senha123!' })).toBe(false);
  });
});
