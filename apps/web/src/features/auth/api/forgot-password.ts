import { useMutation } from '@tanstack/react-query';
import { accountMailResponse, type AccountMailResponse, type ForgotPasswordInput } from '@viabiliza/contracts/account-mail';

import { api } from '@/lib/api-client';

export function forgotPassword(input: ForgotPasswordInput): Promise<AccountMailResponse> {
  return api.post('/api/auth/forgot-password', input, { schema: accountMailResponse });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
