import { and, desc, eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import { properties } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import { ACCENTED, UNACCENTED } from '@viabiliza/contracts/history';

/**
 * Lower-cased with the accents removed by one fixed map. `unaccent` is not installed on every
 * PostgreSQL (nor in PGlite), and `translate` runs the same on 15 and on PGlite's 18.
 */
function folded(value: SQLWrapper | string) {
  return sql`lower(translate(${value}, ${ACCENTED}, ${UNACCENTED}))`;
}

/** `%text%` for LIKE, with the user's own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The user's properties whose title or address contains `text`, accent- and case-insensitively,
 * newest first. Walking the (user_id, created_at desc) index, the scan stops at the `limit`-th
 * match. `translate` costs about 10 µs a row, so a search reads a few ms for the hundreds of
 * properties an account holds; a trigram index would be the next step for accounts with tens of
 * thousands (pg_trgm is not loaded in the embedded database).
 */
export function searchProperties(db: Database, userId: string, text: string, limit: number) {
  const pattern = folded(containsPattern(text));
  return db
    .select({ id: properties.id, title: properties.title, address: properties.address })
    .from(properties)
    .where(
      and(
        eq(properties.userId, userId),
        or(sql`${folded(properties.title)} like ${pattern}`, sql`${folded(sql`coalesce(${properties.address}, '')`)} like ${pattern}`),
      ),
    )
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(limit);
}
