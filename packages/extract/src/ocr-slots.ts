// How many native tesseract processes may run at once in the whole server process. The pool's
// threads each read their own documents and each spawns tesseract per page, so a limit per thread
// would let 2 threads × N pages overload the cores. One counter in a SharedArrayBuffer, created by
// the pool and handed to every thread in piscina's `workerData`, is the one limit they all share.
import { availableParallelism } from 'node:os';

type WaitAsync = (cells: Int32Array, index: number, value: number, timeoutMs: number) => { async: boolean; value: Promise<string> | string };
// ES2024 (Node ≥ 16); our lib setting is ES2023.
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** Waiting wakes up this often to notice an abort (Atomics cannot be woken by a signal). */
const ABORT_POLL_MS = 200;

/** A counting semaphore whose count lives in shared memory. */
export class OcrSlots {
  readonly buffer: SharedArrayBuffer;
  readonly #cells: Int32Array;

  /** A new buffer holding `count` free slots, for `new OcrSlots(buffer)` in each thread. */
  static createBuffer(count: number): SharedArrayBuffer {
    const buffer = new SharedArrayBuffer(8);
    const cells = new Int32Array(buffer);
    cells[0] = Math.max(1, count);
    cells[1] = Math.max(1, count);
    return buffer;
  }

  constructor(buffer: SharedArrayBuffer) {
    this.buffer = buffer;
    this.#cells = new Int32Array(buffer);
  }

  /** The limit the buffer was created with. */
  get size(): number {
    return Atomics.load(this.#cells, 1);
  }

  get free(): number {
    return Atomics.load(this.#cells, 0);
  }

  /** Resolves with the slot's release function once a slot is free; rejects when `signal` aborts. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      signal?.throwIfAborted();
      const free = Atomics.load(this.#cells, 0);
      if (free > 0) {
        if (Atomics.compareExchange(this.#cells, 0, free, free - 1) === free) return this.#releaser();
        continue;
      }
      const waiting = waitAsync(this.#cells, 0, free, ABORT_POLL_MS);
      if (waiting.async) await waiting.value;
    }
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      Atomics.add(this.#cells, 0, 1);
      Atomics.notify(this.#cells, 0, 1);
    };
  }
}

let current: OcrSlots | null = null;

/** Used by the pool's threads with the buffer the pool created (see worker.ts). */
export function useOcrSlots(buffer: SharedArrayBuffer): void {
  current = new OcrSlots(buffer);
}

/** The slots of this process: the pool's, or outside a pool (tests, scripts) one per core. */
export function ocrSlots(): OcrSlots {
  current ??= new OcrSlots(OcrSlots.createBuffer(availableParallelism()));
  return current;
}
