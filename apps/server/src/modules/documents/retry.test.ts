// Issue 24, item 5: 'Tentar novamente' on a failed document reads only the pages that failed; the
// owner alone may ask for it, and only for a document in error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionPool, PoolRunOptions } from '@viabiliza/extract/pool';
import { ExtractionError, type ExtractedPage } from '@viabiliza/extract/types';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let realPool: ExtractionPool;
beforeAll(async () => {
  t = await createTestApp();
  realPool = t.runtime.ctx.extraction;
});
afterAll(async () => {
  t.runtime.ctx.extraction = realPool;
  await t?.close();
});

const PAGE_1: ExtractedPage = { number: 1, text: 'MATRÍCULA 45.678 — página 1 lida na primeira tentativa.', method: 'text', confidence: null };
const PAGE_2: ExtractedPage = { number: 2, text: 'R-1/45.678 — página 2 lida pelo OCR na nova tentativa.', method: 'ocr', confidence: 88 };

/**
 * A two-page document whose page 2 fails while `failing` is true: page 1 is handed out as read
 * (onPage) before the failure, as the real pool does. Records what each run was asked to skip.
 */
function twoPagePool(state: { failing: boolean; skipped: number[][] }): ExtractionPool {
  return {
    threads: 1,
    run: async (_input: unknown, options: PoolRunOptions = {}) => {
      const skip = options.skipPages ?? [];
      state.skipped.push([...skip]);
      options.onStart?.();
      if (!skip.includes(1)) options.onPage?.(PAGE_1);
      options.onProgress?.({ pagesDone: 1, pageCount: 2, phase: 'ocr', page: 2, ocrPagesLeft: 1, msPerOcrPage: null });
      if (state.failing) throw new ExtractionError('Erro ao processar PDF: OCR da página 2 não concluído: Não foi possível iniciar o OCR', true);
      options.onPage?.(PAGE_2);
      return { pages: skip.includes(1) ? [PAGE_2] : [PAGE_1, PAGE_2], warnings: [] };
    },
    readTable: async () => [],
    destroy: async () => {},
  } as unknown as ExtractionPool;
}

async function uploadOne(cookie: string) {
  const { payload, headers } = multipartBody([{ name: 'matricula.txt', content: 'Matrícula enviada para o teste de nova tentativa.' }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
  return res.json().documents[0] as { id: string };
}
const getDoc = async (cookie: string, id: string) => (await t.app.inject({ url: `/api/documents/${id}`, headers: { cookie } })).json();
const pagesOf = async (cookie: string, id: string) => (await t.app.inject({ url: `/api/documents/${id}/pages`, headers: { cookie } })).json().pages as { number: number; text: string }[];
const retry = (cookie: string, id: string) => t.app.inject({ method: 'POST', url: `/api/documents/${id}/retry`, headers: { cookie } });

describe('POST /api/documents/:id/retry', () => {
  it('keeps the pages read, lets only the owner retry a failed document, and reads only the failed page', async () => {
    const state = { failing: true, skipped: [] as number[][] };
    t.runtime.ctx.extraction = twoPagePool(state);
    const owner = await signUp(t);
    const other = await signUp(t);
    const doc = await uploadOne(owner.cookie);

    const failed = await eventually(async () => {
      const d = await getDoc(owner.cookie, doc.id);
      return d.status === 'error' ? d : null;
    }, 30_000);
    expect(failed.errorMessage).toBe('Erro após 3 tentativas: Erro ao processar PDF: OCR da página 2 não concluído: Não foi possível iniciar o OCR');
    // Page 1 was read once; the queue's own retries asked only for what was missing.
    expect(state.skipped).toEqual([[], [1], [1]]);
    expect((await pagesOf(owner.cookie, doc.id)).map((p) => p.number)).toEqual([1]);

    // Another user's document: not found, untouched.
    expect((await retry(other.cookie, doc.id)).statusCode).toBe(404);
    expect((await getDoc(owner.cookie, doc.id)).status).toBe('error');
    expect((await t.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/retry` })).statusCode).toBe(401);

    state.failing = false;
    const res = await retry(owner.cookie, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: doc.id, status: 'uploaded', attempts: 0, errorMessage: null });
    const done = await eventually(async () => {
      const d = await getDoc(owner.cookie, doc.id);
      return d.status === 'completed' ? d : null;
    }, 30_000);
    expect(done.pageCount).toBe(2);
    expect(state.skipped.at(-1)).toEqual([1]);
    const pages = await pagesOf(owner.cookie, doc.id);
    expect(pages.map((p) => [p.number, p.text])).toEqual([
      [1, PAGE_1.text],
      [2, PAGE_2.text],
    ]);

    // Only a document in error: a completed one is refused with the reason.
    const again = await retry(owner.cookie, doc.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Só um documento com erro pode ser processado novamente');
  });
});
