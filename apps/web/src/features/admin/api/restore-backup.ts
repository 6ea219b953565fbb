import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreBackupResponse, type RestoreBackupResponse } from '@viabiliza/contracts/backup';

import { BACKUPS_QUERY_KEY } from '@/features/admin/api/get-backups';
import { api, ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function restoreBackup({ id, password }: { id: string; password: string }): Promise<RestoreBackupResponse> {
  return api.post(`/api/admin/backups/${encodeURIComponent(id)}/restore`, { confirm: true, password }, { schema: restoreBackupResponse, timeoutMs: 10 * 60_000 });
}

/** A refusal (wrong password, another key's archive) is shown in the dialog; a failure also as spec 02 §8's toast. */
const shownInDialog = (error: unknown) => error instanceof ApiError && error.isClientError;

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    retry: false,
    meta: { errorToast: false },
    onError: (error) => {
      // Spec 02 §8: 'Erro' / 'Falha ao restaurar backup'.
      if (!shownInDialog(error)) toast.error('Erro', { description: 'Falha ao restaurar backup' });
    },
    onSuccess: () => {
      toast.success('Backup restaurado com sucesso');
      // Every list in the app may have changed.
      void queryClient.invalidateQueries();
      void queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY });
    },
  });
}
