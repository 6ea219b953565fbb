import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_POLL_MS, auditOverview, type AuditOverview } from '@viabiliza/contracts/audit';

import { api } from '@/lib/api-client';

export const AUDIT_QUERY_KEY = ['admin', 'audit'] as const;

export function getAuditOverview({ signal }: { signal?: AbortSignal } = {}): Promise<AuditOverview> {
  return api.get('/api/admin/audit', { signal, schema: auditOverview });
}

/** With auto-refresh ON the overview is polled every 30 s (spec 02 §4, §9); live events arrive over SSE either way. */
export function useAuditOverview(autoRefresh: boolean) {
  return useQuery(
    queryOptions({
      queryKey: AUDIT_QUERY_KEY,
      queryFn: ({ signal }) => getAuditOverview({ signal }),
      staleTime: 0,
      refetchInterval: autoRefresh ? AUDIT_POLL_MS : false,
    }),
  );
}
