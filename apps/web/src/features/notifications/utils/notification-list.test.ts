import type { Notification, NotificationList } from '@viabiliza/contracts/notifications';
import { describe, expect, it } from 'vitest';

import {
  markAllNotificationsRead,
  markNotificationRead,
  prependNotification,
  removeNotification,
} from './notification-list';

function item(id: string, read: boolean): Notification {
  return {
    id,
    title: `Título ${id}`,
    message: 'Mensagem',
    type: 'info',
    read,
    data: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

const list: NotificationList = { items: [item('a', false), item('b', true)], unreadCount: 1 };

describe('notification list updates', () => {
  it('puts a new notification on top and counts it as unread', () => {
    const next = prependNotification(list, item('c', false));
    expect(next.items.map((n) => n.id)).toEqual(['c', 'a', 'b']);
    expect(next.unreadCount).toBe(2);
  });

  it('ignores a notification already in the list', () => {
    expect(prependNotification(list, item('a', false))).toBe(list);
  });

  it('keeps at most 50 items', () => {
    const full: NotificationList = {
      items: Array.from({ length: 50 }, (_, i) => item(String(i), true)),
      unreadCount: 0,
    };
    expect(prependNotification(full, item('new', false)).items).toHaveLength(50);
  });

  it('marks one as read and lowers the count, never below 0', () => {
    const next = markNotificationRead({ ...list, unreadCount: 0 }, 'a');
    expect(next.items[0]?.read).toBe(true);
    expect(next.unreadCount).toBe(0);
    expect(markNotificationRead(list, 'a').unreadCount).toBe(0);
    expect(markNotificationRead(list, 'b')).toBe(list);
  });

  it('marks all as read', () => {
    const next = markAllNotificationsRead(list);
    expect(next.items.every((n) => n.read)).toBe(true);
    expect(next.unreadCount).toBe(0);
  });

  it('deleting an unread item lowers the count; a read one does not', () => {
    expect(removeNotification(list, 'a')).toEqual({ items: [item('b', true)], unreadCount: 0 });
    expect(removeNotification(list, 'b').unreadCount).toBe(1);
  });
});
