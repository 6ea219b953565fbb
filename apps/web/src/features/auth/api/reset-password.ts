import { useMutation } from '@tanstack/react-query';
import { accountMailResponse, type AccountMailResponse, type ResetPasswordInput } from '@viabiliza/contracts/account-mail';

import { api } from '@/lib/api-client';

export function resetPassword(input: ResetPasswordInput): Promise<AccountMailResponse> {
  return api.post('/api/auth/reset-password', input, { schema: accountMailResponse });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
