import { UPLOAD_MESSAGES, type DocumentSummary, type UploadResponse } from '@viabiliza/contracts/documents';
import { useEffect, useMemo, useRef, useState } from 'react';

import { useUploadDocuments } from '@/features/documents/api/upload-documents';
import {
  newFailures,
  combineTransfers,
  processingState,
  settledBatches,
  type ProcessingState,
  type UploadTransfer,
} from '@/features/documents/utils/processing';
import { checkFiles } from '@/features/documents/utils/upload-rules';
import { toast } from '@/lib/toast';

/** How long 'Upload concluído! ✓' stays before the panel goes away. */
export const DONE_PANEL_MS = 4000;

function announceUpload(response: UploadResponse): void {
  const added = response.documents.filter((d) => d.status !== 'quarantined').length;
  if (added > 0) toast.info(`${added} arquivo(s) adicionado(s) para processamento`);
  if (response.quarantinedCount > 0) toast.warning(UPLOAD_MESSAGES.quarantined(response.quarantinedCount));
  for (const line of response.warnings) toast.warning(line);
  for (const r of response.rejected) toast.error('Arquivo inválido', { description: `${r.fileName}: ${r.error}` });
}

export interface UploadFlow {
  /** Files from the drop zone: checked, then sent in one request. */
  send: (accepted: File[], typeRejected: File[]) => void;
  /** What the processing panel shows; null hides it. */
  processing: ProcessingState | null;
}

/**
 * The upload flow of spec 01 §4: comfort checks, the upload with its progress, the toasts of the
 * answer, then the live extraction (fed by the event stream into `documents`), announcing each
 * failure and, once a batch has settled, how many files were processed.
 */
export function useUploadFlow(
  documents: readonly DocumentSummary[] | undefined,
  propertyId: string | null = null,
  onPropertyCreated?: (propertyId: string) => void,
): UploadFlow {
  const upload = useUploadDocuments();
  // Several uploads may run at once (a second drop while the first is on the wire); the panel adds them up.
  const [transfers, setTransfers] = useState<ReadonlyMap<number, UploadTransfer>>(() => new Map());
  const nextTransferId = useRef(0);
  const [tracked, setTracked] = useState<ReadonlySet<string>>(() => new Set());
  const batches = useRef<string[][]>([]);
  const uploadedHere = useRef(new Set<string>());
  const announcedFailures = useRef(new Set<string>());
  const lastStatuses = useRef<Map<string, DocumentSummary['status']> | null>(null);

  const send = (accepted: File[], typeRejected: File[]) => {
    const check = checkFiles(accepted, typeRejected);
    if (check.tooMany) {
      toast.error(UPLOAD_MESSAGES.tooManyFiles);
      return;
    }
    for (const r of check.rejected) toast.error('Arquivo inválido', { description: `${r.fileName}: ${r.reason}` });
    const files = check.good;
    if (files.length === 0) return;

    const transferId = nextTransferId.current++;
    const update = (transfer: UploadTransfer | null) =>
      setTransfers((previous) => {
        const next = new Map(previous);
        if (transfer) next.set(transferId, transfer);
        else next.delete(transferId);
        return next;
      });
    update({ files, loaded: 0, total: files.reduce((sum, f) => sum + f.size, 0) });
    // mutateAsync, not mutate with callbacks: TanStack Query calls per-call callbacks for the latest
    // call only, and uploads may overlap. A failure is already toasted by the mutation cache.
    upload
      // Sent from a property's workspace, the files are attached to that property on arrival.
      .mutateAsync({ files, ...(propertyId ? { propertyId } : {}), onProgress: (loaded, total) => update({ files, loaded, total }) })
      .then(
        (response) => {
          announceUpload(response);
          // Sent without a property ('Novo imóvel'): the server made one for the batch; the workspace is now it.
          const created = propertyId ? null : response.documents.find((d) => d.propertyId)?.propertyId;
          if (created) onPropertyCreated?.(created);
          const ids = response.documents.filter((d) => d.status !== 'quarantined').map((d) => d.id);
          if (ids.length === 0) return;
          for (const id of ids) uploadedHere.current.add(id);
          batches.current.push(ids);
          setTracked((previous) => new Set([...previous, ...ids]));
        },
        () => {},
      )
      .finally(() => update(null));
  };

  // Announcements follow the list, whether it changed by an event, an upload answer or a refetch.
  // `tracked` is a dependency too: a broken file can fail (by event) before its upload answer arrives,
  // and only the answer tells that it belongs to this session.
  useEffect(() => {
    if (!documents) return;
    const previous = lastStatuses.current;
    if (previous) {
      for (const doc of newFailures(previous, documents, uploadedHere.current, announcedFailures.current)) {
        announcedFailures.current.add(doc.id);
        toast.error(`Falha ao processar ${doc.fileName}`, doc.errorMessage ? { description: doc.errorMessage } : undefined);
      }
    }
    lastStatuses.current = new Map(documents.map((d) => [d.id, d.status]));

    const settled = settledBatches(batches.current, documents);
    if (settled.length === 0) return;
    batches.current = batches.current.filter((batch) => !settled.some((s) => s.batch === batch));
    for (const { completed } of settled) {
      if (completed > 0) toast.success(`${completed} arquivo(s) processado(s) com sucesso!`);
    }
  }, [documents, tracked]);

  const processing = useMemo(
    () => processingState(combineTransfers(transfers), documents ?? [], tracked),
    [transfers, documents, tracked],
  );

  const done = processing?.phase === 'done';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setTracked(new Set()), DONE_PANEL_MS);
    return () => clearTimeout(timer);
  }, [done]);

  return { send, processing };
}
