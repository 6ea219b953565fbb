import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentList, type DocumentSummary } from '@viabiliza/contracts/documents';

import { DOCUMENTS_QUERY_KEY } from '@/features/documents/api/get-documents';
import { api } from '@/lib/api-client';

/** GET /api/documents?propertyId=: the documents attached to one of the user's properties. */
export function getPropertyDocuments(propertyId: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ documents: DocumentSummary[] }> {
  return api.get(`/api/documents?propertyId=${encodeURIComponent(propertyId)}`, { signal, schema: documentList });
}

export function getPropertyDocumentsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'property', propertyId] as const,
    queryFn: ({ signal }) => getPropertyDocuments(propertyId, { signal }),
    refetchOnMount: 'always',
  });
}

export function usePropertyDocuments(propertyId: string | null) {
  return useQuery({ ...getPropertyDocumentsQueryOptions(propertyId ?? ''), enabled: propertyId !== null });
}

