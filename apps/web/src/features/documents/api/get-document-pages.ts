import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentPages, type DocumentPage } from '@viabiliza/contracts/documents';

import { DOCUMENTS_QUERY_KEY } from '@/features/documents/api/get-documents';
import { api } from '@/lib/api-client';

export function documentPagesQueryKey(id: string) {
  return [...DOCUMENTS_QUERY_KEY, 'pages', id] as const;
}

export function getDocumentPages(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ pages: DocumentPage[] }> {
  return api.get(`/api/documents/${encodeURIComponent(id)}/pages`, { signal, schema: documentPages });
}

export function getDocumentPagesQueryOptions(id: string) {
  return queryOptions({
    queryKey: documentPagesQueryKey(id),
    queryFn: ({ signal }) => getDocumentPages(id, { signal }),
  });
}

/** The extracted text page by page; fetched only when asked for (`enabled`), it can be long. */
export function useDocumentPages(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getDocumentPagesQueryOptions(id), enabled });
}
