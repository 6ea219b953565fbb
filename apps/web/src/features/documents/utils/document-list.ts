import type { DocumentStatus, DocumentSummary } from '@viabiliza/contracts/documents';

export interface DocumentList {
  documents: DocumentSummary[];
}

/** Still waiting for or going through extraction. */
export function isInFlight(status: DocumentStatus): boolean {
  return status === 'uploaded' || status === 'processing';
}

/**
 * A live update: replaces the document in place, or puts it on top when this list has not seen it
 * (e.g. uploaded from another tab).
 */
export function upsertDocument(list: DocumentList, doc: DocumentSummary): DocumentList {
  const index = list.documents.findIndex((d) => d.id === doc.id);
  if (index === -1) return { documents: [doc, ...list.documents] };
  const documents = list.documents.slice();
  documents[index] = doc;
  return { documents };
}

/**
 * The answer of an upload: new documents go on top in the order sent. One the event stream already
 * delivered is kept as it is, since the event is newer than the upload answer.
 */
export function addUploaded(list: DocumentList, uploaded: readonly DocumentSummary[]): DocumentList {
  const known = new Set(list.documents.map((d) => d.id));
  const fresh = uploaded.filter((d) => !known.has(d.id));
  return fresh.length ? { documents: [...fresh, ...list.documents] } : list;
}

export function removeDocument(list: DocumentList, id: string): DocumentList {
  return { documents: list.documents.filter((d) => d.id !== id) };
}

/** Below 1 while a file is in flight: the last page (or the key fields after it) is still work. */
const MAX_IN_FLIGHT_FRACTION = 0.99;

/**
 * Share of a document's extraction done, 0 to 1; pages when the server has counted them. Never 1
 * (100 %) while the file is in flight, even when every page has a text layer and OCR is left.
 */
export function extractionFraction(doc: DocumentSummary): number {
  if (!isInFlight(doc.status)) return 1;
  if (doc.status === 'processing' && doc.pageCount && doc.pageCount > 0) {
    return Math.min(MAX_IN_FLIGHT_FRACTION, Math.max(0, doc.pagesDone / doc.pageCount));
  }
  return 0;
}

/** Whether `a` is a later state of the same document than `b` (progress events keep updatedAt). */
export function isNewer(a: DocumentSummary, b: DocumentSummary): boolean {
  const at = Date.parse(a.updatedAt);
  const bt = Date.parse(b.updatedAt);
  return at > bt || (at === bt && a.status === b.status && a.pagesDone > b.pagesDone);
}

/**
 * A fetched list merged with what this tab learned (upload answers, events) while the request was on
 * the wire. The server's snapshot may predate them: a slow first GET must not wipe a file the upload
 * answer just added, nor put back 'Aguardando' over the 'Concluído' an event delivered.
 */
export function mergeLearned(fetched: DocumentList, learned: readonly DocumentSummary[]): DocumentList {
  if (learned.length === 0) return fetched;
  const latest = new Map<string, DocumentSummary>();
  for (const doc of learned) {
    const seen = latest.get(doc.id);
    if (!seen || !isNewer(seen, doc)) latest.set(doc.id, doc);
  }
  const documents = fetched.documents.map((d) => {
    const mine = latest.get(d.id);
    return mine && isNewer(mine, d) ? mine : d;
  });
  const known = new Set(fetched.documents.map((d) => d.id));
  // Unknown to the snapshot: newer than it, so on top, newest first as the server orders them.
  const fresh = [...latest.values()]
    .filter((d) => !known.has(d.id))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return { documents: [...fresh, ...documents] };
}
