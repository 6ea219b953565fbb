import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { ACCOUNT_CREATION_MESSAGES } from '@viabiliza/contracts/auth';
import { NEW_PASSWORD_HASH_QUEUE_MAX } from '@viabiliza/contracts/rate-limits';
import { RetryLater } from '../../lib/retry-later.ts';

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
}

export interface HashingQueues {
  running: number;
  /** Checks of a password (sign-ins, the backup re-prompt) waiting for a slot. */
  waitingChecks: number;
  /** New passwords (sign-ups, demo sandboxes, password changes) waiting for a slot. */
  waitingNew: number;
}

export interface LimitedPasswordHashing extends PasswordHashing {
  queues: () => HashingQueues;
}

export interface HashingLimits {
  /** Hashes at once; default cores − 1, at least 1. */
  concurrency?: number;
  /** New-password hashes that may wait; one more is refused with 429 (NEW_PASSWORD_HASH_QUEUE_MAX). */
  newQueueMax?: number;
}

/** Until a hash has been timed: Better Auth's scrypt takes about this long on one core. */
const FIRST_ESTIMATE_MS = 100;

/**
 * Better Auth's own scrypt (N=16384, r=16: 32 MB and about 100 ms of a core per hash, same stored
 * format), with at most `concurrency` hashes at once, in two lanes:
 * - checks (`verify`: sign-ins, re-prompts) are served first whenever a slot frees;
 * - new passwords (`hash`: sign-ups, sandboxes) hold at most `concurrency − 1` slots (so with 2 or
 *   more a check never waits for one), and at most `newQueueMax` of them wait: the next is refused at
 *   once with RetryLater (429 + Retry-After), rather than queued behind a flood.
 * Each lane serves its own waiting in arrival order.
 *
 * Why slots at all: node's scrypt runs on libuv's thread pool (4 threads), which file reads and
 * writes share. A burst of sign-ins took every thread and both cores, and uploads waited seconds
 * behind them (`npm run bench:load`: upload p99 10 s while its p50 was 77 ms).
 * Why lanes: with one queue, 40 concurrent sign-ups pushed a person's sign-in from 1,4 s to 27,5 s.
 */
export function limitedPasswordHashing(
  limits: HashingLimits = {},
  impl: PasswordHashing = { hash: hashPassword, verify: verifyPassword },
): LimitedPasswordHashing {
  const concurrency = limits.concurrency ?? Math.max(1, availableParallelism() - 1);
  const newQueueMax = limits.newQueueMax ?? NEW_PASSWORD_HASH_QUEUE_MAX;
  const newConcurrency = Math.max(1, concurrency - 1);
  let running = 0;
  let runningNew = 0;
  let averageNewMs = FIRST_ESTIMATE_MS;
  const waitingChecks: Array<() => void> = [];
  const waitingNew: Array<() => void> = [];

  const pump = () => {
    while (running < concurrency) {
      const check = waitingChecks.shift();
      if (check) {
        running += 1;
        check();
        continue;
      }
      if (waitingNew.length === 0 || runningNew >= newConcurrency) return;
      running += 1;
      runningNew += 1;
      waitingNew.shift()!();
    }
  };

  const check = async <T>(work: () => Promise<T>): Promise<T> => {
    await new Promise<void>((resolve) => {
      waitingChecks.push(resolve);
      pump();
    });
    try {
      return await work();
    } finally {
      running -= 1;
      pump();
    }
  };

  const newPassword = async <T>(work: () => Promise<T>): Promise<T> => {
    const startsNow = running < concurrency && runningNew < newConcurrency && waitingChecks.length === 0 && waitingNew.length === 0;
    if (!startsNow && waitingNew.length >= newQueueMax) {
      // When the queue ahead of it would be through, at the hashes' measured pace.
      const seconds = Math.ceil(((waitingNew.length + runningNew) * averageNewMs) / newConcurrency / 1000);
      throw new RetryLater(ACCOUNT_CREATION_MESSAGES.busy, Math.max(1, seconds));
    }
    await new Promise<void>((resolve) => {
      waitingNew.push(resolve);
      pump();
    });
    const started = performance.now();
    try {
      return await work();
    } finally {
      averageNewMs = averageNewMs * 0.8 + (performance.now() - started) * 0.2;
      running -= 1;
      runningNew -= 1;
      pump();
    }
  };

  return {
    hash: (password) => newPassword(() => impl.hash(password)),
    verify: (input) => check(() => impl.verify(input)),
    queues: () => ({ running, waitingChecks: waitingChecks.length, waitingNew: waitingNew.length }),
  };
}
