import type { ExtractionProgress } from './types.ts';

/**
 * The progress of one file whose pages finish out of order (text pages at once, OCR pages in
 * parallel). `pagesDone` counts only pages whose text is final, so it reaches `pageCount` with
 * the last page and never before. `msPerOcrPage` is the wall time of the OCR so far divided by
 * the pages it finished: with pages read in parallel, `ocrPagesLeft × msPerOcrPage` is an
 * honest ETA, where the time of one page alone would overstate it.
 */
export class PageProgress {
  readonly #pageCount: number;
  readonly #emit: (progress: ExtractionProgress) => void;
  readonly #waiting = new Set<number>();
  #done = 0;
  #ocrDone = 0;
  #ocrStarted: number | null = null;

  constructor(pageCount: number, emit: (progress: ExtractionProgress) => void) {
    this.#pageCount = pageCount;
    this.#emit = emit;
  }

  /** A page whose text is final without OCR. */
  textPage(): void {
    this.#done++;
    this.#send();
  }

  /** A page sent to OCR (waiting for a slot or being read). */
  ocrQueued(page: number): void {
    this.#ocrStarted ??= performance.now();
    this.#waiting.add(page);
    this.#send();
  }

  /** A page whose OCR ended (read, blank, or failed to render). */
  ocrFinished(page: number): void {
    if (!this.#waiting.delete(page)) return;
    this.#done++;
    this.#ocrDone++;
    this.#send();
  }

  /** A page whose OCR gave up for now (to be tried again): no longer waited for, not read. */
  ocrAbandoned(page: number): void {
    if (this.#waiting.delete(page)) this.#send();
  }

  #send(): void {
    const left = this.#waiting.size;
    const progress: ExtractionProgress = {
      pagesDone: Math.min(this.#done, this.#pageCount - left),
      pageCount: this.#pageCount,
      phase: left ? 'ocr' : 'text',
    };
    if (this.#ocrStarted !== null) {
      progress.ocrPagesLeft = left;
      progress.msPerOcrPage = this.#ocrDone ? Math.round((performance.now() - this.#ocrStarted) / this.#ocrDone) : null;
    }
    if (left) progress.page = Math.min(...this.#waiting);
    this.#emit(progress);
  }
}

/**
 * Runs page jobs with at most `limit` at once, in the order they are added: `add` waits while
 * the limit is reached, so the caller renders the next page while earlier ones are in OCR. The
 * first failure is thrown by the next `add` or by `drain`, and the jobs still running are
 * awaited (their errors observed) before `drain` settles.
 */
export class PageJobs {
  readonly #limit: number;
  readonly #running = new Set<Promise<void>>();
  #failure: { error: unknown } | null = null;

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  async add(job: () => Promise<void>): Promise<void> {
    while (this.#running.size >= this.#limit && !this.#failure) await Promise.race(this.#running);
    if (this.#failure) throw this.#failure.error;
    const run: Promise<void> = job()
      .catch((error: unknown) => {
        this.#failure ??= { error };
      })
      .finally(() => this.#running.delete(run));
    this.#running.add(run);
  }

  /** Waits for the jobs left; throws the first failure. */
  async drain(): Promise<void> {
    await Promise.all(this.#running);
    if (this.#failure) throw this.#failure.error;
  }

  /** Lets the running jobs end unobserved (the caller is already failing). */
  abandon(): void {
    for (const run of this.#running) run.catch(() => undefined);
  }
}

/**
 * One file read as page ranges on several threads: the parts' progress as one. Pages done and
 * pages left add up; the page shown is the lowest being read; the parts run side by side, so
 * their OCR rates add up too (1 / Σ 1/msᵢ) and `ocrPagesLeft × msPerOcrPage` stays an ETA.
 */
export function combineProgress(parts: readonly (ExtractionProgress | undefined)[], pageCount: number): ExtractionProgress {
  const known = parts.filter((p): p is ExtractionProgress => p !== undefined);
  const combined: ExtractionProgress = {
    pagesDone: known.reduce((n, p) => n + p.pagesDone, 0),
    pageCount,
    phase: known.some((p) => p.phase === 'ocr') ? 'ocr' : 'text',
  };
  const reading = known.filter((p) => p.phase === 'ocr' && p.page !== undefined).map((p) => p.page!);
  if (reading.length) combined.page = Math.min(...reading);
  if (known.some((p) => p.ocrPagesLeft !== undefined)) {
    combined.ocrPagesLeft = known.reduce((n, p) => n + (p.ocrPagesLeft ?? 0), 0);
    const rates = known.filter((p) => p.msPerOcrPage).map((p) => 1 / p.msPerOcrPage!);
    combined.msPerOcrPage = rates.length ? Math.round(1 / rates.reduce((a, b) => a + b, 0)) : null;
  }
  return combined;
}
