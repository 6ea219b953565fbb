import { documentSummary, type DocumentSummary } from '@viabiliza/contracts/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { DOCUMENTS_QUERY_KEY } from '@/features/documents/api/get-documents';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** 'Tentar novamente' on a failed document: the server reads again only the pages that failed. */
export function retryDocument(id: string): Promise<DocumentSummary> {
  return api.post(`/api/documents/${encodeURIComponent(id)}/retry`, undefined, { schema: documentSummary });
}

export function useRetryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDocument,
    meta: { errorTitle: 'Não foi possível tentar novamente' },
    onSuccess: (doc) => {
      // Back in the queue: the lists read it again, and the live events carry it from there.
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      toast.success(`Nova tentativa de leitura: ${doc.fileName}`);
    },
  });
}
