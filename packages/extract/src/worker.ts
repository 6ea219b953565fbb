/**
 * The extraction worker thread's entry (piscina). It stays alive between documents, so pdf.js,
 * mammoth and the thread's tesseract.js worker are loaded once. In production the server bundles
 * this file to `dist/extract-worker.js` (see EXTRACT_WORKER_SOURCE in pool.ts).
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { taskBegun } from './deadline.ts';
import { extractDocument, type ExtractInput, type ExtractionTimeouts } from './extract.ts';
import { useOcrSlots } from './ocr-slots.ts';
import { countPdfPages, type PdfPageRange } from './pdf.ts';
import { assertPdfInflationBounded } from './pdf-inflate-limits.ts';
import { readTableCells } from './table.ts';
import { TableReadError, type TableReadFailure } from './table-limits.ts';
import { ExtractionError, type ExtractedPage, type ExtractionProgress, type ExtractionResult } from './types.ts';

/** What the pool hands every thread at start (piscina's `workerData`). */
export interface ExtractionWorkerData {
  /** The process-wide limit of native OCR processes, shared by all threads (ocr-slots.ts). */
  ocrSlots?: SharedArrayBuffer;
}

const shared = workerData as ExtractionWorkerData | null | undefined;
if (shared?.ocrSlots instanceof SharedArrayBuffer) useOcrSlots(shared.ocrSlots);

export interface ExtractionTask {
  type: 'extract';
  input: ExtractInput;
  maxPdfPages?: number;
  timeouts?: Partial<ExtractionTimeouts>;
  pdfPages?: PdfPageRange;
  /** Pages an earlier attempt read (extract.ts: skipPages). */
  skipPages?: number[];
  /** Whether to send each page as it is read (a `page` message). */
  sendPages?: boolean;
  /**
   * Progress, pages and a heartbeat go out on it; an { type: 'abort' } message comes in when the
   * caller gives up.
   */
  port: MessagePort;
}

/** Before splitting a long PDF across threads, the pool asks for its page count. */
export interface CountPagesTask {
  type: 'countPdfPages';
  path: string;
}

/** An admin's table import (CSV or XLSX bytes) read to text cells (table.ts). */
export interface TableTask {
  type: 'readTable';
  bytes: Uint8Array;
  /**
   * Told when the thread begins the table: the time bound counts from there, not from the thread's
   * start (loading the readers on a busy machine is not the sheet being slow).
   */
  started?: MessagePort;
}

export type TableTaskResult = { ok: true; cells: string[][] } | { ok: false; error: { message: string; reason: TableReadFailure } };

export type WorkerMessage =
  | { type: 'progress'; progress: ExtractionProgress }
  | { type: 'page'; page: ExtractedPage }
  /** The thread's event loop turns: a page may take long on a busy machine, the thread is not stuck. */
  | { type: 'alive' };

/** How often a thread at work says it is alive (well inside the pool's watchdog). */
export const HEARTBEAT_MS = 5_000;
export type ControlMessage = { type: 'abort' };

/** Errors cross the thread boundary as data: a structured clone keeps neither class nor `retryable`. */
export type ExtractionTaskResult =
  | { ok: true; result: ExtractionResult }
  | { ok: false; error: { message: string; retryable: boolean; extraction: boolean } };

export default function runTask(task: ExtractionTask): Promise<ExtractionTaskResult>;
export default function runTask(task: CountPagesTask): Promise<number | null>;
export default function runTask(task: TableTask): Promise<TableTaskResult>;
export default async function runTask(task: ExtractionTask | CountPagesTask | TableTask): Promise<ExtractionTaskResult | TableTaskResult | number | null> {
  // A bomb is not counted (pdf.js would inflate an object stream to find the pages): the pool
  // then reads the file in one piece, and the check below gives the reason.
  if (task.type === 'countPdfPages') return assertPdfInflationBounded(task.path).then(() => countPdfPages(task.path), () => null);
  if (task.type === 'readTable') return runTable(task);
  return runExtraction(task);
}

async function runTable(task: TableTask): Promise<TableTaskResult> {
  taskBegun(task.started);
  try {
    return { ok: true, cells: await readTableCells(task.bytes) };
  } catch (error) {
    if (error instanceof TableReadError) return { ok: false, error: { message: error.message, reason: error.reason } };
    return { ok: false, error: { message: error instanceof Error ? error.message : String(error), reason: 'unreadable' } };
  }
}

async function runExtraction(task: ExtractionTask): Promise<ExtractionTaskResult> {
  const controller = new AbortController();
  task.port.on('message', (message: ControlMessage) => {
    if (message.type === 'abort') controller.abort(new ExtractionError('Extração cancelada'));
  });
  const heartbeat = setInterval(() => task.port.postMessage({ type: 'alive' } satisfies WorkerMessage), HEARTBEAT_MS);
  try {
    // Measured before pdf.js opens it: pdf.js inflates a stream whole, and a bomb takes gigabytes.
    if (task.input.kind === 'pdf') await assertPdfInflationBounded(task.input.path, { signal: controller.signal });
    const result = await extractDocument(task.input, {
      maxPdfPages: task.maxPdfPages,
      timeouts: task.timeouts,
      pdfPages: task.pdfPages,
      skipPages: task.skipPages,
      signal: controller.signal,
      onProgress: (progress) => task.port.postMessage({ type: 'progress', progress } satisfies WorkerMessage),
      // Cells are only for the key fields, read from the final result.
      onPage: task.sendPages ? ({ cells: _cells, ...page }) => task.port.postMessage({ type: 'page', page } satisfies WorkerMessage) : undefined,
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ExtractionError) return { ok: false, error: { message: error.message, retryable: error.retryable, extraction: true } };
    return { ok: false, error: { message: error instanceof Error ? error.message : String(error), retryable: false, extraction: false } };
  } finally {
    clearInterval(heartbeat);
    task.port.close();
  }
}
