import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreBackupResponse, type RestoreBackupResponse } from '@viabiliza/contracts/backup';

import { BACKUPS_QUERY_KEY } from '@/features/admin/api/get-backups';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function restoreBackup(id: string): Promise<RestoreBackupResponse> {
  return api.post(`/api/admin/backups/${encodeURIComponent(id)}/restore`, { confirm: true }, { schema: restoreBackupResponse, timeoutMs: 10 * 60_000 });
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    retry: false,
    // Spec 02 §8: 'Erro' / 'Falha ao restaurar backup'.
    meta: { errorTitle: 'Erro', errorDescription: 'Falha ao restaurar backup' },
    onSuccess: () => {
      toast.success('Backup restaurado com sucesso');
      // Every list in the app may have changed.
      void queryClient.invalidateQueries();
      void queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY });
    },
  });
}
