import { queryOptions, useQuery } from '@tanstack/react-query';
import { propertyHistoryResponse, type PropertyHistoryResponse } from '@viabiliza/contracts/history';

import { propertyHistoryQueryKey } from '@/features/history/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/properties/:id/analyses: the property and its analyses over time, with the key figures. */
export function getPropertyHistory(propertyId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PropertyHistoryResponse> {
  return api.get(`/api/properties/${encodeURIComponent(propertyId)}/analyses`, { signal, schema: propertyHistoryResponse });
}

export function getPropertyHistoryQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: propertyHistoryQueryKey(propertyId),
    queryFn: ({ signal }) => getPropertyHistory(propertyId, { signal }),
  });
}

/** `null` asks for nothing (e.g. before the session is known). */
export function usePropertyHistory(propertyId: string | null) {
  return useQuery({ ...getPropertyHistoryQueryOptions(propertyId ?? ''), enabled: propertyId !== null });
}
