import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupKeyReveal, type BackupKeyReveal } from '@viabiliza/contracts/backup';

import { BACKUPS_QUERY_KEY } from '@/features/admin/api/get-backups';
import { api } from '@/lib/api-client';

/** The generated encryption key, once, after the admin's password (a second call answers 409). */
export function revealBackupKey(password: string): Promise<BackupKeyReveal> {
  return api.post('/api/admin/backups/key', { password }, { schema: backupKeyReveal });
}

export function useRevealBackupKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revealBackupKey,
    retry: false,
    meta: { errorToast: false },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY }),
  });
}
