import { setTimeout as wait } from 'node:timers/promises';
import { PROVIDER_RETRY } from '@viabiliza/contracts/analysis';

/** Spec 01 §9 'Analysis service retry': 3 retries after the first try, 2 s doubling, at most 10 s. */
export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  factor: number;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) => wait(ms, undefined, { signal });

/** Spec 01 §8: only rate limits, 500, 502, 503, timeouts and network failures are tried again. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503]);

export type FailureKind = 'rate-limited' | 'server' | 'timeout' | 'network' | 'client' | 'invalid-response';

/** A provider call that failed, classified for the retry rules and for the message the user sees. */
export class ProviderCallError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
    /** From the answer's Retry-After header, when it had one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }

  get retryable(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'timeout' || this.kind === 'network' || (this.kind === 'server' && RETRYABLE_STATUSES.has(this.status ?? 0));
  }
}

/** Retry-After in seconds ('3') or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** The wait before retry number `retry` (0-based): base × factor^retry, capped at the maximum. */
export function backoffDelay(retry: number, policy: RetryPolicy = PROVIDER_RETRY): number {
  return Math.min(policy.baseDelayMs * policy.factor ** retry, policy.maxDelayMs);
}

/**
 * Runs `attempt` once and, while it fails with a retryable ProviderCallError, up to `retries` more
 * times. The wait is the server's Retry-After when it sent one, else the backoff, never above the
 * maximum. Any other error (or an aborted signal) ends at once.
 */
export async function withRetry<T>(
  attempt: (n: number) => Promise<T>,
  options: { policy?: RetryPolicy; sleep?: Sleep; signal?: AbortSignal } = {},
): Promise<T> {
  const policy = options.policy ?? PROVIDER_RETRY;
  const sleep = options.sleep ?? realSleep;
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof ProviderCallError) || !err.retryable || n >= policy.retries || options.signal?.aborted) throw err;
      const delay = err.retryAfterMs !== undefined ? Math.min(err.retryAfterMs, policy.maxDelayMs) : backoffDelay(n, policy);
      await sleep(delay, options.signal);
    }
  }
}
