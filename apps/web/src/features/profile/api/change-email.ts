import { useMutation } from '@tanstack/react-query';
import { accountMailResponse, type AccountMailResponse, type ChangeEmailInput } from '@viabiliza/contracts/account-mail';

import { api } from '@/lib/api-client';

export function changeEmail(input: ChangeEmailInput): Promise<AccountMailResponse> {
  return api.post('/api/auth/change-email', input, { schema: accountMailResponse });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
