import { z } from 'zod';

export const NOTIFICATION_LIST_LIMIT = 50;
export const notificationType = z.enum(['error', 'success', 'warning', 'info']);
export type NotificationType = z.infer<typeof notificationType>;

/** Spec 01 §3: anything other than the four known types is treated as info. */
export function normaliseNotificationType(t: string): NotificationType {
  const parsed = notificationType.safeParse(t);
  return parsed.success ? parsed.data : 'info';
}

export const notification = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: notificationType,
  read: z.boolean(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  items: z.array(notification),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationIdParams = z.object({ id: z.uuid({ error: 'Notificação inválida' }) });

/** Events pushed to the browser over /api/events. */
export const REALTIME_EVENTS = { notification: 'notification' } as const;
