import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profile, type Profile } from '@viabiliza/contracts/profile';
import type { z } from 'zod';
import type { updateProfileInput } from '@viabiliza/contracts/profile';

import { PROFILE_QUERY_KEY } from '@/features/profile/api/get-profile';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/session';

export type UpdateProfileBody = z.output<typeof updateProfileInput>;

export function updateProfile(body: UpdateProfileBody): Promise<Profile> {
  return api.put('/api/profile', body, { schema: profile });
}

export function useUpdateProfile({ onSuccess }: { onSuccess?: (saved: Profile) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { errorTitle: 'Erro ao salvar perfil' },
    onSuccess: (saved) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      // The header and the dashboard greeting show the name from the session.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      onSuccess?.(saved);
    },
  });
}
