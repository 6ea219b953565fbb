import { queryOptions, useQueries } from '@tanstack/react-query';
import { documentDetail, type DocumentDetail } from '@viabiliza/contracts/documents';

import { DOCUMENTS_QUERY_KEY } from '@/features/documents/api/get-documents';
import { api } from '@/lib/api-client';

export function documentQueryKey(id: string) {
  return [...DOCUMENTS_QUERY_KEY, 'detail', id] as const;
}

export function getDocument(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<DocumentDetail> {
  return api.get(`/api/documents/${encodeURIComponent(id)}`, { signal, schema: documentDetail });
}

export function getDocumentQueryOptions(id: string) {
  return queryOptions({
    queryKey: documentQueryKey(id),
    queryFn: ({ signal }) => getDocument(id, { signal }),
  });
}

/** Details (key fields) of several documents at once, in the order of `ids`. */
export function useDocumentDetails(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => getDocumentQueryOptions(id)) });
}
