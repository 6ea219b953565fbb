import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_STALE_MS, dashboardMetrics, type DashboardMetrics } from '@viabiliza/contracts/dashboard';

import { DASHBOARD_METRICS_QUERY_KEY } from '@/features/dashboard/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/dashboard/metrics: the 'Atividade' panel (means, cache, types, providers, server memory). */
export function getDashboardMetrics({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardMetrics> {
  return api.get('/api/dashboard/metrics', { signal, schema: dashboardMetrics });
}

export function getDashboardMetricsQueryOptions() {
  return queryOptions({
    queryKey: DASHBOARD_METRICS_QUERY_KEY,
    queryFn: ({ signal }) => getDashboardMetrics({ signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useDashboardMetrics() {
  return useQuery(getDashboardMetricsQueryOptions());
}
