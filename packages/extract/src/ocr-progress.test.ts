import { describe, expect, it } from 'vitest';
import { combineProgress, PageJobs, PageProgress } from './ocr-progress.ts';
import type { ExtractionProgress } from './types.ts';

describe('PageProgress', () => {
  it('counts a page done only when its text is final and names the lowest page in OCR', () => {
    const events: ExtractionProgress[] = [];
    const progress = new PageProgress(3, (p) => events.push(p));
    progress.textPage();
    progress.ocrQueued(2);
    progress.ocrQueued(3);
    progress.ocrFinished(3);
    progress.ocrFinished(2);
    expect(events.map((e) => [e.pagesDone, e.phase, e.page, e.ocrPagesLeft])).toEqual([
      [1, 'text', undefined, undefined],
      [1, 'ocr', 2, 1],
      [1, 'ocr', 2, 2],
      [2, 'ocr', 2, 1],
      [3, 'text', undefined, 0],
    ]);
    expect(events[2]!.msPerOcrPage).toBeNull();
    expect(events[4]!.msPerOcrPage).toBeGreaterThanOrEqual(0);
  });
});

describe('combineProgress (a PDF split across threads)', () => {
  it('adds pages and pages left, shows the lowest page read, and adds the parts’ OCR rates', () => {
    const parts: (ExtractionProgress | undefined)[] = [
      { pagesDone: 10, pageCount: 30, phase: 'ocr', page: 11, ocrPagesLeft: 20, msPerOcrPage: 2000 },
      { pagesDone: 5, pageCount: 30, phase: 'ocr', page: 36, ocrPagesLeft: 25, msPerOcrPage: 2000 },
      undefined,
    ];
    expect(combineProgress(parts, 90)).toEqual({ pagesDone: 15, pageCount: 90, phase: 'ocr', page: 11, ocrPagesLeft: 45, msPerOcrPage: 1000 });
    expect(combineProgress([{ pagesDone: 30, pageCount: 30, phase: 'text' }, undefined], 60)).toEqual({ pagesDone: 30, pageCount: 60, phase: 'text' });
  });
});

describe('PageJobs', () => {
  it('runs at most `limit` jobs at once and reports the first failure', async () => {
    const jobs = new PageJobs(2);
    let running = 0;
    let peak = 0;
    const job = (fail = false) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      if (fail) throw new Error('página 3');
    };
    for (let i = 0; i < 5; i++) await jobs.add(job());
    await jobs.drain();
    expect(peak).toBe(2);
    const failing = new PageJobs(1);
    await failing.add(job(true));
    await expect(failing.add(job())).rejects.toThrow('página 3');
  });
});
