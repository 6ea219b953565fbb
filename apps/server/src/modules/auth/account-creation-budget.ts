import { ACCOUNT_CREATION_MESSAGES } from '@viabiliza/contracts/auth';
import { ACCOUNT_CREATION_BUDGET, type AccountCreationBudget } from '@viabiliza/contracts/rate-limits';
import type { Database } from '@viabiliza/db/client';
import { RetryLater, secondsFrom } from '../../lib/retry-later.ts';
import { clientNetwork } from './client-network.ts';
import { deleteCreation, insertCreation, recentCreations, sweepCreations, withNetworkLock } from './account-creations.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type AccountCreationKind = 'signup' | 'demo';

/**
 * Admits the creation of an account from `ip` (see ACCOUNT_CREATION_BUDGET), or throws RetryLater
 * with the time until the fullest budget frees a place. An admitted attempt holds its place at once
 * (parallel attempts on any instance see it); the returned `refund` gives it back when no account
 * came of it (a taken e-mail, a failure of ours), since the budget counts accounts, not forms.
 */
export async function admitAccountCreation(
  db: Database,
  ip: string,
  kind: AccountCreationKind,
  budget: AccountCreationBudget = ACCOUNT_CREATION_BUDGET,
): Promise<{ refund: () => Promise<void> }> {
  const who = clientNetwork(ip);
  const id = await withNetworkLock(db, who.network, async (tx) => {
    const recent = await recentCreations(tx, who.network, DAY_MS);
    const checks = [
      { scope: 'address' as const, windowMs: HOUR_MS, max: budget.address.perHour },
      { scope: 'address' as const, windowMs: DAY_MS, max: budget.address.perDay },
      { scope: 'network' as const, windowMs: HOUR_MS, max: budget.network.perHour },
      { scope: 'network' as const, windowMs: DAY_MS, max: budget.network.perDay },
    ];
    let refusal: { scope: 'address' | 'network'; waitMs: number } | null = null;
    for (const check of checks) {
      const counted = recent.filter((r) => r.ageMs < check.windowMs && (check.scope === 'network' || r.address === who.address));
      if (counted.length < check.max) continue;
      // The place frees when enough of the oldest leave the window for one more to fit.
      const ages = counted.map((r) => r.ageMs).sort((a, b) => b - a);
      const waitMs = check.windowMs - ages[counted.length - check.max]!;
      if (!refusal || waitMs > refusal.waitMs) refusal = { scope: check.scope, waitMs };
    }
    if (refusal) return refusal;
    await sweepCreations(tx, DAY_MS);
    return insertCreation(tx, { address: who.address, network: who.network, kind });
  });
  if (typeof id !== 'string') {
    const message = id.scope === 'address' ? ACCOUNT_CREATION_MESSAGES.addressLimit : ACCOUNT_CREATION_MESSAGES.networkLimit;
    throw new RetryLater(message, secondsFrom(id.waitMs));
  }
  return { refund: () => deleteCreation(db, id) };
}
