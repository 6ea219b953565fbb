import { SIGN_IN_PROTECTION } from '@viabiliza/contracts/rate-limits';
import type { Database } from '@viabiliza/db/client';
import { AppError } from '../../lib/app-error.ts';
import { countSignInFailures, isFamiliarAddress } from './sign-in-attempts.repository.ts';

/** A refused attempt: the route answers 429 with this Retry-After. */
export class SignInRefused extends AppError {
  constructor(readonly retryAfterSeconds: number, readonly reason: 'address' | 'account') {
    super('RATE_LIMITED');
  }
}

/**
 * Decides whether a sign-in may be tried (see SIGN_IN_PROTECTION). Failures are counted from the
 * audit trail (shared by every instance); attempts still being checked on this instance count as
 * failures too, so a burst sent in parallel cannot slip past the count before its rows are written.
 */
export class SignInGuard {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly limits: typeof SIGN_IN_PROTECTION = SIGN_IN_PROTECTION,
  ) {}

  /** Throws SignInRefused, or returns the function to call once the attempt is over. */
  async admit(ip: string, email: string): Promise<() => void> {
    const addressKey = `ip:${ip}`;
    const accountKey = `account:${email}`;
    // Reserve first: parallel attempts see each other while the counts are read.
    this.add(addressKey, 1);
    this.add(accountKey, 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.add(addressKey, -1);
      this.add(accountKey, -1);
    };
    try {
      await this.check(ip, email, this.pending(addressKey) - 1, this.pending(accountKey) - 1);
    } catch (err) {
      release();
      throw err;
    }
    return release;
  }

  /** `othersOnAddress`/`othersOnAccount`: other attempts under way on this instance. */
  private async check(ip: string, email: string, othersOnAddress: number, othersOnAccount: number) {
    const counts = await countSignInFailures(this.db, ip, email, this.limits.windowMs);
    if (counts.addressFailures + othersOnAddress >= this.limits.addressFailures) {
      throw new SignInRefused(seconds(counts.addressFreesInMs || this.limits.windowMs), 'address');
    }
    const over = counts.accountFailures + othersOnAccount - this.limits.accountFreeFailures;
    if (over < 0) return;
    const delays = this.limits.accountDelaysMs;
    const delay = delays[Math.min(over, delays.length - 1)]!;
    // An attempt under way counts as a failure that has just happened.
    const since = othersOnAccount > 0 ? 0 : (counts.accountSinceLastMs ?? delay);
    if (since < delay && !(await isFamiliarAddress(this.db, ip, email, this.limits.familiarDays))) {
      throw new SignInRefused(seconds(delay - since), 'account');
    }
  }

  private pending(key: string) {
    return this.inFlight.get(key) ?? 0;
  }

  private add(key: string, n: number) {
    const value = this.pending(key) + n;
    if (value > 0) this.inFlight.set(key, value);
    else this.inFlight.delete(key);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
