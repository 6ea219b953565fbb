import { queryOptions, useQuery } from '@tanstack/react-query';
import { exampleAnalysis, type AnalysisType, type ExampleAnalysis } from '@viabiliza/contracts/analysis';
import { z } from 'zod';

import { ANALYSES_QUERY_KEY } from '@/features/analysis/api/keys';
import { api } from '@/lib/api-client';

const exampleResponse = z.object({ analysis: exampleAnalysis });

/**
 * GET /api/analyses/example?type=…: demo mode ('Ver Análise Demo'). The engine runs live on a shipped
 * example property; nothing is saved and no sign-in is needed.
 */
export function getExampleAnalysis(
  type: AnalysisType,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ analysis: ExampleAnalysis }> {
  return api.get(`/api/analyses/example?type=${encodeURIComponent(type)}`, { signal, schema: exampleResponse });
}

export function getExampleAnalysisQueryOptions(type: AnalysisType) {
  return queryOptions({
    queryKey: [...ANALYSES_QUERY_KEY, 'example', type] as const,
    queryFn: ({ signal }) => getExampleAnalysis(type, { signal }),
  });
}

export function useExampleAnalysis(type: AnalysisType | null) {
  return useQuery({ ...getExampleAnalysisQueryOptions(type ?? 'complete'), enabled: type !== null });
}
