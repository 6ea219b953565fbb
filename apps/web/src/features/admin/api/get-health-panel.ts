import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthPanel, type HealthPanel } from '@viabiliza/contracts/admin-console';

import { api } from '@/lib/api-client';

/** Spec 02 §9: the health panel refreshes every 30 s. */
export const HEALTH_PANEL_REFRESH_MS = 30_000;

export function getHealthPanel({ signal }: { signal?: AbortSignal } = {}): Promise<HealthPanel> {
  return api.get('/api/admin/console/health', { signal, schema: healthPanel });
}

export function getHealthPanelQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'console', 'health'] as const,
    queryFn: ({ signal }) => getHealthPanel({ signal }),
    refetchInterval: HEALTH_PANEL_REFRESH_MS,
  });
}

export function useHealthPanel() {
  return useQuery(getHealthPanelQueryOptions());
}
