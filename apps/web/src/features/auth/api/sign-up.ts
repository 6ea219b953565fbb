import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionUser, type SessionUser, type SignUpInput } from '@viabiliza/contracts/auth';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { replaceSession } from '@/lib/session';

const signUpResponse = z.object({ user: sessionUser });

export function signUp(input: SignUpInput): Promise<{ user: SessionUser }> {
  return api.post('/api/auth/sign-up', input, { schema: signUpResponse });
}

export function useSignUp({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    // Never retried: a repeated sign-up after a lost answer would only meet 'email taken'.
    retry: false,
    onSuccess: ({ user }) => {
      onSuccess?.(user);
      replaceSession(queryClient, user);
    },
  });
}
