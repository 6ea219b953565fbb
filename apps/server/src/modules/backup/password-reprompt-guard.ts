import { sql } from 'drizzle-orm';
import { BACKUP_MESSAGES } from '@viabiliza/contracts/backup';
import { BACKUP_PASSWORD_PROTECTION } from '@viabiliza/contracts/rate-limits';
import type { Database } from '@viabiliza/db/client';
import { RetryLater, secondsFrom } from '../../lib/retry-later.ts';

/** The actions that ask for the admin's password again (backup.service.ts audits each wrong one). */
const REPROMPT_ACTIONS = ['backup_download', 'backup_restore', 'backup_key_reveal'];

/** Re-prompts being checked on this instance, per admin: a parallel burst counts before its rows exist. */
const inFlight = new Map<string, number>();

/**
 * Admits one password re-prompt of admin `userId`, or throws RetryLater once the account has had
 * BACKUP_PASSWORD_PROTECTION.failures wrong passwords in the window, from whatever addresses. The
 * wrong passwords are read from the audit trail (the database's clock, every instance's rows).
 * Call the returned function when the check is over.
 */
export async function admitPasswordReprompt(db: Database, userId: string, limits = BACKUP_PASSWORD_PROTECTION): Promise<() => void> {
  const others = inFlight.get(userId) ?? 0;
  inFlight.set(userId, others + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left > 0) inFlight.set(userId, left);
    else inFlight.delete(userId);
  };
  try {
    const result = (await db.execute(sql`
      select count(*)::int as failures,
        extract(epoch from min(created_at) + make_interval(secs => ${limits.windowMs / 1000}) - now()) * 1000 as frees_in_ms
      from security_audit
      where user_id = ${userId} and success = false and details->>'reason' = 'WRONG_PASSWORD'
        and action in (${sql.join(REPROMPT_ACTIONS.map((a) => sql`${a}`), sql`, `)})
        and created_at > now() - make_interval(secs => ${limits.windowMs / 1000})
    `)) as unknown as { rows: { failures: number | string; frees_in_ms: number | string | null }[] };
    const row = result.rows[0];
    if (Number(row?.failures ?? 0) + others >= limits.failures) {
      throw new RetryLater(BACKUP_MESSAGES.tooManyWrongPasswords, secondsFrom(Number(row?.frees_in_ms ?? 0) || limits.windowMs));
    }
  } catch (err) {
    release();
    throw err;
  }
  return release;
}
