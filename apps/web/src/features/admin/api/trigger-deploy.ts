import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deploymentRecord, type DeploymentRecord } from '@viabiliza/contracts/admin-console';

import { DEPLOY_QUERY_KEY } from '@/features/admin/api/get-deploy';
import { api } from '@/lib/api-client';

export function triggerDeploy(environment: string): Promise<DeploymentRecord> {
  return api.post(`/api/admin/deploy/${encodeURIComponent(environment)}`, undefined, { schema: deploymentRecord });
}

export function useTriggerDeploy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triggerDeploy,
    retry: false,
    // The deployment tab shows the spec's own toasts ('Deploy Bloqueado', 'Deploy Falhou ❌').
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEPLOY_QUERY_KEY }),
  });
}
