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
