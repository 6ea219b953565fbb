import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeSessionResponse, type ActiveSessionList, type RevokeSessionResponse } from '@viabiliza/contracts/security';

import { ACTIVE_SESSIONS_QUERY_KEY } from '@/features/admin/api/get-security';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function revokeSession(id: string): Promise<RevokeSessionResponse> {
  return api.post(`/api/admin/sessions/${encodeURIComponent(id)}/revoke`, undefined, { schema: revokeSessionResponse });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    // Admin calls have a tight budget (3/min): one attempt only.
    retry: false,
    // Spec 02 §8: 'Erro' / 'Falha ao finalizar sessão' (the app's mutation error handler shows it).
    meta: { errorTitle: 'Erro', errorDescription: 'Falha ao finalizar sessão' },
    onSuccess: ({ id }) => {
      queryClient.setQueryData<ActiveSessionList>(ACTIVE_SESSIONS_QUERY_KEY, (list) =>
        list ? { sessions: list.sessions.filter((s) => s.id !== id) } : list,
      );
      toast.success('Sessão finalizada');
    },
  });
}
