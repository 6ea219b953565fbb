import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collaboratorsResponse, type CollaboratorsResponse } from '@viabiliza/contracts/collaboration';

import { collaboratorsQueryKey } from '@/features/collaboration/api/keys';
import { api } from '@/lib/api-client';

/** POST /api/analyses/:id/collaborators: share read-only with a registered user by e-mail (owner only). */
export function shareAnalysis({ analysisId, email }: { analysisId: string; email: string }): Promise<CollaboratorsResponse> {
  return api.post(`/api/analyses/${encodeURIComponent(analysisId)}/collaborators`, { email }, { schema: collaboratorsResponse });
}

export function useShareAnalysis(analysisId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => shareAnalysis({ analysisId, email }),
    // The form shows the server's message beside the field.
    meta: { errorToast: false },
    onSuccess: (data) => queryClient.setQueryData(collaboratorsQueryKey(analysisId), data),
  });
}
