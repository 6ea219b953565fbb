import { gt, sql } from 'drizzle-orm';
import { session } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The query the auth layer runs on every request: the session table. */
export async function countLiveSessions(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(session).where(gt(session.expiresAt, sql`now()`));
  return row?.n ?? 0;
}
