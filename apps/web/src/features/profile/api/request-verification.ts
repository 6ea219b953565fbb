import { useMutation } from '@tanstack/react-query';
import { accountMailResponse, type AccountMailResponse } from '@viabiliza/contracts/account-mail';

import { api } from '@/lib/api-client';

export function requestVerification(): Promise<AccountMailResponse> {
  return api.post('/api/auth/verify-email', undefined, { schema: accountMailResponse });
}

export function useRequestVerification() {
  return useMutation({ mutationFn: requestVerification });
}
