import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionUser, type SessionUser, type SignInInput } from '@viabiliza/contracts/auth';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { replaceSession } from '@/lib/session';

const signInResponse = z.object({ user: sessionUser });

export function signIn(input: SignInInput): Promise<{ user: SessionUser }> {
  return api.post('/api/auth/sign-in', input, { schema: signInResponse });
}

export function useSignIn({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => {
      // The page decides where to go first, then the new session lands (see auth-page.tsx).
      onSuccess?.(user);
      replaceSession(queryClient, user);
    },
  });
}
