import { desc, eq, gt, sql } from 'drizzle-orm';
import { session, user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export async function listActiveSessions(db: Database) {
  return db
    .select({
      id: session.id,
      userId: session.userId,
      userEmail: user.email,
      userName: user.name,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      updatedAt: session.updatedAt,
      createdAt: session.createdAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(gt(session.expiresAt, sql`now()`))
    .orderBy(desc(session.updatedAt))
    .limit(200);
}

export async function findSession(db: Database, id: string) {
  const [row] = await db.select({ id: session.id, token: session.token, userId: session.userId }).from(session).where(eq(session.id, id));
  return row ?? null;
}
