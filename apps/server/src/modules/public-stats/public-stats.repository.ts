import { count } from 'drizzle-orm';
import { propertyAnalyses, user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import { isCountedUser } from '../auth/counted-users.ts';

/**
 * Two counts, nothing else: no row of either table leaves the database. Demo sandboxes (and the
 * old shared demo account) and their sample analyses are not real usage and are not counted.
 */
export async function countAnalysesAndUsers(db: Database): Promise<{ analyses: number; users: number }> {
  const [[a], [u]] = await Promise.all([
    db.select({ n: count() }).from(propertyAnalyses).where(isCountedUser(propertyAnalyses.userId)),
    db.select({ n: count() }).from(user).where(isCountedUser(user.id)),
  ]);
  return { analyses: a?.n ?? 0, users: u?.n ?? 0 };
}
