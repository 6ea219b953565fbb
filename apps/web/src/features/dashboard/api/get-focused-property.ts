import { queryOptions, useQuery } from '@tanstack/react-query';
import { propertyHistoryResponse, type PropertyHistoryResponse } from '@viabiliza/contracts/history';

import { focusedPropertyQueryKey } from '@/features/dashboard/api/keys';
import { api } from '@/lib/api-client';

/**
 * The property a search result pointed at (/dashboard?property={id}): GET /api/properties/:id/analyses
 * gives the property and its analyses, newest first.
 */
export function getFocusedProperty(propertyId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PropertyHistoryResponse> {
  return api.get(`/api/properties/${encodeURIComponent(propertyId)}/analyses`, { signal, schema: propertyHistoryResponse });
}

export function getFocusedPropertyQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: focusedPropertyQueryKey(propertyId),
    queryFn: ({ signal }) => getFocusedProperty(propertyId, { signal }),
  });
}

/** `null` asks for nothing (no property in the address). */
export function useFocusedProperty(propertyId: string | null) {
  return useQuery({ ...getFocusedPropertyQueryOptions(propertyId ?? ''), enabled: propertyId !== null });
}
