import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { documentList, type DocumentSummary } from '@viabiliza/contracts/documents';

import { isNewer, mergeLearned } from '@/features/documents/utils/document-list';
import { api } from '@/lib/api-client';

export const DOCUMENTS_QUERY_KEY = ['documents'] as const;
export const DOCUMENT_LIST_QUERY_KEY = [...DOCUMENTS_QUERY_KEY, 'list'] as const;

export function getDocuments({ signal }: { signal?: AbortSignal } = {}): Promise<{ documents: DocumentSummary[] }> {
  return api.get('/api/documents', { signal, schema: documentList });
}

/** Documents this tab learned of outside the list request (upload answers, events), with when. */
const learned = new Map<string, { at: number; doc: DocumentSummary }>();

/** Call when an upload answer or an event writes documents into the cached list. */
export function rememberDocuments(docs: readonly DocumentSummary[]): void {
  const at = performance.now();
  for (const doc of docs) {
    // An upload answer can arrive after the events of its extraction: the later state is kept.
    const known = learned.get(doc.id)?.doc;
    learned.set(doc.id, { at, doc: known && isNewer(known, doc) ? known : doc });
  }
}

async function fetchDocumentList(signal: AbortSignal): Promise<{ documents: DocumentSummary[] }> {
  const startedAt = performance.now();
  const fetched = await getDocuments({ signal });
  const since: DocumentSummary[] = [];
  for (const [id, entry] of learned) {
    if (entry.at >= startedAt) since.push(entry.doc);
    else learned.delete(id);
  }
  return mergeLearned(fetched, since);
}

export function getDocumentsQueryOptions() {
  return queryOptions({
    queryKey: DOCUMENT_LIST_QUERY_KEY,
    queryFn: ({ signal }) => fetchDocumentList(signal),
    // The list is kept live by the event stream only while a page showing it is open, so every such
    // page starts from the server's state.
    refetchOnMount: 'always',
  });
}

function onProperty(propertyId: string | null) {
  return (list: { documents: DocumentSummary[] }) => ({ documents: list.documents.filter((d) => d.propertyId !== null && d.propertyId === propertyId) });
}

/**
 * The user's own documents, newest first; with `propertyId`, only that property's. The one list
 * (kept live by the event stream and upload answers) is filtered here rather than fetched apart.
 * `scoped`: a workspace of one property, where no property yet ('Novo imóvel') means no documents.
 */
export function useDocuments({ enabled = true, propertyId = null, scoped = false }: { enabled?: boolean; propertyId?: string | null; scoped?: boolean } = {}) {
  const select = useMemo(() => (propertyId || scoped ? onProperty(propertyId) : undefined), [propertyId, scoped]);
  return useQuery({ ...getDocumentsQueryOptions(), enabled, select });
}
