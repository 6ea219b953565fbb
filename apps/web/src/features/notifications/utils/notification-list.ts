import { NOTIFICATION_LIST_LIMIT, type Notification, type NotificationList } from '@viabiliza/contracts/notifications';

/**
 * Pure updates of the cached list (spec 01 §4 'Notification'): a new one goes on top and raises the
 * unread count; the unread count never goes below 0; deleting an unread item lowers it.
 */
export function prependNotification(list: NotificationList, item: Notification): NotificationList {
  if (list.items.some((existing) => existing.id === item.id)) return list;
  return {
    items: [item, ...list.items].slice(0, NOTIFICATION_LIST_LIMIT),
    unreadCount: list.unreadCount + (item.read ? 0 : 1),
  };
}

export function markNotificationRead(list: NotificationList, id: string, now = new Date()): NotificationList {
  const target = list.items.find((item) => item.id === id);
  if (!target || target.read) return list;
  return {
    items: list.items.map((item) => (item.id === id ? { ...item, read: true, updatedAt: now.toISOString() } : item)),
    unreadCount: Math.max(0, list.unreadCount - 1),
  };
}

export function markAllNotificationsRead(list: NotificationList, now = new Date()): NotificationList {
  const updatedAt = now.toISOString();
  return {
    items: list.items.map((item) => (item.read ? item : { ...item, read: true, updatedAt })),
    unreadCount: 0,
  };
}

export function removeNotification(list: NotificationList, id: string): NotificationList {
  const target = list.items.find((item) => item.id === id);
  if (!target) return list;
  return {
    items: list.items.filter((item) => item.id !== id),
    unreadCount: target.read ? list.unreadCount : Math.max(0, list.unreadCount - 1),
  };
}
