import { useQueryClient } from '@tanstack/react-query';
import { runSummary, type RunSummary } from '@viabiliza/contracts/analysis';
import { useEffect } from 'react';

import { ANALYSIS_RUNS_QUERY_KEY, analysisRunQueryKey } from '@/features/analysis/api/keys';
import { newerRun } from '@/features/analysis/utils/run-feedback';
import { subscribeRealtime } from '@/lib/realtime';

/** Sent by the server on every status change of one of the user's runs; data is a RunSummary. */
export const ANALYSIS_RUN_EVENT = 'analysis-run';
/** Sent by the server on every (re)connection of the stream. */
const READY_EVENT = 'ready';

/** While `enabled`: the status of the user's runs is written into the cache as the server reports it. */
export function useAnalysisRunEvents({ enabled }: { enabled: boolean }): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const offRun = subscribeRealtime(ANALYSIS_RUN_EVENT, (payload) => {
      const parsed = runSummary.safeParse(payload);
      if (!parsed.success) {
        console.warn('Evento de análise inválido', parsed.error.issues);
        return;
      }
      const run = parsed.data;
      queryClient.setQueryData<{ run: RunSummary }>(analysisRunQueryKey(run.id), (cached) => ({
        run: newerRun(cached?.run, run),
      }));
    });
    // Events may have been missed while the stream was down: read the runs being watched again.
    const offReady = subscribeRealtime(READY_EVENT, () => {
      void queryClient.invalidateQueries({ queryKey: ANALYSIS_RUNS_QUERY_KEY }, { cancelRefetch: false });
    });
    return () => {
      offRun();
      offReady();
    };
  }, [enabled, queryClient]);
}
