import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupList, type BackupList } from '@viabiliza/contracts/backup';

import { api } from '@/lib/api-client';

export const BACKUPS_QUERY_KEY = ['admin', 'backups'] as const;

export function getBackups({ signal }: { signal?: AbortSignal } = {}): Promise<BackupList> {
  return api.get('/api/admin/backups', { signal, schema: backupList });
}

const unfinished = (list: BackupList | undefined) => Boolean(list?.backups.some((b) => b.status === 'pending' || b.status === 'running'));

/** Polls every second while a backup is pending or running, so its progress bar moves. */
export function useBackups() {
  return useQuery(
    queryOptions({
      queryKey: BACKUPS_QUERY_KEY,
      queryFn: ({ signal }) => getBackups({ signal }),
      refetchInterval: (query) => (unfinished(query.state.data) ? 1000 : false),
    }),
  );
}

