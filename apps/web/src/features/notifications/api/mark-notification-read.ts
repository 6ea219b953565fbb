import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@viabiliza/contracts/notifications';

import { NOTIFICATIONS_QUERY_KEY } from '@/features/notifications/api/get-notifications';
import { markNotificationRead as markReadInList } from '@/features/notifications/utils/notification-list';
import { api } from '@/lib/api-client';

export function markNotificationRead(id: string): Promise<void> {
  return api.post(`/api/notifications/${encodeURIComponent(id)}/read`);
}

/** Optimistic; a failure is only logged (spec 01 §8) and the list is put back as it was. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    meta: { errorToast: false },
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      const previous = queryClient.getQueryData<NotificationList>(NOTIFICATIONS_QUERY_KEY);
      if (previous) queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, markReadInList(previous, id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, context.previous);
    },
  });
}
