import { useMutation, useQueryClient } from '@tanstack/react-query';
import { comment, type Comment, type CommentsResponse } from '@viabiliza/contracts/collaboration';
import { z } from 'zod';

import { commentsQueryKey } from '@/features/collaboration/api/keys';
import { api } from '@/lib/api-client';

const created = z.object({ comment });

/** POST /api/analyses/:id/comments (owner or collaborator). */
export async function addComment({ analysisId, body }: { analysisId: string; body: string }): Promise<Comment> {
  return (await api.post(`/api/analyses/${encodeURIComponent(analysisId)}/comments`, { body }, { schema: created })).comment;
}

export function useAddComment(analysisId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment({ analysisId, body }),
    onSuccess: (c) =>
      queryClient.setQueryData<CommentsResponse>(commentsQueryKey(analysisId), (prev) => ({ comments: [...(prev?.comments ?? []), c] })),
  });
}
