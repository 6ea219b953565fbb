// Issue 23, item 4: no document lost to a busy machine. A real scanned matrícula (the dev set's
// 9-page 200-dpi CCITT scan, two of its pages) is read through the pool while a busy loop per core
// keeps both cores saturated: every page is read, none fails for taking long, and the progress the
// user sees counts pages actually read. No timing is asserted.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractionPool, type ExtractionPool } from './pool.ts';
import type { ExtractedPage, ExtractionProgress } from './types.ts';

const SCAN = resolve(import.meta.dirname, '../../../../shared/realdocs-dev/777BrunoDev__personal-Introduction/Matricula.pdf');

describe.skipIf(!existsSync(SCAN))('a real scanned matrícula on a saturated machine', () => {
  let pool: ExtractionPool;
  let busy: Worker[] = [];
  beforeAll(() => {
    pool = createExtractionPool({ threads: 2, splitPdfs: false });
    // One busy loop per core, in this process: the OCR competes with them for every core.
    busy = Array.from({ length: availableParallelism() }, () => new Worker('for (;;) {}', { eval: true }));
  });
  afterAll(async () => {
    await Promise.all(busy.map((w) => w.terminate()));
    await pool.destroy();
  });

  it('reads every page, and its progress counts only pages actually read', { timeout: 900_000 }, async () => {
    const handed: ExtractedPage[] = [];
    const progress: { event: ExtractionProgress; readSoFar: number }[] = [];
    // Pages 8 and 9: the end of the vertex description and the page with the acts (AV-01, AV-02, R-03).
    const result = await pool.run(
      { path: SCAN, kind: 'pdf', fileName: 'matricula.pdf' },
      {
        maxPdfPages: 9,
        onPage: (page) => handed.push(page),
        onProgress: (event) => progress.push({ event, readSoFar: handed.length }),
        // As the server runs it (the defaults), but only the last two pages: skipPages as after an earlier attempt.
        skipPages: [1, 2, 3, 4, 5, 6, 7],
      },
    );
    expect(result.warnings).toEqual([]);
    expect(result.pages.map((p) => [p.number, p.method])).toEqual([
      [8, 'ocr'],
      [9, 'ocr'],
    ]);
    for (const page of result.pages) expect(page.text.match(/\p{L}/gu)?.length ?? 0).toBeGreaterThan(500);
    expect(result.pages[1]!.text).toMatch(/AV[.-]?\s*0?1/);
    expect(handed.map((p) => p.number).sort()).toEqual([8, 9]);
    // Honest progress: never more pages done than pages read (the 7 skipped were read before; a
    // page goes out on the thread's port before the progress that counts it), never backwards.
    let last = 0;
    for (const { event, readSoFar } of progress) {
      expect(event.pagesDone).toBeGreaterThanOrEqual(last);
      expect(event.pagesDone).toBeLessThanOrEqual(7 + readSoFar);
      last = event.pagesDone;
      expect(event.pageCount).toBe(9);
    }
    expect(progress.at(-1)!.event.pagesDone).toBe(9);
  });
});
