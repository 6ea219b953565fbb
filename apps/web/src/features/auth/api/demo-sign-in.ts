import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionUser, type SessionUser } from '@viabiliza/contracts/auth';
import { AUTH_MESSAGES } from '@viabiliza/contracts/errors';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { replaceSession } from '@/lib/session';

const demoResponse = z.object({ user: sessionUser });

/** The server opens a private demo sandbox for this visitor; no credentials live in the browser. */
export function demoSignIn(): Promise<{ user: SessionUser }> {
  return api.post('/api/auth/demo', undefined, { schema: demoResponse });
}

export function useDemoSignIn({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoSignIn,
    meta: { errorTitle: AUTH_MESSAGES.demoSignIn },
    onSuccess: ({ user }) => {
      onSuccess?.(user);
      replaceSession(queryClient, user);
    },
  });
}
