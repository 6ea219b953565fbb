import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationList, type NotificationList } from '@viabiliza/contracts/notifications';

import { api } from '@/lib/api-client';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export function getNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationList> {
  return api.get('/api/notifications', { signal, schema: notificationList });
}

export function getNotificationsQueryOptions() {
  return queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => getNotifications({ signal }),
  });
}

/** Only while signed in: the list belongs to the current user. */
export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getNotificationsQueryOptions(), enabled });
}
