import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemMonitorResponse, type SystemMonitorResponse } from '@viabiliza/contracts/monitor';

import { api } from '@/lib/api-client';

export const SYSTEM_MONITOR_QUERY_KEY = ['admin', 'system-monitor'] as const;
/** Spec 02 §9: the system monitor refreshes every 30 s. */
export const SYSTEM_MONITOR_REFRESH_MS = 30_000;

export function getSystemMonitor({ signal }: { signal?: AbortSignal } = {}): Promise<SystemMonitorResponse> {
  return api.get('/api/admin/system-monitor', { signal, schema: systemMonitorResponse });
}

export function getSystemMonitorQueryOptions() {
  return queryOptions({
    queryKey: SYSTEM_MONITOR_QUERY_KEY,
    queryFn: ({ signal }) => getSystemMonitor({ signal }),
    refetchInterval: SYSTEM_MONITOR_REFRESH_MS,
  });
}

export function useSystemMonitor() {
  return useQuery(getSystemMonitorQueryOptions());
}
