import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxResponse, type OutboxResponse } from '@viabiliza/contracts/account-mail';

import { api } from '@/lib/api-client';

export const OUTBOX_QUERY_KEY = ['admin', 'outbox'] as const;

export function getOutbox({ signal }: { signal?: AbortSignal } = {}): Promise<OutboxResponse> {
  return api.get('/api/admin/outbox', { signal, schema: outboxResponse });
}

export function getOutboxQueryOptions() {
  return queryOptions({ queryKey: OUTBOX_QUERY_KEY, queryFn: ({ signal }) => getOutbox({ signal }), refetchInterval: 30_000 });
}

export function useOutbox() {
  return useQuery(getOutboxQueryOptions());
}
