import { estimatedSeconds, type DocumentSummary } from '@viabiliza/contracts/documents';

import { extractionFraction, isInFlight } from './document-list';
import { estimateKind } from './upload-rules';

export interface UploadTransfer {
  files: readonly { name: string; size: number }[];
  loaded: number;
  total: number;
}

/** Uploads running side by side, seen as one. */
export function combineTransfers(transfers: ReadonlyMap<number, UploadTransfer>): UploadTransfer | null {
  if (transfers.size === 0) return null;
  const all = [...transfers.values()];
  return {
    files: all.flatMap((t) => t.files),
    loaded: all.reduce((sum, t) => sum + t.loaded, 0),
    total: all.reduce((sum, t) => sum + t.total, 0),
  };
}

export type ProcessingPhase = 'uploading' | 'extracting' | 'done';

export interface ProcessingState {
  phase: ProcessingPhase;
  currentFileName: string | null;
  /**
   * Whole seconds left: the server's measured OCR pace where it has one, else the spec's estimate
   * by size (spec 01 §9) shrinking with the pages done. Null while a file is in OCR and no page of
   * it has been read yet: no honest figure exists, so none is shown ('calculando…').
   */
  secondsRemaining: number | null;
  percent: number;
}

/** The file whose bytes are on the wire: the first whose cumulative size passes the bytes sent. */
function fileBeingSent(transfer: UploadTransfer): string | null {
  const ratio = transfer.total > 0 ? transfer.loaded / transfer.total : 0;
  const totalSize = transfer.files.reduce((sum, f) => sum + f.size, 0);
  let cumulative = 0;
  for (const file of transfer.files) {
    cumulative += file.size;
    if (cumulative >= ratio * totalSize) return file.name;
  }
  return transfer.files.at(-1)?.name ?? null;
}

/**
 * What the processing panel shows (spec 01 §2 'Upload area'): upload progress while sending, then the
 * extraction of `documents` (those in flight plus the ones `tracked` since the last upload), then done.
 * Null when there is nothing to show.
 */
export function processingState(
  transfer: UploadTransfer | null,
  documents: readonly DocumentSummary[],
  tracked: ReadonlySet<string>,
): ProcessingState | null {
  const inFlight = documents.filter((d) => isInFlight(d.status));
  // The server's measured OCR pace where it has one, else the spec's estimate by size.
  const unmeasured = inFlight.some((d) => d.status === 'processing' && d.progressPhase === 'ocr' && d.etaSeconds === null);
  const extractionSeconds = unmeasured
    ? null
    : Math.ceil(inFlight.reduce((sum, d) => sum + (d.etaSeconds ?? d.estimatedSeconds * (1 - extractionFraction(d))), 0));

  if (transfer) {
    const uploadSeconds = transfer.files.reduce((sum, f) => sum + estimatedSeconds(estimateKind(f.name), f.size), 0);
    return {
      phase: 'uploading',
      currentFileName: fileBeingSent(transfer),
      secondsRemaining: extractionSeconds === null ? null : uploadSeconds + extractionSeconds,
      percent: transfer.total > 0 ? Math.round((transfer.loaded / transfer.total) * 100) : 0,
    };
  }

  const watched = documents.filter((d) => isInFlight(d.status) || tracked.has(d.id));
  if (watched.length === 0) return null;
  if (inFlight.length === 0) return { phase: 'done', currentFileName: null, secondsRemaining: 0, percent: 100 };

  // Weighted by the estimate, so a 40-page scan counts for more than a one-page receipt.
  const weight = (d: DocumentSummary) => Math.max(1, d.estimatedSeconds);
  const totalWeight = watched.reduce((sum, d) => sum + weight(d), 0);
  const done = watched.reduce((sum, d) => sum + weight(d) * extractionFraction(d), 0);
  // The list is newest first and the queue takes the oldest first.
  const current = inFlight.find((d) => d.status === 'processing') ?? inFlight.at(-1)!;
  return {
    phase: 'extracting',
    currentFileName: current.fileName,
    secondsRemaining: extractionSeconds,
    // Rounding must not show 100 % while a file is still being read.
    percent: Math.min(99, Math.round((done / totalWeight) * 100)),
  };
}

/**
 * Documents to announce with 'Falha ao processar {file}': in error now, not announced yet, and either
 * seen in flight before or part of an upload of this session (a broken file can fail before the upload
 * answer arrives, so it is never seen in flight). Failures that predate the page are not announced.
 */
export function newFailures(
  previous: ReadonlyMap<string, DocumentSummary['status']>,
  documents: readonly DocumentSummary[],
  uploadedHere: ReadonlySet<string>,
  announced: ReadonlySet<string>,
): DocumentSummary[] {
  return documents.filter((d) => {
    if (d.status !== 'error' || announced.has(d.id)) return false;
    const before = previous.get(d.id);
    return uploadedHere.has(d.id) || (before !== undefined && isInFlight(before));
  });
}

/**
 * Batches of this session whose every document has settled (completed, error, quarantined or
 * removed), with how many completed: '{n} arquivo(s) processado(s) com sucesso!'.
 */
export function settledBatches(
  batches: readonly (readonly string[])[],
  documents: readonly DocumentSummary[],
): { batch: readonly string[]; completed: number }[] {
  const byId = new Map(documents.map((d) => [d.id, d]));
  return batches
    .filter((batch) => batch.every((id) => {
      const doc = byId.get(id);
      return !doc || !isInFlight(doc.status);
    }))
    .map((batch) => ({ batch, completed: batch.filter((id) => byId.get(id)?.status === 'completed').length }));
}
