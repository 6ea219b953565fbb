import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deployOverview, type ChecklistItemId, type DeployOverview } from '@viabiliza/contracts/admin-console';

import { DEPLOY_QUERY_KEY } from '@/features/admin/api/get-deploy';
import { api } from '@/lib/api-client';

export function setChecklistItem({ item, checked }: { item: ChecklistItemId; checked: boolean }): Promise<DeployOverview> {
  return api.put(`/api/admin/deploy/checklist/${item}`, { checked }, { schema: deployOverview });
}

export function useSetChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChecklistItem,
    retry: false,
    meta: { errorTitle: 'Erro', errorDescription: 'Falha ao atualizar o checklist' },
    onSuccess: (overview) => queryClient.setQueryData(DEPLOY_QUERY_KEY, overview),
  });
}
