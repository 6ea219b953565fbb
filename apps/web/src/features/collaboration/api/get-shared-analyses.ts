import { queryOptions, useQuery } from '@tanstack/react-query';
import { sharedAnalysesResponse, type SharedAnalysesResponse } from '@viabiliza/contracts/collaboration';

import { sharedAnalysesQueryKey } from '@/features/collaboration/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/shared-analyses: analyses other users shared with me. */
export function getSharedAnalyses({ signal }: { signal?: AbortSignal } = {}): Promise<SharedAnalysesResponse> {
  return api.get('/api/shared-analyses', { signal, schema: sharedAnalysesResponse });
}

export function getSharedAnalysesQueryOptions() {
  return queryOptions({ queryKey: sharedAnalysesQueryKey, queryFn: ({ signal }) => getSharedAnalyses({ signal }) });
}

export function useSharedAnalyses() {
  return useQuery(getSharedAnalysesQueryOptions());
}
