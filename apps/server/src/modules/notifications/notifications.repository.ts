import { and, count, desc, eq } from 'drizzle-orm';
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

export function listForUser(db: Database, userId: string) {
  return db
    .select(columns)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_LIST_LIMIT);
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

export async function findForUser(db: Database, userId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ?? null;
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
