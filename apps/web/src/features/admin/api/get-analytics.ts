import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsReport, type AnalyticsReport } from '@viabiliza/contracts/analytics';

import { api } from '@/lib/api-client';

export type AnalyticsPeriod = '7' | '30' | '90';

export function getAnalytics(period: AnalyticsPeriod, { signal }: { signal?: AbortSignal } = {}): Promise<AnalyticsReport> {
  return api.get(`/api/admin/analytics?period=${period}`, { signal, schema: analyticsReport });
}

export function useAnalytics(period: AnalyticsPeriod) {
  return useQuery(
    queryOptions({ queryKey: ['admin', 'analytics', period], queryFn: ({ signal }) => getAnalytics(period, { signal }), placeholderData: keepPreviousData }),
  );
}
