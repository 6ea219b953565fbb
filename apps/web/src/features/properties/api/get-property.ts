import { queryOptions, useQuery } from '@tanstack/react-query';
import { propertyResponse, type PropertyResponse } from '@viabiliza/contracts/properties';

import { propertyQueryKey } from '@/features/properties/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/properties/:id: the property and the questionnaire of its last analysis. */
export function getProperty(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<PropertyResponse> {
  return api.get(`/api/properties/${encodeURIComponent(id)}`, { signal, schema: propertyResponse });
}

export function getPropertyQueryOptions(id: string) {
  return queryOptions({ queryKey: propertyQueryKey(id), queryFn: ({ signal }) => getProperty(id, { signal }) });
}

/** `null` asks for nothing (no property chosen, or the session not known yet). */
export function useProperty(id: string | null) {
  return useQuery({ ...getPropertyQueryOptions(id ?? ''), enabled: id !== null });
}
