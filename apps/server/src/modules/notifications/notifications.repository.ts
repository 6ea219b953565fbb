import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { notifications } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import { NOTIFICATION_LIST_LIMIT } from '@viabiliza/contracts/notifications';

const columns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  read: notifications.read,
  data: notifications.data,
  createdAt: notifications.createdAt,
  updatedAt: notifications.updatedAt,
};
export type NotificationRow = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};

/**
 * The newest notifications and the unread count in one statement, so both come from the same
 * snapshot: two queries could straddle a new notification and disagree (seen on PostgreSQL).
 */
export async function listWithUnreadCount(db: Database, userId: string): Promise<{ rows: NotificationRow[]; unread: number }> {
  const unread = db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  const rows = await db
    .select({ ...columns, unread: sql<number>`(${unread})`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_LIST_LIMIT);
  // No row means no notification at all, so nothing is unread either.
  return { rows, unread: rows[0]?.unread ?? 0 };
}

export async function findForUser(db: Database, userId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ?? null;
}

/** Ids of the notifications of these users created after `since`, oldest first (a live-event catch-up). */
export async function idsCreatedSince(db: Database, userIds: string[], since: Date, limit = 200) {
  if (!userIds.length) return [];
  return db
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), gt(notifications.createdAt, since)))
    .orderBy(asc(notifications.createdAt))
    .limit(limit);
}

export async function insertNotification(
  db: Database,
  values: { userId: string; title: string; message: string; type: string; data?: Record<string, unknown> | null; dedupeKey?: string },
) {
  const [row] = await db
    .insert(notifications)
    .values({ ...values, data: values.data ?? null })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning(columns);
  return row ?? null;
}

export async function markRead(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true, updatedAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true, updatedAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteForUser(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
