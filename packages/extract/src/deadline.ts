import { MessageChannel, type MessagePort } from 'node:worker_threads';

/**
 * Time budgets. Libraries such as pdf.js and tesseract.js cannot be interrupted from inside, so a
 * budget races the work: the caller gets its error at once and is expected to tear the library
 * down (destroy the PDF, terminate the OCR worker).
 */

/** Settles with `work`, or rejects with `onTimeout()` after `ms`, or with the signal's reason. */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      // The work goes on unobserved; its failure must not become an unhandled rejection.
      work.catch(() => undefined);
      reject(signal.reason);
      return;
    }
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      finish();
      reject(onTimeout());
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        finish();
        resolve(value);
      },
      (error: unknown) => {
        finish();
        reject(error);
      },
    );
  });
}

/**
 * A deadline that aborts its signal with `error()` when it passes and can be pushed back: the
 * file budget grows by the OCR budget of each page sent to OCR.
 */
export class Deadline {
  readonly #controller = new AbortController();
  readonly #error: () => Error;
  #due: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(ms: number, error: () => Error) {
    this.#error = error;
    this.#due = Date.now() + ms;
    this.#schedule();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  extend(ms: number): void {
    if (this.#controller.signal.aborted) return;
    this.#due += ms;
    this.#schedule();
  }

  clear(): void {
    clearTimeout(this.#timer);
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#controller.abort(this.#error()), Math.max(0, this.#due - Date.now()));
  }
}

/** Settles with `work`, or rejects with the signal's reason as soon as it aborts. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return withTimeout(work, 2 ** 31 - 1, () => new Error('unreachable'), signal);
}

/**
 * The time bound of a task on a worker thread, counted from when the thread begins it rather than
 * from the request: a thread still starting (its modules loading on a busy machine) does not count
 * against the task. Hand `started` to the task (in the transfer list) and `signal` to the pool; the
 * thread calls `taskBegun(task.started)` first. `dispose()` when the task has settled.
 */
export function boundFromThreadStart(ms: number, caller?: AbortSignal) {
  const kill = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const { port1, port2 } = new MessageChannel();
  port1.once('message', () => {
    port1.close();
    timer = setTimeout(() => {
      timedOut = true;
      kill.abort();
    }, ms);
  });
  const onAbort = () => kill.abort(caller?.reason);
  caller?.addEventListener('abort', onAbort, { once: true });
  return {
    started: port2,
    signal: kill.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      port1.close();
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/** The thread's side of boundFromThreadStart: the task has begun. */
export function taskBegun(started: MessagePort | undefined): void {
  started?.postMessage('started');
  started?.close();
}
