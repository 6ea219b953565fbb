import { useMutation, useQueryClient } from '@tanstack/react-query';

import { collaboratorsQueryKey } from '@/features/collaboration/api/keys';
import { api } from '@/lib/api-client';

/** DELETE /api/analyses/:id/collaborators/:userId (owner only). */
export function removeCollaborator({ analysisId, userId }: { analysisId: string; userId: string }): Promise<void> {
  return api.delete(`/api/analyses/${encodeURIComponent(analysisId)}/collaborators/${encodeURIComponent(userId)}`);
}

export function useRemoveCollaborator(analysisId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeCollaborator({ analysisId, userId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collaboratorsQueryKey(analysisId) }),
  });
}
