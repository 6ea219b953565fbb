import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

/**
 * Demo sandboxes opened from `ip` in the last `windowMs`, read from the audit trail every opening
 * writes ('demo_login', the same rows /security-audit shows): the count survives the sandbox's
 * removal and a sign-out, and every instance shares it. The database's clock decides the window.
 */
export async function countSandboxesOpenedFrom(db: Database, ip: string, windowMs: number): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from security_audit
    where action = 'demo_login' and success and ip_address = ${ip}
      and created_at > now() - make_interval(secs => ${windowMs / 1000})
  `)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Sandboxes whose day is over at `now`, oldest first, at most `limit`. */
export async function expiredSandboxIds(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.isSandbox, true), lte(user.sandboxExpiresAt, now)))
    .orderBy(asc(user.sandboxExpiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
