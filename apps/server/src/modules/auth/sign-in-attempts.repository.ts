import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@viabiliza/db/client';

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface FailureCounts {
  addressFailures: number;
  /** Milliseconds until the oldest failure of the address leaves the window. */
  addressFreesInMs: number;
  accountFailures: number;
  /** Milliseconds since the account's last failure (null without one). */
  accountSinceLastMs: number | null;
}

/**
 * Wrong-password sign-ins of the last `windowMs`, by address and by account, read from the audit
 * trail every sign-in writes (the same rows /security-audit shows). Times are the database's, so
 * instances with skewed clocks agree.
 */
export async function countSignInFailures(db: Database, ip: string, email: string, windowMs: number): Promise<FailureCounts> {
  const windowSeconds = windowMs / 1000;
  const [row] = await rowsOf<{ address_failures: number | string; address_frees_in_ms: number | string | null; account_failures: number | string; account_since_last_ms: number | string | null }>(db, sql`
    select
      count(*) filter (where ip_address = ${ip}) as address_failures,
      extract(epoch from min(created_at) filter (where ip_address = ${ip}) + make_interval(secs => ${windowSeconds}) - now()) * 1000 as address_frees_in_ms,
      count(*) filter (where details->>'email' = ${email}) as account_failures,
      extract(epoch from now() - max(created_at) filter (where details->>'email' = ${email})) * 1000 as account_since_last_ms
    from security_audit
    where action = 'login'
      and success = false
      and details->>'reason' = 'INVALID_CREDENTIALS'
      and created_at > now() - make_interval(secs => ${windowSeconds})
      and (ip_address = ${ip} or details->>'email' = ${email})
  `);
  return {
    addressFailures: Number(row?.address_failures ?? 0),
    addressFreesInMs: Math.max(0, Number(row?.address_frees_in_ms ?? 0)),
    accountFailures: Number(row?.account_failures ?? 0),
    accountSinceLastMs: row?.account_since_last_ms == null ? null : Number(row.account_since_last_ms),
  };
}

/** Whether the account with this e-mail signed in or signed up from this address in the last `days`. */
export async function isFamiliarAddress(db: Database, ip: string, email: string, days: number): Promise<boolean> {
  const [row] = await rowsOf<{ familiar: boolean }>(db, sql`
    select exists (
      select 1 from security_audit a join "user" u on u.id = a.user_id
      where u.email = ${email} and a.ip_address = ${ip} and a.success
        and a.action in ('login', 'signup')
        and a.created_at > now() - make_interval(days => ${days})
    ) as familiar
  `);
  return Boolean(row?.familiar);
}
