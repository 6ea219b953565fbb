import { useMutation, useQueryClient } from '@tanstack/react-query';

import { documentQueryKey } from '@/features/documents/api/get-document';
import { documentPagesQueryKey } from '@/features/documents/api/get-document-pages';
import { DOCUMENT_LIST_QUERY_KEY } from '@/features/documents/api/get-documents';
import { removeDocument, type DocumentList } from '@/features/documents/utils/document-list';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * Ids removed in this tab. A progress event of a document being extracted can still arrive after its
 * removal; it must not bring the document back into the list.
 */
const removedIds = new Set<string>();

export function wasRemoved(id: string): boolean {
  return removedIds.has(id);
}

export function deleteDocument(id: string): Promise<void> {
  return api.delete(`/api/documents/${encodeURIComponent(id)}`);
}

/** Optimistic: the file leaves the list at once and comes back if the server refuses. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    meta: { errorTitle: 'Erro ao remover arquivo' },
    onMutate: async (id) => {
      removedIds.add(id);
      await queryClient.cancelQueries({ queryKey: DOCUMENT_LIST_QUERY_KEY });
      const previous = queryClient.getQueryData<DocumentList>(DOCUMENT_LIST_QUERY_KEY);
      if (previous) queryClient.setQueryData(DOCUMENT_LIST_QUERY_KEY, removeDocument(previous, id));
      return { previous };
    },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: documentQueryKey(id) });
      queryClient.removeQueries({ queryKey: documentPagesQueryKey(id) });
      toast.success('Arquivo removido');
    },
    onError: (_error, id, context) => {
      removedIds.delete(id);
      if (context?.previous) queryClient.setQueryData(DOCUMENT_LIST_QUERY_KEY, context.previous);
    },
  });
}
