import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveDocumentResponse, type MoveDocumentResponse } from '@viabiliza/contracts/properties';

import { PROPERTIES_QUERY_KEY } from '@/features/properties/api/keys';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** POST /api/properties/:id/documents: moves one of the user's documents to this property. */
export function moveDocument({ propertyId, documentId }: { propertyId: string; documentId: string }): Promise<MoveDocumentResponse> {
  return apiRequest(`/api/properties/${encodeURIComponent(propertyId)}/documents`, {
    method: 'POST',
    body: { documentId },
    schema: moveDocumentResponse,
  });
}

/** The explicit move; every document list and the properties' counts are read again. */
export function useMoveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveDocument,
    retry: false,
    onSuccess: ({ message }) => {
      toast.success(message);
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      void queryClient.invalidateQueries({ queryKey: PROPERTIES_QUERY_KEY });
    },
    meta: { errorTitle: 'Não foi possível mover o documento' },
  });
}
