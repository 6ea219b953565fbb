import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { replaceSession } from '@/lib/session';

export function signOut(): Promise<void> {
  return api.post('/api/auth/sign-out');
}

export function useSignOut({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      onSuccess?.();
      replaceSession(queryClient, null);
    },
  });
}
