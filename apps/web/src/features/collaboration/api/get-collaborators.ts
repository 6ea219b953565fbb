import { queryOptions, useQuery } from '@tanstack/react-query';
import { collaboratorsResponse, type CollaboratorsResponse } from '@viabiliza/contracts/collaboration';

import { collaboratorsQueryKey } from '@/features/collaboration/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/analyses/:id/collaborators: the owner, the collaborators and how the viewer may act. */
export function getCollaborators(analysisId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CollaboratorsResponse> {
  return api.get(`/api/analyses/${encodeURIComponent(analysisId)}/collaborators`, { signal, schema: collaboratorsResponse });
}

export function getCollaboratorsQueryOptions(analysisId: string) {
  return queryOptions({ queryKey: collaboratorsQueryKey(analysisId), queryFn: ({ signal }) => getCollaborators(analysisId, { signal }) });
}

export function useCollaborators(analysisId: string) {
  return useQuery(getCollaboratorsQueryOptions(analysisId));
}
