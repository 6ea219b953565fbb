import { useQueryClient } from '@tanstack/react-query';
import {
  REALTIME_EVENTS,
  notification as notificationSchema,
  type Notification,
  type NotificationList,
} from '@viabiliza/contracts/notifications';
import { useEffect } from 'react';

import { NOTIFICATIONS_QUERY_KEY } from '@/features/notifications/api/get-notifications';
import { prependNotification } from '@/features/notifications/utils/notification-list';
import { subscribeRealtime } from '@/lib/realtime';
import { toast } from '@/lib/toast';

/** Listens to `notification` events on the app's one event stream (lib/realtime). */
export function subscribeNotificationEvents(onNotification: (item: Notification) => void): () => void {
  return subscribeRealtime(REALTIME_EVENTS.notification, (payload) => {
    const parsed = notificationSchema.safeParse(payload);
    if (parsed.success) onNotification(parsed.data);
    else console.warn('Notificação em tempo real inválida', parsed.error.issues);
  });
}

function announce(item: Notification): void {
  const options = item.message ? { description: item.message } : undefined;
  switch (item.type) {
    case 'error':
      toast.error(item.title, options);
      break;
    case 'success':
      toast.success(item.title, options);
      break;
    case 'warning':
      toast.warning(item.title, options);
      break;
    default:
      toast.info(item.title, options);
  }
}

/** While `enabled` (signed in): new notifications go on top of the cached list and show a toast. */
export function useNotificationEvents({ enabled }: { enabled: boolean }): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeNotificationEvents((item) => {
      queryClient.setQueryData<NotificationList>(NOTIFICATIONS_QUERY_KEY, (list) =>
        list ? prependNotification(list, item) : list,
      );
      announce(item);
    });
  }, [enabled, queryClient]);
}
