import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
}

/**
 * Better Auth's own scrypt (N=16384, r=16: 32 MB and about 100 ms of a core per hash, same stored
 * format), with at most `limit` hashes at once; the others wait their turn in arrival order.
 *
 * Why: node's scrypt runs on libuv's thread pool (4 threads), which file reads and writes share. A
 * burst of sign-ins took every thread and both cores, and uploads waited seconds behind them
 * (`npm run bench:load`: upload p99 10 s while its p50 was 77 ms). Limited, a burst slows sign-ins
 * only, and the rest of the API keeps a core and the pool.
 */
export function limitedPasswordHashing(
  limit = Math.max(1, availableParallelism() - 1),
  impl: PasswordHashing = { hash: hashPassword, verify: verifyPassword },
): PasswordHashing {
  let running = 0;
  const waiting: Array<() => void> = [];
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` never drops below the queue's need.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
  return {
    hash: (password) => run(() => impl.hash(password)),
    verify: (input) => run(() => impl.verify(input)),
  };
}
