import { count } from 'drizzle-orm';
import { propertyAnalyses, user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

/** Two counts, nothing else: no row of either table leaves the database. */
export async function countAnalysesAndUsers(db: Database): Promise<{ analyses: number; users: number }> {
  const [[a], [u]] = await Promise.all([
    db.select({ n: count() }).from(propertyAnalyses),
    db.select({ n: count() }).from(user),
  ]);
  return { analyses: a?.n ?? 0, users: u?.n ?? 0 };
}
