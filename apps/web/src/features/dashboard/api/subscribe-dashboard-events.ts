import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { DASHBOARD_QUERY_KEY, DASHBOARD_STATS_QUERY_KEY } from '@/features/dashboard/api/keys';
import { subscribeRealtime } from '@/lib/realtime';

/** Sent by the server on every status change of one of the user's runs (realtime/events.routes.ts). */
const ANALYSIS_RUN_EVENT = 'analysis-run';
/** Sent by the server whenever one of the user's documents changes status or progress. */
const DOCUMENT_EVENT = 'document';

function statusOf(payload: unknown): unknown {
  return (payload as { status?: unknown } | null)?.status;
}

function isFinishedRun(payload: unknown): boolean {
  const status = statusOf(payload);
  return status === 'completed' || status === 'failed';
}

/**
 * While the dashboard is open, its figures follow the person's work without 'Atualizar': a run that
 * finishes (started in this tab or any other) refreshes every figure; a run that starts or a
 * document that changes state (read, failed, quarantined) refreshes the status counts. A document's
 * page-by-page progress is not a change of state and refreshes nothing.
 */
export function useDashboardEvents({ enabled }: { enabled: boolean }): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refreshStats = () => void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_QUERY_KEY }, { cancelRefetch: false });
    // A run's first event (whatever stage it reports) adds it to 'Em andamento'.
    const runsSeen = new Set<string>();
    const offRun = subscribeRealtime(ANALYSIS_RUN_EVENT, (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      const first = typeof id === 'string' && !runsSeen.has(id);
      if (typeof id === 'string') runsSeen.add(id);
      if (isFinishedRun(payload)) void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }, { cancelRefetch: false });
      else if (first) refreshStats();
    });
    const documentStates = new Map<string, unknown>();
    const offDocument = subscribeRealtime(DOCUMENT_EVENT, (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') return;
      const status = statusOf(payload);
      if (documentStates.get(id) === status) return;
      documentStates.set(id, status);
      refreshStats();
    });
    return () => {
      offRun();
      offDocument();
    };
  }, [enabled, queryClient]);
}
