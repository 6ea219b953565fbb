import { queryOptions, useQuery } from '@tanstack/react-query';
import { viewerResponse, type ViewerResponse } from '@viabiliza/contracts/viewer';

import { api } from '@/lib/api-client';

export const viewerQueryKey = (analysisId: string) => ['viewer', analysisId] as const;

/** GET /api/analyses/:id/viewer: the property, its floor-plan rooms and its photos. */
export function getViewer(analysisId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ViewerResponse> {
  return api.get(`/api/analyses/${encodeURIComponent(analysisId)}/viewer`, { signal, schema: viewerResponse });
}

export function getViewerQueryOptions(analysisId: string) {
  return queryOptions({ queryKey: viewerQueryKey(analysisId), queryFn: ({ signal }) => getViewer(analysisId, { signal }) });
}

export function useViewer(analysisId: string) {
  return useQuery(getViewerQueryOptions(analysisId));
}
