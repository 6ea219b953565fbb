import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { projectionResult, type ProjectionResult } from '@viabiliza/contracts/intelligence';

import { ANALYSES_QUERY_KEY } from '@/features/analysis/api/keys';
import { api } from '@/lib/api-client';

export function analysisProjectionsQueryKey(id: string, realRate: number) {
  return [...ANALYSES_QUERY_KEY, 'projections', id, realRate] as const;
}

/** GET /api/analyses/:id/projections?realRate=: price scenarios, risk assessment and recommendation. */
export function getAnalysisProjections(id: string, realRate: number, { signal }: { signal?: AbortSignal } = {}): Promise<ProjectionResult> {
  return api.get(`/api/analyses/${encodeURIComponent(id)}/projections?realRate=${encodeURIComponent(String(realRate))}`, {
    signal,
    schema: projectionResult,
  });
}

export function getAnalysisProjectionsQueryOptions(id: string, realRate: number) {
  return queryOptions({
    queryKey: analysisProjectionsQueryKey(id, realRate),
    queryFn: ({ signal }) => getAnalysisProjections(id, realRate, { signal }),
    // The chart stays while a new real rate is computed.
    placeholderData: keepPreviousData,
  });
}

export function useAnalysisProjections(id: string | null, realRate: number, enabled: boolean) {
  return useQuery({ ...getAnalysisProjectionsQueryOptions(id ?? '', realRate), enabled: id !== null && enabled });
}
