import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runSummary, type RunSummary, type StartRunBody } from '@viabiliza/contracts/analysis';
import { z } from 'zod';

import { analysisRunQueryKey } from '@/features/analysis/api/keys';
import { newerRun } from '@/features/analysis/utils/run-feedback';
import { api } from '@/lib/api-client';

const startRunResponse = z.object({ run: runSummary });

/**
 * POST /api/analyses/runs: 202 with the queued run, or 200 with a completed, `cached` run when the
 * same input was analysed before.
 */
export function startAnalysisRun(body: StartRunBody): Promise<{ run: RunSummary }> {
  return api.post('/api/analyses/runs', body, { schema: startRunResponse });
}

export function useStartAnalysisRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startAnalysisRun,
    // Never repeated by itself (the limit is 10 a minute), and its failures are announced by the
    // workspace with the analysis' own toasts and inline messages.
    retry: false,
    meta: { errorToast: false },
    onSuccess: ({ run }) => {
      queryClient.setQueryData<{ run: RunSummary }>(analysisRunQueryKey(run.id), (cached) => ({
        run: newerRun(cached?.run, run),
      }));
    },
  });
}
