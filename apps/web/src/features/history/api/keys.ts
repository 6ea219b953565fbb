import type { HistoryFilters } from '@viabiliza/contracts/history';

/**
 * Under the analysis feature's ['analyses'] root on purpose: whatever refreshes the analyses after a
 * run (an invalidation of ['analyses']) refreshes the history too.
 */
export const HISTORY_QUERY_KEY = ['analyses', 'history'] as const;

export function historyQueryKey(filters: HistoryFilters) {
  return [...HISTORY_QUERY_KEY, 'list', filters] as const;
}

export function propertyHistoryQueryKey(propertyId: string) {
  return [...HISTORY_QUERY_KEY, 'property', propertyId] as const;
}
