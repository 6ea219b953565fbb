import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/keys';
import { subscribeRealtime } from '@/lib/realtime';

/** Sent by the server on every status change of one of the user's runs (realtime/events.routes.ts). */
const ANALYSIS_RUN_EVENT = 'analysis-run';

function isFinishedRun(payload: unknown): boolean {
  const status = (payload as { status?: unknown } | null)?.status;
  return status === 'completed' || status === 'failed';
}

/**
 * While the dashboard is open, a run that finishes (started in this tab or any other) refreshes its
 * figures at once instead of waiting for 'Atualizar'.
 */
export function useDashboardEvents({ enabled }: { enabled: boolean }): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeRealtime(ANALYSIS_RUN_EVENT, (payload) => {
      if (isFinishedRun(payload)) void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }, { cancelRefetch: false });
    });
  }, [enabled, queryClient]);
}
