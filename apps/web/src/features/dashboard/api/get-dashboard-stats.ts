import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_STALE_MS, dashboardStats, type DashboardStats } from '@viabiliza/contracts/dashboard';

import { DASHBOARD_STATS_QUERY_KEY } from '@/features/dashboard/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/dashboard/stats: totals, success rate, recent analyses, this month against the goals, the person's documents and runs (and, for admins, the server's checks). */
export function getDashboardStats({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardStats> {
  return api.get('/api/dashboard/stats', { signal, schema: dashboardStats });
}

export function getDashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: DASHBOARD_STATS_QUERY_KEY,
    queryFn: ({ signal }) => getDashboardStats({ signal }),
    // Spec 01 §9 'Local cache': dashboard stats 2 minutes.
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
