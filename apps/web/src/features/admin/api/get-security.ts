import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeSessionList, securityReport, type ActiveSessionList, type SecurityReport } from '@viabiliza/contracts/security';

import { api } from '@/lib/api-client';

export const SECURITY_REPORT_QUERY_KEY = ['admin', 'security'] as const;
export const ACTIVE_SESSIONS_QUERY_KEY = ['admin', 'sessions'] as const;

export function getSecurityReport({ signal }: { signal?: AbortSignal } = {}): Promise<SecurityReport> {
  return api.get('/api/admin/security', { signal, schema: securityReport });
}

export function useSecurityReport() {
  return useQuery(queryOptions({ queryKey: SECURITY_REPORT_QUERY_KEY, queryFn: ({ signal }) => getSecurityReport({ signal }) }));
}

export function getActiveSessions({ signal }: { signal?: AbortSignal } = {}): Promise<ActiveSessionList> {
  return api.get('/api/admin/sessions', { signal, schema: activeSessionList });
}

export function useActiveSessions() {
  return useQuery(queryOptions({ queryKey: ACTIVE_SESSIONS_QUERY_KEY, queryFn: ({ signal }) => getActiveSessions({ signal }) }));
}
