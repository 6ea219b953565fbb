import { useMutation, useQueryClient } from '@tanstack/react-query';
import { testReport, type RunTestsInput, type TestReport } from '@viabiliza/contracts/admin-console';

import { api } from '@/lib/api-client';

/** Runs can take a minute (the E2E flow waits for extraction and analysis jobs). */
const RUN_TIMEOUT_MS = 180_000;

export function runTests(input: RunTestsInput): Promise<TestReport> {
  return api.post('/api/admin/tests/run', input, { schema: testReport, timeoutMs: RUN_TIMEOUT_MS });
}

export function useRunTests(options: { errorTitle: string; errorDescription: string; onSuccess?: (report: TestReport) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runTests,
    // Admin calls have a tight budget (3/min): one attempt only.
    retry: false,
    meta: { errorTitle: options.errorTitle, errorDescription: options.errorDescription },
    onSuccess: async (report) => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'tests', 'reports'] });
      options.onSuccess?.(report);
    },
  });
}
