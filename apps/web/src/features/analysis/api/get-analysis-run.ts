import { queryOptions, useQuery } from '@tanstack/react-query';
import { runSummary, type RunSummary } from '@viabiliza/contracts/analysis';
import { z } from 'zod';

import { analysisRunQueryKey } from '@/features/analysis/api/keys';
import { isFinalRun } from '@/features/analysis/utils/run-feedback';
import { api } from '@/lib/api-client';

const runResponse = z.object({ run: runSummary });

/** Events keep a running run live; this slow poll only covers a stream that is down. */
const FALLBACK_POLL_MS = 5000;

export function getAnalysisRun(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ run: RunSummary }> {
  return api.get(`/api/analyses/runs/${encodeURIComponent(id)}`, { signal, schema: runResponse });
}

export function getAnalysisRunQueryOptions(id: string) {
  return queryOptions({
    queryKey: analysisRunQueryKey(id),
    queryFn: ({ signal }) => getAnalysisRun(id, { signal }),
    staleTime: 0,
    refetchInterval: (query) => {
      const run = query.state.data?.run;
      return run && isFinalRun(run) ? false : FALLBACK_POLL_MS;
    },
  });
}

export function useAnalysisRun(id: string | null) {
  return useQuery({ ...getAnalysisRunQueryOptions(id ?? ''), enabled: id !== null });
}
