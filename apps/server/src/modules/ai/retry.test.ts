import { describe, expect, it } from 'vitest';
import { PROVIDER_RETRY } from '@viabiliza/contracts/analysis';
import { ProviderCallError, backoffDelay, parseRetryAfter, withRetry } from './retry.ts';

function recorder() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

/** An attempt function that fails with `errors` in turn, then answers 'ok'. */
function failing(errors: unknown[]) {
  let calls = 0;
  const fn = async () => {
    const err = errors[calls++];
    if (err) throw err;
    return 'ok';
  };
  return { fn, calls: () => calls };
}

const server = (status = 500) => new ProviderCallError('server', `HTTP ${status}`, status);

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, ignores the rest', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('logo', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('follows spec 01 §9: 2 s doubling, capped at 10 s', () => {
    expect(PROVIDER_RETRY).toEqual({ retries: 3, baseDelayMs: 2000, maxDelayMs: 10_000, factor: 2 });
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n))).toEqual([2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('withRetry', () => {
  it('tries 3 more times after the first, waiting 2 s, 4 s, 8 s, then gives up with the last error', async () => {
    const { delays, sleep } = recorder();
    const last = server(503);
    const { fn, calls } = failing([server(500), server(502), server(503), last]);
    await expect(withRetry(fn, { sleep })).rejects.toBe(last);
    expect(calls()).toBe(4);
    expect(delays).toEqual([2000, 4000, 8000]);
  });

  it('answers as soon as a retry succeeds', async () => {
    const { delays, sleep } = recorder();
    const { fn, calls } = failing([new ProviderCallError('network', 'ECONNRESET'), new ProviderCallError('timeout', 'timeout')]);
    await expect(withRetry(fn, { sleep })).resolves.toBe('ok');
    expect(calls()).toBe(3);
    expect(delays).toEqual([2000, 4000]);
  });

  it('honours Retry-After, capped at the 10 s maximum', async () => {
    const { delays, sleep } = recorder();
    const limited = (ms: number) => new ProviderCallError('rate-limited', 'Rate limit exceeded. Please try again later.', 429, ms);
    const { fn } = failing([limited(3000), limited(60_000), limited(0)]);
    await expect(withRetry(fn, { sleep })).resolves.toBe('ok');
    expect(delays).toEqual([3000, 10_000, 0]);
  });

  it.each([400, 401, 403, 404, 501])('does not retry HTTP %i', async (status) => {
    const { delays, sleep } = recorder();
    const err = status === 501 ? server(501) : new ProviderCallError('client', `HTTP ${status}`, status);
    const { fn, calls } = failing([err]);
    await expect(withRetry(fn, { sleep })).rejects.toBe(err);
    expect(calls()).toBe(1);
    expect(delays).toEqual([]);
  });

  it('does not retry an invalid response or an error it does not know', async () => {
    const { sleep, delays } = recorder();
    for (const err of [new ProviderCallError('invalid-response', 'Invalid response from secure analysis service'), new TypeError('bug')]) {
      const { fn, calls } = failing([err]);
      await expect(withRetry(fn, { sleep })).rejects.toBe(err);
      expect(calls()).toBe(1);
    }
    expect(delays).toEqual([]);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    let calls = 0;
    const fn = async () => {
      calls++;
      controller.abort();
      throw server(500);
    };
    await expect(withRetry(fn, { sleep: recorder().sleep, signal: controller.signal })).rejects.toBeInstanceOf(ProviderCallError);
    expect(calls).toBe(1);
  });

  it('really waits with the default sleep (a short policy keeps the test fast)', async () => {
    const { fn, calls } = failing([server(500)]);
    const started = performance.now();
    await expect(withRetry(fn, { policy: { retries: 1, baseDelayMs: 20, maxDelayMs: 50, factor: 2 } })).resolves.toBe('ok');
    expect(calls()).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
  });
});
