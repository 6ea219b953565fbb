import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import Piscina from 'piscina';
// The reader threads load sharp (libvips). On glibc a native library first opened by a worker
// thread is unloaded when that thread ends (the pool's destroy, a stuck file's kill), which can
// take the whole process down (lovell/sharp#2263). Opened here once, it stays loaded.
import 'sharp';
import { boundFromThreadStart, raceAbort } from './deadline.ts';
import { FairScheduler } from './fair-scheduler.ts';
import { combineProgress } from './ocr-progress.ts';
import { OcrSlots } from './ocr-slots.ts';
import {
  checkMinimumText,
  DEFAULT_MAX_PDF_PAGES,
  DEFAULT_TIMEOUTS,
  FILE_TIMEOUT_MESSAGE,
  group,
  wrap,
  type ExtractInput,
  type ExtractionTimeouts,
  type PdfPageRange,
} from './rules.ts';
import { TABLE_MESSAGES, TABLE_READ_TIMEOUT_MS, TableReadError } from './table-limits.ts';
import { ExtractionError, type ExtractedPage, type ExtractionProgress, type ExtractionResult } from './types.ts';
import type { ControlMessage, CountPagesTask, ExtractionTask, ExtractionTaskResult, ExtractionWorkerData, TableTask, TableTaskResult, WorkerMessage } from './worker.ts';

/** The worker entry in TypeScript. The server's build bundles it (entry name below) beside main.js. */
export const EXTRACT_WORKER_SOURCE = fileURLToPath(new URL('./worker.ts', import.meta.url));
/** File name of the bundled worker, in the same directory as the bundle that contains this code. */
export const EXTRACT_WORKER_BUNDLE_NAME = 'extract-worker.js';

/**
 * Where the worker is: this source file runs from TypeScript (tests, `tsx` in development) and
 * then the worker is `worker.ts`; once bundled, this code lives in `dist/server.js` and the worker
 * is `dist/extract-worker.js`.
 */
export function defaultWorkerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? EXTRACT_WORKER_SOURCE : fileURLToPath(new URL(`./${EXTRACT_WORKER_BUNDLE_NAME}`, import.meta.url));
}

/** A worker silent (no progress) for the file budget plus this is stuck and gets terminated. */
const WATCHDOG_GRACE_MS = 10_000;
/** After the caller aborts, a worker that has not stopped by then is terminated. */
const ABORT_GRACE_MS = 5_000;
/**
 * A PDF is split across the threads when it has at least this many pages to read. Smaller files
 * are not even counted (counting costs an extra open): below 256 KB a PDF is short or all text,
 * and reading it whole takes a few tens of milliseconds.
 */
const SPLIT_MIN_PAGES = 24;
const SPLIT_MIN_BYTES = 256 * 1024;

export interface ExtractionPoolOptions {
  /** Default: os.availableParallelism(). Threads are started at once and kept warm. */
  threads?: number;
  /** Default: defaultWorkerFile(). A `.ts` file runs through tsx. */
  workerFile?: string;
  /** Split long PDFs across the threads (default true). */
  splitPdfs?: boolean;
  /** Heap limits of each thread (default DEFAULT_WORKER_LIMITS). */
  resourceLimits?: WorkerResourceLimits;
  /** Threads one owner may hold while another waits (default threads − 1; see fair-scheduler.ts). */
  maxThreadsPerOwner?: number;
}

export interface WorkerResourceLimits {
  maxOldGenerationSizeMb?: number;
  maxYoungGenerationSizeMb?: number;
  codeRangeSizeMb?: number;
  stackSizeMb?: number;
}

/**
 * A thread past these dies (ERR_WORKER_OUT_OF_MEMORY) instead of taking the server's memory:
 * reading a 200-page text PDF adds about 45 MB of heap to a thread (`npm run bench:bombs`), so
 * 512 MB is room for the unusual file and a bound for the pathological one. Memory outside the V8
 * heap (pdf.js's decoded streams, tesseract's WebAssembly memory, sharp) is not counted here: the
 * inflate limits (pdf-inflate-limits.ts) and the image pixel caps bound those.
 */
export const DEFAULT_WORKER_LIMITS: WorkerResourceLimits = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32 };
export const OUT_OF_MEMORY_REASON = 'Memória insuficiente para processar o arquivo';

export interface PoolRunOptions {
  /**
   * Whose file it is (the user id): threads are shared fairly between owners, so one person's
   * backlog never holds another's file for longer than a thread takes to free up.
   */
  owner?: string;
  /** Called once, when the file gets its first thread (until then it is waiting its turn). */
  onStart?: () => void;
  onProgress?: (progress: ExtractionProgress) => void;
  /** Each page as soon as its text is final (without its cells), in any order. */
  onPage?: (page: ExtractedPage) => void;
  /** Pages an earlier attempt read: not read again; the caller checks the minimum text. */
  skipPages?: number[];
  signal?: AbortSignal;
  maxPdfPages?: number;
  timeouts?: Partial<ExtractionTimeouts>;
}

export interface TableRunOptions {
  /** Whose table it is (the admin's id), for the fair scheduler. */
  owner?: string;
  /** Gives up waiting for a thread, or terminates the one reading. */
  signal?: AbortSignal;
  /** From the moment its thread begins the table (default TABLE_READ_TIMEOUT_MS); then it is terminated. */
  timeoutMs?: number;
}

export interface ExtractionPool {
  readonly threads: number;
  /** Same contract as extractDocument, run on worker threads. */
  run(input: ExtractInput, options?: PoolRunOptions): Promise<ExtractionResult>;
  /** A CSV or XLSX import's cells (table.ts), read on a thread; rejects with TableReadError. */
  readTable(bytes: Uint8Array, options?: TableRunOptions): Promise<string[][]>;
  destroy(): Promise<void>;
}

function tsxExecArgv(): string[] {
  if (process.execArgv.some((arg) => arg.includes('tsx'))) return process.execArgv;
  let tsx = 'tsx';
  try {
    tsx = import.meta.resolve('tsx');
  } catch {
    // Resolved by Node from the working directory instead.
  }
  return [...process.execArgv, '--import', tsx];
}

/** `pageCount` pages in `parts` contiguous ranges of near-equal size. */
export function splitRanges(pageCount: number, parts: number): PdfPageRange[] {
  const ranges: PdfPageRange[] = [];
  let first = 1;
  for (let i = 0; i < parts && first <= pageCount; i++) {
    const size = Math.ceil((pageCount - first + 1) / (parts - i));
    ranges.push({ first, last: first + size - 1 });
    first += size;
  }
  return ranges;
}

export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const workerFile = options.workerFile ?? defaultWorkerFile();
  const piscina = new Piscina({
    filename: workerFile,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 2 ** 31 - 1,
    // 'async' keeps each worker's event loop running between tasks (tesseract.js messages).
    atomics: 'async',
    execArgv: workerFile.endsWith('.ts') ? tsxExecArgv() : process.execArgv,
    resourceLimits: { ...DEFAULT_WORKER_LIMITS, ...options.resourceLimits },
    // Native tesseract processes: one per core across all threads, whatever the documents.
    workerData: { ocrSlots: OcrSlots.createBuffer(availableParallelism()) } satisfies ExtractionWorkerData,
  });

  // Every task sent to a thread goes through it, so piscina never queues: the order is decided here.
  const scheduler = new FairScheduler({ slots: threads, maxPerOwner: options.maxThreadsPerOwner });
  const schedule = <T>(runOptions: PoolRunOptions, task: () => Promise<T>) =>
    scheduler.run(runOptions.owner ?? '', task, runOptions.signal);

  /** One task on one thread when its owner's turn comes. */
  function runOne(input: ExtractInput, runOptions: PoolRunOptions & { pdfPages?: PdfPageRange }): Promise<ExtractionResult> {
    return schedule(runOptions, () => {
      runOptions.onStart?.();
      return runOneNow(input, runOptions);
    });
  }

  /** One task on one thread, with progress, abort, and a watchdog for a thread that hangs. */
  async function runOneNow(
    input: ExtractInput,
    runOptions: PoolRunOptions & { pdfPages?: PdfPageRange },
  ): Promise<ExtractionResult> {
    const { onProgress, onPage, signal } = runOptions;
    signal?.throwIfAborted();
    const { port1, port2 } = new MessageChannel();
    const kill = new AbortController();
    const silenceMs = (runOptions.timeouts?.fileMs ?? DEFAULT_TIMEOUTS.fileMs) + WATCHDOG_GRACE_MS;
    let stuck = false;
    let settled = false;
    const watchdog = setTimeout(() => {
      stuck = true;
      kill.abort();
    }, silenceMs);
    let abortTimer: NodeJS.Timeout | undefined;
    const deliver = (message: WorkerMessage) => {
      if (settled && message.type !== 'page') return;
      // Any message means the thread's event loop turns: a slow page on a busy machine is not stuck.
      watchdog.refresh();
      try {
        if (message.type === 'progress') onProgress?.(message.progress);
        else if (message.type === 'page') onPage?.(message.page);
      } catch {
        // A failing listener must not fail the extraction.
      }
    };
    port1.on('message', deliver);
    const onAbort = () => {
      port1.postMessage({ type: 'abort' } satisfies ControlMessage);
      abortTimer = setTimeout(() => kill.abort(), ABORT_GRACE_MS);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const task: ExtractionTask = {
      type: 'extract',
      input,
      maxPdfPages: runOptions.maxPdfPages,
      timeouts: runOptions.timeouts,
      pdfPages: runOptions.pdfPages,
      skipPages: runOptions.skipPages,
      sendPages: Boolean(onPage),
      port: port2,
    };
    const running = piscina.run(task, { transferList: [port2], signal: kill.signal }) as Promise<ExtractionTaskResult>;
    // The worker closes its end when done; the pending abort message must not be cut off before.
    // The result comes back on piscina's channel, the progress on this port: the last progress
    // messages can still be queued here when the result arrives, so they are drained first.
    running
      .finally(() => {
        clearTimeout(abortTimer);
        for (let queued = receiveMessageOnPort(port1); queued; queued = receiveMessageOnPort(port1)) {
          deliver(queued.message as WorkerMessage);
        }
        port1.close();
      })
      .catch(() => undefined);
    try {
      const outcome = signal ? await raceAbort(running, signal) : await running;
      if (outcome.ok) return outcome.result;
      throw new ExtractionError(outcome.error.message, outcome.error.retryable);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof ExtractionError) throw error;
      if (stuck) throw new ExtractionError(FILE_TIMEOUT_MESSAGE, true);
      // Past its heap limit the thread was ended by Node; the file may fit when the thread is fresh.
      if ((error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const kind = group(input.kind);
        throw kind ? wrap(new ExtractionError(OUT_OF_MEMORY_REASON, true), kind) : new ExtractionError(OUT_OF_MEMORY_REASON, true);
      }
      // The thread died (out of memory, a native crash): a resource failure, worth another try.
      throw new ExtractionError('Falha interna na extração: a leitura do arquivo foi interrompida', true);
    } finally {
      settled = true;
      clearTimeout(watchdog);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** How to split a PDF across the threads, or null to read it in one piece. */
  async function planSplit(input: ExtractInput, runOptions: PoolRunOptions): Promise<PdfPageRange[] | null> {
    if (threads < 2 || options.splitPdfs === false || input.kind !== 'pdf') return null;
    if ((await stat(input.path)).size < SPLIT_MIN_BYTES) return null;
    const count = await schedule(runOptions, () => piscina.run({ type: 'countPdfPages', path: input.path } satisfies CountPagesTask) as Promise<number | null>);
    const pages = Math.min(count ?? 0, runOptions.maxPdfPages ?? DEFAULT_MAX_PDF_PAGES);
    return pages >= SPLIT_MIN_PAGES ? splitRanges(pages, threads) : null;
  }

  /**
   * A long PDF is read as contiguous page ranges on all threads at once (a 200-page deed in half
   * the time on two cores); the first failure stops the other parts.
   */
  async function run(input: ExtractInput, options: PoolRunOptions = {}): Promise<ExtractionResult> {
    options.signal?.throwIfAborted();
    let started = false;
    // The parts of a split PDF each get a thread; the file starts with the first.
    const runOptions: PoolRunOptions = {
      ...options,
      onStart: () => {
        if (started) return;
        started = true;
        options.onStart?.();
      },
    };
    const ranges = await planSplit(input, runOptions).catch(() => null);
    if (!ranges) return runOne(input, runOptions);

    const partsProgress: (ExtractionProgress | undefined)[] = ranges.map(() => undefined);
    const pageCount = ranges.reduce((n, r) => n + r.last - r.first + 1, 0);
    const stopParts = new AbortController();
    const signal = runOptions.signal ? AbortSignal.any([runOptions.signal, stopParts.signal]) : stopParts.signal;
    let firstError: unknown = null;
    const parts = ranges.map((pdfPages, i) =>
      runOne(input, {
        ...runOptions,
        signal,
        pdfPages,
        onProgress: (progress) => {
          partsProgress[i] = progress;
          runOptions.onProgress?.(combineProgress(partsProgress, pageCount));
        },
      }).catch((error: unknown) => {
        if (firstError === null && !stopParts.signal.aborted) {
          firstError = error;
          stopParts.abort(error);
        }
        throw error;
      }),
    );
    const settled = await Promise.allSettled(parts);
    if (runOptions.signal?.aborted) throw runOptions.signal.reason;
    if (firstError !== null) throw firstError;
    const results = settled.map((s) => (s as PromiseFulfilledResult<ExtractionResult>).value);
    const pages = results.flatMap((r) => r.pages);
    if (!runOptions.skipPages?.length) checkMinimumText(input.kind, pages);
    const signatures = results.find((r) => r.signatures)?.signatures;
    return { pages, warnings: [...new Set(results.flatMap((r) => r.warnings))], ...(signatures ? { signatures } : {}) };
  }

  /**
   * A table on a thread, terminated at its time bound: the XLSX parser is synchronous, so only
   * ending the thread stops a sheet that is slow to read. A thread past its heap limit dies alone.
   */
  function readTable(bytes: Uint8Array, tableOptions: TableRunOptions = {}): Promise<string[][]> {
    const { signal } = tableOptions;
    return schedule(tableOptions, async () => {
      signal?.throwIfAborted();
      // The bound is the table's own reading, not its thread's start (readers loading on a busy machine).
      const bound = boundFromThreadStart(tableOptions.timeoutMs ?? TABLE_READ_TIMEOUT_MS, signal);
      try {
        const task: TableTask = { type: 'readTable', bytes, started: bound.started };
        const outcome = (await piscina.run(task, { transferList: [bound.started], signal: bound.signal })) as TableTaskResult;
        if (outcome.ok) return outcome.cells;
        throw new TableReadError(outcome.error.message, outcome.error.reason);
      } catch (error) {
        if (error instanceof TableReadError) throw error;
        if (signal?.aborted) throw signal.reason;
        if (bound.timedOut()) throw new TableReadError(TABLE_MESSAGES.timeout, 'timeout');
        if ((error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new TableReadError(TABLE_MESSAGES.memory, 'too-large');
        throw new TableReadError(TABLE_MESSAGES.unreadable, 'unreadable');
      } finally {
        bound.dispose();
      }
    });
  }

  return {
    threads,
    run,
    readTable,
    destroy: () => piscina.destroy(),
  };
}
