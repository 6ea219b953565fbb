import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { session, user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import type { Role } from '@viabiliza/contracts/auth';

const userColumns = {
  id: user.id,
  email: user.email,
  fullName: user.name,
  company: user.company,
  phone: user.phone,
  role: user.role,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
};

export async function findUserById(db: Database, userId: string) {
  const [row] = await db.select(userColumns).from(user).where(eq(user.id, userId));
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select(userColumns).from(user).where(eq(user.email, email.toLowerCase()));
  return row ?? null;
}

export async function listUsers(db: Database) {
  return db.select(userColumns).from(user).orderBy(desc(user.createdAt));
}

export async function setUserRole(db: Database, userId: string, role: Role) {
  const [row] = await db
    .update(user)
    .set({ role })
    .where(eq(user.id, userId))
    .returning({ id: user.id, role: user.role });
  return row ?? null;
}

export async function touchLastLogin(db: Database, userId: string) {
  await db.update(user).set({ lastLoginAt: new Date() }).where(eq(user.id, userId));
}

/** Records that a session was used now; at most once a minute per session (spec 02: active users, last activity). */
export async function touchSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(session)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(session.id, sessionId), lt(session.updatedAt, sql`now() - interval '1 minute'`)));
}

/** A session still open (not deleted, not expired) with its user's role; null otherwise. */
export async function findLiveSession(db: Database, sessionId: string) {
  const [row] = await db
    .select({ expiresAt: session.expiresAt, userId: session.userId, role: user.role })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, sessionId), sql`${session.expiresAt} > now()`));
  return row ?? null;
}
