import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { withTimeout } from './deadline.ts';
import { ocrSlots } from './ocr-slots.ts';
import { OCR_PAGE_CPU_MS, OCR_PAGE_TIMEOUT_MS } from './rules.ts';
import { ExtractionError } from './types.ts';

export { OCR_PAGE_CPU_MS, OCR_PAGE_TIMEOUT_MS };
/** tesseract.js: the two npm language packages we ship. */
export const OCR_LANGUAGES = 'por+eng';
/**
 * Native tesseract: Portuguese alone. Measured against por+eng on the same scanned pages (see the
 * README's 'Decisions'): the same character error on Portuguese paperwork, and `eng` only adds
 * a second model to run; the few English words of our documents (DocuSign pages) read fine with por.
 */
export const NATIVE_OCR_LANGUAGES = 'por';

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
}

export interface OcrRecognizeOptions {
  /**
   * Last resort against a runaway OCR, never a reason to fail a page on a busy machine: wall time,
   * multiplied by the machine's load per core when it is above 1 (runawayLimitMs). Default
   * OCR_PAGE_TIMEOUT_MS.
   */
  timeoutMs?: number;
  /**
   * CPU time the OCR process of one page may use (native tesseract, read from /proc): what bounds
   * a pathological page, whatever else the machine is doing. Default OCR_PAGE_CPU_MS.
   */
  cpuMs?: number;
  signal?: AbortSignal;
}

/** The page's wall-clock limit stretched by the load per core: a busy machine reads slower, not worse. */
export function runawayLimitMs(baseMs: number, load = loadavg()[0] ?? 0, cores = availableParallelism()): number {
  return Math.round(baseMs * Math.max(1, load / Math.max(1, cores)));
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) a process has used, from /proc/<pid>/stat (Linux); null where
 * there is no /proc or the process is gone. The fields after the command name (which may hold
 * spaces and parentheses) are counted from its closing parenthesis: utime and stime are the 14th
 * and 15th fields, in clock ticks (USER_HZ, 100 on Linux).
 */
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return ((utime + stime) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** How often a running OCR process's CPU time is read. */
const CPU_POLL_MS = 500;

/** What extraction needs from an OCR engine; tests may pass their own. */
export interface OcrLike {
  recognize(image: Buffer, options?: OcrRecognizeOptions): Promise<OcrResult>;
  /**
   * Degrees to turn the image clockwise so its text stands upright (0, 90, 180, 270), or null
   * when the engine cannot tell. Engines without it get a heuristic (ocr-page.ts).
   */
  detectOrientation?(image: Buffer, options?: OcrRecognizeOptions): Promise<number | null>;
  /** Pages it reads at once to good effect (default 1): a file keeps that many in flight. */
  readonly concurrency?: number;
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
  /** One worker per thread: a second page in flight only waits in its queue. */
  readonly concurrency = 1;
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

  async #recognizeNow(image: Buffer, { timeoutMs: baseMs = OCR_PAGE_TIMEOUT_MS, signal }: OcrRecognizeOptions): Promise<OcrResult> {
    signal?.throwIfAborted();
    // Its WebAssembly runs on a thread whose CPU time we cannot read: only the runaway bound.
    const timeoutMs = runawayLimitMs(baseMs);
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

// ---------------------------------------------------------------------------------------------
// Native tesseract
// ---------------------------------------------------------------------------------------------

export type OcrEngineName = 'native' | 'tesseractjs';

/**
 * `OCR_ENGINE`: `native` (the tesseract binary, required), `tesseractjs` (the bundled WASM
 * engine), unset or `auto` (native when installed with Portuguese, else tesseract.js).
 */
export function ocrEngineSetting(env: NodeJS.ProcessEnv = process.env): OcrEngineName | 'auto' {
  const value = (env.OCR_ENGINE ?? '').trim().toLowerCase();
  if (value === '' || value === 'auto') return 'auto';
  if (value === 'native' || value === 'tesseractjs') return value;
  throw new Error(`OCR_ENGINE inválido: '${env.OCR_ENGINE}' (use native, tesseractjs ou auto)`);
}

/** Whether `tesseract` is on the PATH of `env` with the Portuguese model. Not cached. */
export function detectNativeTesseract(env: NodeJS.ProcessEnv = process.env): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v tesseract'], { env, stdio: 'ignore', timeout: 5_000 });
    const langs = execFileSync('tesseract', ['--list-langs'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 });
    const installed = new Set(langs.split('\n').map((line) => line.trim()));
    return NATIVE_OCR_LANGUAGES.split('+').every((lang) => installed.has(lang));
  } catch {
    return false;
  }
}

let nativeAvailable: boolean | undefined;
/** detectNativeTesseract(), asked once per thread. */
export function nativeTesseractAvailable(): boolean {
  nativeAvailable ??= detectNativeTesseract();
  return nativeAvailable;
}

/** Which engine `OCR_ENGINE` and the machine give. */
export function chooseOcrEngine(setting: OcrEngineName | 'auto', nativeInstalled: boolean): OcrEngineName {
  if (setting === 'native' && !nativeInstalled) {
    throw new ExtractionError('OCR_ENGINE=native, mas o tesseract (com o idioma por) não está instalado');
  }
  if (setting === 'auto') return nativeInstalled ? 'native' : 'tesseractjs';
  return setting;
}

/** Words of tesseract's TSV output laid out as text (lines, blank line between paragraphs). */
export function textFromTsv(tsv: string): OcrResult {
  const lines: string[] = [];
  let line: string[] = [];
  let lineKey = '';
  let paragraphKey = '';
  let confidenceSum = 0;
  let words = 0;
  const flush = () => {
    if (line.length) lines.push(line.join(' '));
    line = [];
  };
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const text = cells.slice(11).join('\t').trim();
    const confidence = Number(cells[10]);
    if (!text) continue;
    const paragraph = `${cells[1]}.${cells[2]}.${cells[3]}`;
    const key = `${paragraph}.${cells[4]}`;
    if (key !== lineKey) {
      flush();
      if (paragraphKey && paragraph !== paragraphKey) lines.push('');
      lineKey = key;
      paragraphKey = paragraph;
    }
    line.push(text);
    if (confidence >= 0) {
      confidenceSum += confidence;
      words++;
    }
  }
  flush();
  return { text: lines.join('\n'), confidence: words ? Math.round((confidenceSum / words) * 10) / 10 : 0 };
}

/**
 * The tesseract binary, one process per page (an image through stdin, TSV out), at most one per
 * core across the whole server (ocr-slots.ts). `OMP_THREAD_LIMIT=1`: tesseract's own threading
 * ran 7× slower here, and pages in parallel use the cores better than threads inside a page.
 * Nothing stays loaded between pages: tesseract starts in about 0.1 s, small against a page.
 */
export class NativeOcrEngine implements OcrLike {
  readonly #languages: string;
  readonly #running = new Set<ReturnType<typeof spawn>>();

  constructor(languages = NATIVE_OCR_LANGUAGES) {
    this.#languages = languages;
  }

  get concurrency(): number {
    return ocrSlots().size;
  }

  async recognize(image: Buffer, options: OcrRecognizeOptions = {}): Promise<OcrResult> {
    const out = await this.#run(['-l', this.#languages, '--psm', '3', '--dpi', '300', 'tsv'], image, options);
    return textFromTsv(out);
  }

  /** Tesseract's orientation and script detection (`--psm 0`, osd.traineddata). */
  async detectOrientation(image: Buffer, options: OcrRecognizeOptions = {}): Promise<number | null> {
    let out: string;
    try {
      out = await this.#run(['--psm', '0', '--dpi', '300'], image, options);
    } catch (error) {
      // Too few characters to decide makes tesseract fail: not an error for the page.
      if (error instanceof ExtractionError && !error.retryable) return null;
      throw error;
    }
    const rotate = /Rotate:\s*(\d+)/.exec(out);
    const confidence = /Orientation confidence:\s*([\d.]+)/.exec(out);
    // Below ~2 the detector is guessing (measured on downscaled and sparse pages).
    if (!rotate || !confidence || Number(confidence[1]) < 2) return null;
    return Number(rotate[1]) % 360;
  }

  async terminate(): Promise<void> {
    for (const child of this.#running) child.kill('SIGKILL');
    this.#running.clear();
  }

  async #run(args: string[], image: Buffer, { timeoutMs = OCR_PAGE_TIMEOUT_MS, cpuMs = OCR_PAGE_CPU_MS, signal }: OcrRecognizeOptions): Promise<string> {
    // Waiting for a slot is not the page's time: the budgets start with the process.
    const release = await ocrSlots().acquire(signal);
    try {
      signal?.throwIfAborted();
      const child = spawn('tesseract', ['stdin', 'stdout', ...args], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      this.#running.add(child);
      let overCpu = false;
      const work = new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        let stderr = '';
        child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
        child.stderr!.on('data', (chunk: Buffer) => {
          if (stderr.length < 4096) stderr += chunk.toString('utf8');
        });
        child.on('error', (error) => reject(new ExtractionError(`Não foi possível iniciar o OCR: ${error.message}`, true)));
        child.on('close', (code) => {
          if (overCpu) reject(new ExtractionError(`o OCR usou mais de ${Math.round(cpuMs / 1000)} s de CPU (página complexa demais)`));
          else if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
          else reject(new ExtractionError('A imagem não pôde ser lida pelo OCR'));
        });
        // A child that died early closes its stdin: the page is lost, not the thread.
        child.stdin!.on('error', () => undefined);
        child.stdin!.end(image);
      });
      // The page's own bound: the CPU time tesseract used, which a busy machine does not inflate.
      const cpuWatch = setInterval(() => {
        const used = child.pid === undefined ? null : processCpuMs(child.pid);
        if (used !== null && used > cpuMs && child.exitCode === null) {
          overCpu = true;
          child.kill('SIGKILL');
        }
      }, CPU_POLL_MS);
      const limitMs = runawayLimitMs(timeoutMs);
      try {
        return await withTimeout(work, limitMs, () => new ExtractionError(`Timeout: OCR não terminou em ${Math.round(limitMs / 1000)} s`, true), signal);
      } catch (error) {
        work.catch(() => undefined);
        throw error;
      } finally {
        clearInterval(cpuWatch);
        // Over its budget or aborted: the process is killed, its slot freed.
        if (child.exitCode === null) child.kill('SIGKILL');
        this.#running.delete(child);
      }
    } finally {
      release();
    }
  }
}

let shared: OcrLike | undefined;

/**
 * The engine of the current thread (one per extraction worker thread): native tesseract when
 * installed (or OCR_ENGINE=native), else tesseract.js; `OCR_ENGINE=tesseractjs` forces the latter.
 */
export function sharedOcrEngine(): OcrLike {
  shared ??= chooseOcrEngine(ocrEngineSetting(), nativeTesseractAvailable()) === 'native' ? new NativeOcrEngine() : new OcrEngine();
  return shared;
}

/** Which engine sharedOcrEngine() gives (for benchmarks and logs). */
export function sharedOcrEngineName(): OcrEngineName {
  return sharedOcrEngine() instanceof NativeOcrEngine ? 'native' : 'tesseractjs';
}

export async function terminateSharedOcrEngine(): Promise<void> {
  await shared?.terminate();
}
