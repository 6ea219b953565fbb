import { queryOptions, useQuery } from '@tanstack/react-query';
import { PUBLIC_STATS_CACHE_MS, publicStats, type PublicStats } from '@viabiliza/contracts/public-stats';

import { api } from '@/lib/api-client';

export const PUBLIC_STATS_QUERY_KEY = ['public-stats'] as const;

export function getPublicStats({ signal }: { signal?: AbortSignal } = {}): Promise<PublicStats> {
  return api.get('/api/public/stats', { signal, schema: publicStats });
}

export function getPublicStatsQueryOptions() {
  return queryOptions({
    queryKey: PUBLIC_STATS_QUERY_KEY,
    queryFn: ({ signal }) => getPublicStats({ signal }),
    staleTime: PUBLIC_STATS_CACHE_MS,
  });
}

export function usePublicStats() {
  return useQuery(getPublicStatsQueryOptions());
}
