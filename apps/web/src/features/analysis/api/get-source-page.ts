import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentPages, type DocumentPage } from '@viabiliza/contracts/documents';

import { ANALYSES_QUERY_KEY } from '@/features/analysis/api/keys';
import { api } from '@/lib/api-client';

/** GET /api/documents/:id/pages: the page an insight cites, read when its link is opened. */
export function getSourcePages(documentId: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ pages: DocumentPage[] }> {
  return api.get(`/api/documents/${encodeURIComponent(documentId)}/pages`, { signal, schema: documentPages });
}

export function getSourcePagesQueryOptions(documentId: string) {
  return queryOptions({
    queryKey: [...ANALYSES_QUERY_KEY, 'source-pages', documentId] as const,
    queryFn: ({ signal }) => getSourcePages(documentId, { signal }),
  });
}

export function useSourcePages(documentId: string | null) {
  return useQuery({ ...getSourcePagesQueryOptions(documentId ?? ''), enabled: documentId !== null });
}
