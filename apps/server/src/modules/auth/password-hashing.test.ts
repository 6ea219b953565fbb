import { describe, expect, it } from 'vitest';
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
  it('never runs more hashes than the limit, and serves the waiting ones in arrival order', async () => {
    const r = recording();
    const hashing = limitedPasswordHashing(2, r.impl);
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
    expect(r.order).toEqual(['hash:a', 'verify:b', 'hash:c', 'verify:d', 'hash:e']);
  });

  it('frees the slot when a hash fails', async () => {
    const failing: PasswordHashing = {
      hash: async () => {
        throw new Error('sem memória');
      },
      verify: async () => true,
    };
    const hashing = limitedPasswordHashing(1, failing);
    await expect(hashing.hash('x')).rejects.toThrow('sem memória');
    await expect(hashing.verify({ hash: 'y', password: 'y' })).resolves.toBe(true);
  });

  it('stores the format Better Auth reads, so existing accounts still sign in', async () => {
    const hashing = limitedPasswordHashing(1);
    const stored = await hashing.hash('Senha123!');
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashing.verify({ hash: stored, password: 'Senha123!' })).toBe(true);
    expect(await hashing.verify({ hash: stored, password: 'senha123!' })).toBe(false);
  });
});
