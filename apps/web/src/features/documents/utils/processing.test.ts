import type { DocumentSummary } from '@viabiliza/contracts/documents';
import { describe, expect, it } from 'vitest';

import { addUploaded, mergeLearned, removeDocument, upsertDocument } from './document-list';
import { combineTransfers, newFailures, processingState, settledBatches } from './processing';

let seq = 0;
function doc(over: Partial<DocumentSummary> = {}): DocumentSummary {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    propertyId: null,
    fileName: `doc-${seq}.pdf`,
    fileType: 'pdf',
    fileSize: 1024,
    status: 'uploaded',
    errorMessage: null,
    quarantineReason: null,
    warnings: [],
    pageCount: null,
    pagesDone: 0,
    progressPhase: null,
    progressPage: null,
    etaSeconds: null,
    attempts: 0,
    estimatedSeconds: 10,
    documentType: null,
    documentTypeLabel: null,
    typeConfidence: null,
    confidence: null,
    createdAt: '2025-06-18T12:00:00.000Z',
    updatedAt: '2025-06-18T12:00:00.000Z',
    ...over,
  };
}

describe('processingState', () => {
  it('is null with nothing running or tracked', () => {
    expect(processingState(null, [doc({ status: 'completed' })], new Set())).toBeNull();
  });

  it('shows upload progress and the file being sent', () => {
    const files = [{ name: 'a.pdf', size: 1024 * 1024 }, { name: 'b.png', size: 1024 * 1024 }];
    const state = processingState({ files, loaded: 75, total: 100 }, [], new Set());
    expect(state).toMatchObject({ phase: 'uploading', currentFileName: 'b.png', percent: 75 });
    // 2 s for a 1 MB PDF + 3 s for a 1 MB image.
    expect(state?.secondsRemaining).toBe(5);
  });

  it('adds up uploads running side by side', () => {
    expect(combineTransfers(new Map())).toBeNull();
    const combined = combineTransfers(new Map([
      [1, { files: [{ name: 'a.pdf', size: 10 }], loaded: 5, total: 10 }],
      [2, { files: [{ name: 'b.pdf', size: 30 }], loaded: 0, total: 30 }],
    ]));
    expect(combined).toEqual({ files: [{ name: 'a.pdf', size: 10 }, { name: 'b.pdf', size: 30 }], loaded: 5, total: 40 });
  });

  it('counts down the estimate with the pages done', () => {
    const a = doc({ status: 'processing', pageCount: 10, pagesDone: 5, estimatedSeconds: 20 });
    const b = doc({ status: 'uploaded', estimatedSeconds: 4 });
    const state = processingState(null, [b, a], new Set());
    expect(state).toMatchObject({ phase: 'extracting', currentFileName: a.fileName, secondsRemaining: 14 });
    // (20 × 0.5) / 24 of the weighted work.
    expect(state?.percent).toBe(42);
  });

  it("uses the server's measured OCR pace, and never says 100 % while pages remain", () => {
    const ocr = doc({ status: 'processing', pageCount: 6, pagesDone: 6, progressPhase: 'ocr', progressPage: 6, etaSeconds: 3, estimatedSeconds: 30 });
    const state = processingState(null, [ocr], new Set());
    expect(state).toMatchObject({ secondsRemaining: 3, percent: 99 });
  });

  it('shows no estimate while a file is in OCR and none of its pages has been read yet', () => {
    // The spec's size estimate said 8 s; the scan's first page can take minutes on a busy server.
    const scan = doc({ status: 'processing', pageCount: 9, pagesDone: 0, progressPhase: 'ocr', progressPage: 1, etaSeconds: null, estimatedSeconds: 8 });
    expect(processingState(null, [scan], new Set())).toMatchObject({ secondsRemaining: null, percent: 0 });
    const measured = { ...scan, pagesDone: 1, etaSeconds: 160 };
    expect(processingState(null, [measured], new Set())).toMatchObject({ secondsRemaining: 160, percent: 11 });
  });

  it('takes the oldest waiting file as current when none is processing', () => {
    const newer = doc({ status: 'uploaded' });
    const older = doc({ status: 'uploaded' });
    expect(processingState(null, [newer, older], new Set())?.currentFileName).toBe(older.fileName);
  });

  it('is done when every tracked document has settled', () => {
    const a = doc({ status: 'completed' });
    const b = doc({ status: 'error' });
    expect(processingState(null, [a, b], new Set([a.id, b.id]))).toEqual({
      phase: 'done',
      currentFileName: null,
      secondsRemaining: 0,
      percent: 100,
    });
  });
});

describe('announcements', () => {
  it('announces a failure once, only for files seen in flight or uploaded here', () => {
    const live = doc({ status: 'error', errorMessage: 'Erro após 3 tentativas: Timeout' });
    const old = doc({ status: 'error' });
    const fast = doc({ status: 'error' });
    const previous = new Map([
      [live.id, 'processing' as const],
      [old.id, 'error' as const],
    ]);
    expect(newFailures(previous, [live, old, fast], new Set([fast.id]), new Set()).map((d) => d.id)).toEqual([live.id, fast.id]);
    expect(newFailures(previous, [live], new Set(), new Set([live.id]))).toEqual([]);
  });

  it('settles a batch when every file is final or removed, counting the completed ones', () => {
    const a = doc({ status: 'completed' });
    const b = doc({ status: 'error' });
    const c = doc({ status: 'processing' });
    const removed = '00000000-0000-4000-8000-999999999999';
    const done = [a.id, b.id, removed];
    const running = [a.id, c.id];
    expect(settledBatches([done, running], [a, b, c])).toEqual([{ batch: done, completed: 1 }]);
  });
});

describe('document list updates', () => {
  it('replaces in place or puts unknown documents on top', () => {
    const a = doc();
    const b = doc();
    const list = { documents: [a] };
    expect(upsertDocument(list, { ...a, status: 'processing' }).documents).toEqual([{ ...a, status: 'processing' }]);
    expect(upsertDocument(list, b).documents.map((d) => d.id)).toEqual([b.id, a.id]);
  });
  it('keeps a document the event stream delivered before the upload answer', () => {
    const a = doc({ status: 'processing', pagesDone: 2 });
    const list = { documents: [a] };
    const b = doc();
    const next = addUploaded(list, [{ ...a, status: 'uploaded', pagesDone: 0 }, b]);
    expect(next.documents).toEqual([b, a]);
    expect(addUploaded(list, [a])).toBe(list);
  });
  it('a list fetched before an upload answer and its events does not undo them', () => {
    const old = doc({ status: 'completed' });
    const uploaded = doc({ status: 'uploaded', createdAt: '2025-06-18T12:05:00.000Z', updatedAt: '2025-06-18T12:05:00.000Z' });
    const done = { ...uploaded, status: 'completed' as const, updatedAt: '2025-06-18T12:05:03.000Z' };
    // The server answered with its state from before the upload: the new file is kept, in its latest state.
    expect(mergeLearned({ documents: [old] }, [uploaded, done]).documents).toEqual([done, old]);
    // The server already had the file, but an event since said more.
    expect(mergeLearned({ documents: [uploaded, old] }, [done]).documents).toEqual([done, old]);
    // The server knows better than an older event; a progress event with the same time but more pages wins.
    const halfway = { ...uploaded, status: 'processing' as const, pagesDone: 3, updatedAt: '2025-06-18T12:05:01.000Z' };
    expect(mergeLearned({ documents: [done] }, [halfway]).documents).toEqual([done]);
    expect(mergeLearned({ documents: [{ ...halfway, pagesDone: 1 }] }, [halfway]).documents).toEqual([halfway]);
    const fetched = { documents: [old] };
    expect(mergeLearned(fetched, [])).toBe(fetched);
  });
  it('removes by id', () => {
    const a = doc();
    expect(removeDocument({ documents: [a] }, a.id).documents).toEqual([]);
  });
});
