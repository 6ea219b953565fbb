import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { historyResponse, type HistoryFilters, type HistoryResponse } from '@viabiliza/contracts/history';

import { historyQueryKey } from '@/features/history/api/keys';
import { api } from '@/lib/api-client';

function searchParams(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.type) params.set('type', filters.type);
  if (filters.provider) params.set('provider', filters.provider);
  params.set('page', String(filters.page));
  params.set('pageSize', String(filters.pageSize));
  return params.toString();
}

/** GET /api/analyses?q=&type=&provider=&page=&pageSize=: one page of the history, filtered on the server. */
export function getAnalysisHistory(filters: HistoryFilters, { signal }: { signal?: AbortSignal } = {}): Promise<HistoryResponse> {
  return api.get(`/api/analyses?${searchParams(filters)}`, { signal, schema: historyResponse });
}

export function getAnalysisHistoryQueryOptions(filters: HistoryFilters) {
  return queryOptions({
    queryKey: historyQueryKey(filters),
    queryFn: ({ signal }) => getAnalysisHistory(filters, { signal }),
    // The list stays on screen while the next page or filter loads, instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });
}

export function useAnalysisHistory(filters: HistoryFilters) {
  return useQuery(getAnalysisHistoryQueryOptions(filters));
}
