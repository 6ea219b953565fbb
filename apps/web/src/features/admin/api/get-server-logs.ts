import { queryOptions, useQuery } from '@tanstack/react-query';
import { serverLogResponse, type LogLevelName, type ServerLogResponse } from '@viabiliza/contracts/audit';

import { api } from '@/lib/api-client';

export interface ServerLogSearch {
  requestId: string;
  level: LogLevelName;
}

export function getServerLogs(search: ServerLogSearch, { signal }: { signal?: AbortSignal } = {}): Promise<ServerLogResponse> {
  const params = new URLSearchParams({ level: search.level });
  if (search.requestId) params.set('requestId', search.requestId);
  return api.get(`/api/admin/logs?${params}`, { signal, schema: serverLogResponse });
}

/** Searched on demand: `search` is null until the admin asks. */
export function useServerLogs(search: ServerLogSearch | null) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'logs', search],
      queryFn: ({ signal }) => getServerLogs(search!, { signal }),
      enabled: search !== null,
      staleTime: 0,
    }),
  );
}
