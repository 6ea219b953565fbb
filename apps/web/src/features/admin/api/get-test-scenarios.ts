import { queryOptions, useQuery } from '@tanstack/react-query';
import { scenarioList, type ScenarioList } from '@viabiliza/contracts/admin-console';

import { api } from '@/lib/api-client';

export function getTestScenarios({ signal }: { signal?: AbortSignal } = {}): Promise<ScenarioList> {
  return api.get('/api/admin/tests/scenarios', { signal, schema: scenarioList });
}

export function getTestScenariosQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'tests', 'scenarios'] as const, queryFn: ({ signal }) => getTestScenarios({ signal }), staleTime: Infinity });
}

export function useTestScenarios() {
  return useQuery(getTestScenariosQueryOptions());
}
