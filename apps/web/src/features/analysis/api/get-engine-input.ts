import { queryOptions, useQuery } from '@tanstack/react-query';
import { engineInputResponse, type EngineInputResponse } from '@viabiliza/contracts/engine-input';

import { ANALYSES_QUERY_KEY } from '@/features/analysis/api/keys';
import { api } from '@/lib/api-client';

export function engineInputQueryKey(id: string) {
  return [...ANALYSES_QUERY_KEY, 'engine-input', id] as const;
}

/** GET /api/analyses/:id/engine-input: what the engine read for this saved analysis (owner only). */
export function getEngineInput(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<EngineInputResponse> {
  return api.get(`/api/analyses/${encodeURIComponent(id)}/engine-input`, { signal, schema: engineInputResponse });
}

export function getEngineInputQueryOptions(id: string) {
  // A saved analysis' inputs never change.
  return queryOptions({ queryKey: engineInputQueryKey(id), queryFn: ({ signal }) => getEngineInput(id, { signal }), staleTime: Infinity });
}

export function useEngineInput(id: string | null) {
  return useQuery({ ...getEngineInputQueryOptions(id ?? ''), enabled: id !== null, retry: false, meta: { errorToast: false } });
}
