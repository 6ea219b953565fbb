import { queryOptions, useQuery } from '@tanstack/react-query';
import { intelligenceResponse, type IntelligenceResponse } from '@viabiliza/contracts/intelligence';

import { ANALYSES_QUERY_KEY } from '@/features/analysis/api/keys';
import { api } from '@/lib/api-client';

export function analysisIntelligenceQueryKey(id: string) {
  return [...ANALYSES_QUERY_KEY, 'intelligence', id] as const;
}

/** GET /api/analyses/:id/intelligence: sentiment, insights, valuation explained and suggestions, from the engine. */
export function getAnalysisIntelligence(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<IntelligenceResponse> {
  return api.get(`/api/analyses/${encodeURIComponent(id)}/intelligence`, { signal, schema: intelligenceResponse });
}

export function getAnalysisIntelligenceQueryOptions(id: string) {
  return queryOptions({ queryKey: analysisIntelligenceQueryKey(id), queryFn: ({ signal }) => getAnalysisIntelligence(id, { signal }) });
}

/** Shared by the tabs: one request per analysis, refetched by 'Atualizar'. */
export function useAnalysisIntelligence(id: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAnalysisIntelligenceQueryOptions(id ?? ''), enabled: id !== null && enabled });
}
