import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { withTimeout } from './deadline.ts';
import { OCR_PAGE_TIMEOUT_MS } from './rules.ts';
import { ExtractionError } from './types.ts';

export { OCR_PAGE_TIMEOUT_MS };
export const OCR_LANGUAGES = 'por+eng';

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
}

export interface OcrRecognizeOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What extraction needs from an OCR engine; tests may pass their own. */
export interface OcrLike {
  recognize(image: Buffer, options?: OcrRecognizeOptions): Promise<OcrResult>;
  terminate(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * tesseract.js takes one `langPath` for all languages, while por and eng come in two npm packages:
 * link both files into a temporary directory for the time of loading. Nothing is fetched and
 * nothing is cached to disk (`cacheMethod: 'none'`).
 */
function linkLanguageData(dir: string): void {
  for (const lang of OCR_LANGUAGES.split('+')) {
    const source = require.resolve(`@tesseract.js-data/${lang}/4.0.0_best_int/${lang}.traineddata.gz`);
    const target = join(dir, `${lang}.traineddata.gz`);
    try {
      symlinkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
}

/**
 * One tesseract.js worker, created on first use and kept for the life of the thread: starting
 * one costs about 0.5 s and 100+ MB, so a process or worker per document would be many times
 * slower. Calls are queued; a page that runs over its budget terminates the worker (it cannot be
 * interrupted otherwise) and the next call starts a fresh one.
 */
export class OcrEngine implements OcrLike {
  #worker: Promise<Worker> | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  recognize(image: Buffer, options: OcrRecognizeOptions = {}): Promise<OcrResult> {
    const run = this.#queue.then(() => this.#recognizeNow(image, options));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async terminate(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (!worker) return;
    let started: Worker;
    try {
      started = await worker;
    } catch {
      return; // A worker that failed to start has nothing left to stop.
    }
    // Stop the thread itself rather than calling tesseract.js's terminate(): that one nulls its
    // thread handle, and a recognize() already on its way then fails in an unhandled promise
    // inside tesseract.js. Messages to a stopped thread are simply dropped.
    const thread = (started as unknown as { worker?: { terminate(): Promise<number> } }).worker;
    await (thread ? thread.terminate() : started.terminate());
  }

  async #recognizeNow(image: Buffer, { timeoutMs = OCR_PAGE_TIMEOUT_MS, signal }: OcrRecognizeOptions): Promise<OcrResult> {
    signal?.throwIfAborted();
    const work = (async () => {
      const worker = await this.#getWorker();
      const { data } = await worker.recognize(image);
      return { text: data.text, confidence: Math.round(data.confidence * 10) / 10 };
    })();
    try {
      return await withTimeout(work, timeoutMs, () => new ExtractionError(`Timeout: OCR excedeu ${Math.round(timeoutMs / 1000)} s`, true), signal);
    } catch (error) {
      if (error instanceof ExtractionError || signal?.aborted) {
        work.catch(() => undefined);
        await this.terminate();
        throw error;
      }
      // tesseract.js rejects with a bare string such as 'Error attempting to read image.'
      throw new ExtractionError('A imagem não pôde ser lida pelo OCR');
    }
  }

  #getWorker(): Promise<Worker> {
    if (!this.#worker) {
      this.#worker = this.#createWorker();
      this.#worker.catch(() => {
        this.#worker = null;
      });
    }
    return this.#worker;
  }

  async #createWorker(): Promise<Worker> {
    const dir = mkdtempSync(join(tmpdir(), 'viabiliza-tessdata-'));
    try {
      linkLanguageData(dir);
      const worker = await createWorker(OCR_LANGUAGES, OEM.LSTM_ONLY, {
        langPath: dir,
        gzip: true,
        cacheMethod: 'none',
        logger: () => undefined,
        // Job failures reject their own promise; without a handler tesseract.js also throws.
        errorHandler: () => undefined,
      });
      // Mode 3 (automatic layout) keeps tables that mode 6 drops; our page images are ~300 dpi.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: '300' });
      return worker;
    } catch (error) {
      throw new ExtractionError(`Não foi possível iniciar o OCR: ${error instanceof Error ? error.message : String(error)}`, true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

let shared: OcrEngine | undefined;

/** The engine of the current thread (one per extraction worker thread). */
export function sharedOcrEngine(): OcrEngine {
  shared ??= new OcrEngine();
  return shared;
}

export async function terminateSharedOcrEngine(): Promise<void> {
  await shared?.terminate();
}
