import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleOverview, type ConsoleOverview } from '@viabiliza/contracts/admin-console';

import { api } from '@/lib/api-client';

export const CONSOLE_OVERVIEW_QUERY_KEY = ['admin', 'console', 'overview'] as const;
/** Spec 02 §4/§9: the performance monitor polls every 5 s while it is started. */
export const CONSOLE_POLL_MS = 5_000;

export function getConsoleOverview({ signal }: { signal?: AbortSignal } = {}): Promise<ConsoleOverview> {
  return api.get('/api/admin/console/overview', { signal, schema: consoleOverview });
}

export function getConsoleOverviewQueryOptions(running: boolean) {
  return queryOptions({
    queryKey: CONSOLE_OVERVIEW_QUERY_KEY,
    queryFn: ({ signal }) => getConsoleOverview({ signal }),
    refetchInterval: running ? CONSOLE_POLL_MS : false,
    retry: false,
  });
}

export function useConsoleOverview(running: boolean) {
  return useQuery(getConsoleOverviewQueryOptions(running));
}
