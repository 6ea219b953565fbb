import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEMO_EMAIL } from '../../config/app-config.ts';

/**
 * The accounts whose activity is real usage of the platform: not a demo sandbox ('Entrar como
 * Demo' opens one per visitor, filled with sample data), and not the shared demo account of earlier
 * versions, which a database may still hold. Every platform-wide figure (admin analytics, the /sobre
 * counters, active users, the admin health totals) counts only these.
 */
export const countedUserIds: SQL = sql`(select "id" from "user" where not "is_sandbox" and "email" <> ${DEMO_EMAIL})`;

/** `column in (counted users)`, for a user_id column. */
export function isCountedUser(column: AnyColumn): SQL {
  return sql`${column} in ${countedUserIds}`;
}
