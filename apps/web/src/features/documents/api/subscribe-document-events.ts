import { useQueryClient } from '@tanstack/react-query';
import { documentSummary, type DocumentSummary } from '@viabiliza/contracts/documents';
import { useEffect } from 'react';

import { wasRemoved } from '@/features/documents/api/delete-document';
import { documentQueryKey } from '@/features/documents/api/get-document';
import { DOCUMENT_LIST_QUERY_KEY, rememberDocuments } from '@/features/documents/api/get-documents';
import { upsertDocument, type DocumentList } from '@/features/documents/utils/document-list';
import { subscribeRealtime } from '@/lib/realtime';

/** Sent by the server whenever a document's status or progress (pagesDone/pageCount) changes. */
export const DOCUMENT_EVENT = 'document';
/** Sent by the server on every (re)connection of the stream. */
const READY_EVENT = 'ready';

export function subscribeDocumentEvents(onDocument: (doc: DocumentSummary) => void): () => void {
  return subscribeRealtime(DOCUMENT_EVENT, (payload) => {
    const parsed = documentSummary.safeParse(payload);
    if (parsed.success) onDocument(parsed.data);
    else console.warn('Evento de documento inválido', parsed.error.issues);
  });
}

/** While `enabled`: status and progress of the user's documents are written into the cached list live. */
export function useDocumentEvents({ enabled }: { enabled: boolean }): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const offDocument = subscribeDocumentEvents((doc) => {
      if (wasRemoved(doc.id)) return;
      rememberDocuments([doc]);
      queryClient.setQueryData<DocumentList>(DOCUMENT_LIST_QUERY_KEY, (list) => (list ? upsertDocument(list, doc) : list));
      // Key fields appear when extraction ends; a detail fetched earlier is out of date.
      if (doc.status === 'completed' || doc.status === 'error') {
        void queryClient.invalidateQueries({ queryKey: documentQueryKey(doc.id) });
      }
    });
    // After a drop of the connection events may have been missed: read the list again.
    const offReady = subscribeRealtime(READY_EVENT, () => {
      void queryClient.invalidateQueries({ queryKey: DOCUMENT_LIST_QUERY_KEY }, { cancelRefetch: false });
    });
    return () => {
      offDocument();
      offReady();
    };
  }, [enabled, queryClient]);
}
