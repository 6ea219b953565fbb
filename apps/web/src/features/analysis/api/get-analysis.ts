import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisDetail, type AnalysisDetail } from '@viabiliza/contracts/analysis';
import { z } from 'zod';

import { ANALYSES_QUERY_KEY } from '@/features/analysis/api/keys';
import { api } from '@/lib/api-client';

const analysisResponse = z.object({ analysis: analysisDetail });

export function analysisQueryKey(id: string) {
  return [...ANALYSES_QUERY_KEY, 'detail', id] as const;
}

/** GET /api/analyses/:id: the Markdown report, the engine's structured result and the scores. */
export function getAnalysis(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ analysis: AnalysisDetail }> {
  return api.get(`/api/analyses/${encodeURIComponent(id)}`, { signal, schema: analysisResponse });
}

export function getAnalysisQueryOptions(id: string) {
  return queryOptions({ queryKey: analysisQueryKey(id), queryFn: ({ signal }) => getAnalysis(id, { signal }) });
}

export function useAnalysis(id: string | null) {
  return useQuery({ ...getAnalysisQueryOptions(id ?? ''), enabled: id !== null });
}
