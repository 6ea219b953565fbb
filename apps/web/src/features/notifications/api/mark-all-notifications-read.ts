import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@viabiliza/contracts/notifications';
import { z } from 'zod';

import { NOTIFICATIONS_QUERY_KEY } from '@/features/notifications/api/get-notifications';
import { markAllNotificationsRead as markAllInList } from '@/features/notifications/utils/notification-list';
import { api } from '@/lib/api-client';

const markAllResponse = z.object({ updated: z.number().int().nonnegative() });

export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return api.post('/api/notifications/read-all', undefined, { schema: markAllResponse });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    // Spec 01 §8: destructive toast 'Erro' / 'Falha ao marcar notificações como lidas'.
    meta: { errorTitle: 'Erro', errorDescription: 'Falha ao marcar notificações como lidas' },
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      const previous = queryClient.getQueryData<NotificationList>(NOTIFICATIONS_QUERY_KEY);
      if (previous) queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, markAllInList(previous));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, context.previous);
    },
  });
}
