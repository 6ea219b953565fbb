/**
 * Under the analysis feature's ['analyses'] root on purpose: whatever refreshes the analyses (an
 * invalidation of ['analyses']) refreshes the dashboard's figures too.
 */
export const DASHBOARD_QUERY_KEY = ['analyses', 'dashboard'] as const;
export const DASHBOARD_STATS_QUERY_KEY = [...DASHBOARD_QUERY_KEY, 'stats'] as const;
export const DASHBOARD_METRICS_QUERY_KEY = [...DASHBOARD_QUERY_KEY, 'metrics'] as const;

export function focusedPropertyQueryKey(propertyId: string) {
  return [...DASHBOARD_QUERY_KEY, 'property', propertyId] as const;
}
