import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmEmailResponse, type ConfirmEmailInput, type ConfirmEmailResponse } from '@viabiliza/contracts/account-mail';

import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/session';

export function confirmEmail(input: ConfirmEmailInput): Promise<ConfirmEmailResponse> {
  return api.post('/api/auth/confirm-email', input, { schema: confirmEmailResponse });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // The session carries the e-mail and whether it is confirmed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
