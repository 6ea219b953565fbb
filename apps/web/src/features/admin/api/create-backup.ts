import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backup, type Backup } from '@viabiliza/contracts/backup';

import { BACKUPS_QUERY_KEY } from '@/features/admin/api/get-backups';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function createBackup(): Promise<Backup> {
  return api.post('/api/admin/backups', undefined, { schema: backup });
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    // Admin calls have a tight budget (3/min): one attempt only.
    retry: false,
    // Spec 02 §8: 'Erro' / 'Falha ao criar backup'.
    meta: { errorTitle: 'Erro', errorDescription: 'Falha ao criar backup' },
    onSuccess: () => {
      toast.info('Backup iniciado');
      void queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY });
    },
  });
}
