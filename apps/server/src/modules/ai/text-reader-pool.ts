import { fileURLToPath } from 'node:url';
import { boundFromThreadStart } from '@viabiliza/extract/deadline';
import Piscina from 'piscina';
import { AppError } from '../../lib/app-error.ts';
import type { TextReaderResult, TextReaderTask } from './text-reader.worker.ts';

/**
 * Reading a pasted text (up to 200 000 characters) and running the engine on it takes about a
 * second of CPU for the worst texts: on the main thread that second stops every other request,
 * health checks included. It runs here instead, on one thread started on first use and ended when
 * idle, with its own heap bound, a time bound, and a short queue.
 */
const IDLE_MS = 30_000;
const MAX_QUEUED = 8;
export const TEXT_READ_TIMEOUT_MS = 20_000;
const HEAP_MB = 256;

export const TEXT_READER_MESSAGES = {
  busy: 'Muitas análises de texto em andamento. Tente novamente em instantes.',
  timeout: 'A leitura do texto excedeu o tempo limite. Envie um texto menor.',
  memory: 'O texto é grande demais para ser lido. Envie um texto menor.',
} as const;

/** The worker next to this file: `text-reader.worker.ts` from source, `text-reader-worker.js` beside the bundle. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts')
    ? fileURLToPath(new URL('./text-reader.worker.ts', import.meta.url))
    : fileURLToPath(new URL('./text-reader-worker.js', import.meta.url));
}

function tsxExecArgv(): string[] {
  if (process.execArgv.some((arg) => arg.includes('tsx'))) return process.execArgv;
  return [...process.execArgv, '--import', import.meta.resolve('tsx')];
}

let pool: Piscina | undefined;
function getPool(): Piscina {
  const filename = workerFile();
  pool ??= new Piscina({
    filename,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
    maxQueue: MAX_QUEUED,
    execArgv: filename.endsWith('.ts') ? tsxExecArgv() : process.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  return pool;
}

/**
 * Reads the text and runs the engine on a worker thread; the caller's signal (a hang-up) cancels it.
 * The time bound counts from when the thread begins the text: a thread still starting (loading the
 * engine on a busy machine) does not count against it.
 */
export async function readAndAnalyseOffThread(task: TextReaderTask, signal?: AbortSignal): Promise<TextReaderResult> {
  signal?.throwIfAborted();
  const bound = boundFromThreadStart(TEXT_READ_TIMEOUT_MS, signal);
  try {
    const withPort: TextReaderTask = { ...task, started: bound.started };
    return (await getPool().run(withPort, { signal: bound.signal, transferList: [bound.started] })) as TextReaderResult;
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/queue is at limit/i.test(message)) throw new AppError('RATE_LIMITED', TEXT_READER_MESSAGES.busy);
    if (bound.timedOut()) throw new AppError('UNPROCESSABLE', TEXT_READER_MESSAGES.timeout);
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new AppError('UNPROCESSABLE', TEXT_READER_MESSAGES.memory);
    throw err;
  } finally {
    bound.dispose();
  }
}

/** Ends the thread (tests and shutdown); the next call starts a new one. */
export async function closeTextReader(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
