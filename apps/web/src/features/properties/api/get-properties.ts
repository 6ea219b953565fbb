import { queryOptions, useQuery } from '@tanstack/react-query';
import { propertyList, type PropertyList } from '@viabiliza/contracts/properties';

import { PROPERTIES_QUERY_KEY } from '@/features/properties/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/properties: the user's properties, newest first, with how many documents each holds. */
export function getProperties({ signal }: { signal?: AbortSignal } = {}): Promise<PropertyList> {
  return api.get('/api/properties', { signal, schema: propertyList });
}

export function getPropertiesQueryOptions() {
  return queryOptions({ queryKey: [...PROPERTIES_QUERY_KEY, 'list'] as const, queryFn: ({ signal }) => getProperties({ signal }) });
}

export function useProperties({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPropertiesQueryOptions(), enabled });
}
