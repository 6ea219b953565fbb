import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@viabiliza/db/client';
import { mailOutbox, user } from '@viabiliza/db/schema';

export const MAIL_REQUEST_ACTIONS = ['password_reset_request', 'email_verification_request', 'email_change_request'] as const;
export type MailRequestAction = (typeof MAIL_REQUEST_ACTIONS)[number];

export async function insertOutboxMessage(db: Database, row: typeof mailOutbox.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
  return inserted!.id;
}

export async function setOutboxStatus(db: Database, id: string, status: 'sent' | 'failed', error: string | null): Promise<void> {
  await db.update(mailOutbox).set({ status, error }).where(eq(mailOutbox.id, id));
}

export async function latestOutboxMessages(db: Database, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      delivery: mailOutbox.delivery,
      status: mailOutbox.status,
      link: mailOutbox.link,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

export interface MailRequestCounts {
  address: number;
  /** Milliseconds until the address's oldest counted request leaves the window. */
  addressFreesInMs: number;
  account: number;
  accountFreesInMs: number;
}

/**
 * Requests for account e-mail in the last `windowMs`, by client address and by account e-mail,
 * read from the audit trail each request writes (times are the database's, so instances agree).
 */
export async function countMailRequests(db: Database, ip: string, email: string, windowMs: number): Promise<MailRequestCounts> {
  const windowSeconds = windowMs / 1000;
  const actions = sql.join(MAIL_REQUEST_ACTIONS.map((a) => sql`${a}`), sql`, `);
  const result = (await db.execute(sql`
    select
      count(*) filter (where ip_address = ${ip}) as address,
      extract(epoch from min(created_at) filter (where ip_address = ${ip}) + make_interval(secs => ${windowSeconds}) - now()) * 1000 as address_frees_in_ms,
      count(*) filter (where details->>'email' = ${email}) as account,
      extract(epoch from min(created_at) filter (where details->>'email' = ${email}) + make_interval(secs => ${windowSeconds}) - now()) * 1000 as account_frees_in_ms
    from security_audit
    where action in (${actions})
      and created_at > now() - make_interval(secs => ${windowSeconds})
      and (ip_address = ${ip} or details->>'email' = ${email})
  `)) as unknown as { rows: { address: string | number; address_frees_in_ms: string | number | null; account: string | number; account_frees_in_ms: string | number | null }[] };
  const row = result.rows[0];
  return {
    address: Number(row?.address ?? 0),
    addressFreesInMs: Math.max(0, Number(row?.address_frees_in_ms ?? 0)),
    account: Number(row?.account ?? 0),
    accountFreesInMs: Math.max(0, Number(row?.account_frees_in_ms ?? 0)),
  };
}

export async function findUserForMail(db: Database, where: { email: string } | { id: string }) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, company: user.company, emailVerified: user.emailVerified, isSandbox: user.isSandbox })
    .from(user)
    .where('email' in where ? eq(user.email, where.email) : eq(user.id, where.id))
    .limit(1);
  return row ?? null;
}

export async function markEmailVerified(db: Database, userId: string, email: string): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ emailVerified: true })
    .where(sql`${user.id} = ${userId} and ${user.email} = ${email}`)
    .returning({ id: user.id });
  return updated.length > 0;
}

/** Moves the account to `email`, confirmed; false when another account took it meanwhile. */
export async function changeEmail(db: Database, userId: string, email: string): Promise<boolean> {
  try {
    const updated = await db.update(user).set({ email, emailVerified: true }).where(eq(user.id, userId)).returning({ id: user.id });
    return updated.length > 0;
  } catch (err) {
    // 23505: the unique index on user.email (an account was created with it after the link was sent).
    if (uniqueViolation(err)) return false;
    throw err;
  }
}

function uniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
