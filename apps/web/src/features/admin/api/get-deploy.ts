import { queryOptions, useQuery } from '@tanstack/react-query';
import { deployOverview, type DeployOverview } from '@viabiliza/contracts/admin-console';

import { api } from '@/lib/api-client';

export const DEPLOY_QUERY_KEY = ['admin', 'deploy'] as const;

export function getDeploy({ signal }: { signal?: AbortSignal } = {}): Promise<DeployOverview> {
  return api.get('/api/admin/deploy', { signal, schema: deployOverview });
}

export function getDeployQueryOptions() {
  return queryOptions({ queryKey: DEPLOY_QUERY_KEY, queryFn: ({ signal }) => getDeploy({ signal }) });
}

export function useDeploy() {
  return useQuery(getDeployQueryOptions());
}
