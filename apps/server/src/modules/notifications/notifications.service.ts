import {
  normaliseNotificationType,
  type Notification,
  type NotificationList,
  type NotificationType,
} from '@viabiliza/contracts/notifications';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './notifications.repository.ts';

export const toNotification = (row: repo.NotificationRow): Notification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  type: normaliseNotificationType(row.type),
  read: row.read,
  data: row.data ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listNotifications(ctx: AppContext, userId: string): Promise<NotificationList> {
  const { rows, unread } = await repo.listWithUnreadCount(ctx.db, userId);
  return { items: rows.map(toNotification), unreadCount: unread };
}

export async function getNotification(ctx: AppContext, userId: string, id: string): Promise<Notification | null> {
  const row = await repo.findForUser(ctx.db, userId, id);
  return row ? toNotification(row) : null;
}

/**
 * Stores a notification and tells every server instance (LISTEN/NOTIFY) so the user's open
 * browsers receive it live. A dedupe key makes a retried job create it once.
 */
export async function createNotification(
  ctx: AppContext,
  input: { userId: string; title: string; message: string; type: NotificationType; data?: Record<string, unknown>; dedupeKey?: string },
): Promise<Notification | null> {
  const row = await repo.insertNotification(ctx.db, input);
  if (!row) return null;
  await ctx.events.publish({ userId: input.userId, kind: 'notification', id: row.id });
  return toNotification(row);
}

export async function markNotificationRead(ctx: AppContext, userId: string, id: string) {
  if (!(await repo.markRead(ctx.db, userId, id))) throw notFound();
}

export async function markAllNotificationsRead(ctx: AppContext, userId: string) {
  return { updated: await repo.markAllRead(ctx.db, userId) };
}

export async function deleteNotification(ctx: AppContext, userId: string, id: string) {
  if (!(await repo.deleteForUser(ctx.db, userId, id))) throw notFound();
}
