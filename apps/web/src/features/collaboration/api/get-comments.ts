import { queryOptions, useQuery } from '@tanstack/react-query';
import { commentsResponse, type CommentsResponse } from '@viabiliza/contracts/collaboration';

import { commentsQueryKey } from '@/features/collaboration/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/analyses/:id/comments: the thread, oldest first. */
export function getComments(analysisId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CommentsResponse> {
  return api.get(`/api/analyses/${encodeURIComponent(analysisId)}/comments`, { signal, schema: commentsResponse });
}

export function getCommentsQueryOptions(analysisId: string) {
  return queryOptions({ queryKey: commentsQueryKey(analysisId), queryFn: ({ signal }) => getComments(analysisId, { signal }) });
}

export function useComments(analysisId: string) {
  return useQuery(getCommentsQueryOptions(analysisId));
}
