import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairScheduler } from '@viabiliza/extract/fair-scheduler';
import type { ExtractionPool, PoolRunOptions } from '@viabiliza/extract/pool';
import type { ExtractionResult } from '@viabiliza/extract/types';
import { deedPdf } from '../../../../../packages/extract/test/corpus.ts';
import { buildPdf } from '../../../../../packages/extract/src/test-fixtures.ts';
import { decompressionBombPdf, pdfPePolyglot, pdfZipPolyglot, withPortalPage } from '../../../../../packages/extract/test/hostile-pdfs.ts';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';

/**
 * Issue 14's traps for the upload path, through the real API and (except where a fake pool makes
 * the order observable) the real extraction threads: a portal's HTML after %%EOF, JavaScript in a
 * PDF, a decompression bomb, and one user's backlog in front of another user's file.
 */

let t: TestApp;
let realPool: ExtractionPool;
beforeAll(async () => {
  t = await createTestApp();
  realPool = t.runtime.ctx.extraction;
});
afterAll(async () => {
  if (t) t.runtime.ctx.extraction = realPool;
  await t?.close();
});

type Doc = { id: string; status: string; errorMessage: string | null; quarantineReason: string | null; warnings: string[]; progressPhase: string | null; progressPage: number | null; etaSeconds: number | null; pageCount: number | null; pagesDone: number };

async function upload(cookie: string, files: { name: string; content: Buffer | string }[]) {
  const { payload, headers } = multipartBody(files);
  const res = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { documents: Doc[]; warnings: string[]; quarantinedCount: number };
}
const getDoc = async (cookie: string, id: string) => (await t.app.inject({ url: `/api/documents/${id}`, headers: { cookie } })).json() as Doc;
const settled = (cookie: string, id: string, timeoutMs = 60_000) =>
  eventually(async () => {
    const doc = await getDoc(cookie, id);
    return ['completed', 'error', 'quarantined'].includes(doc.status) ? doc : null;
  }, timeoutMs);

describe('PDFs that fooled or hurt the reader', () => {
  it("reads a city portal's PDF with its HTML page after %%EOF, with a warning, not quarantined", async () => {
    const { cookie } = await signUp(t);
    const body = await upload(cookie, [{ name: 'Certidão de Dados Cadastrais.pdf', content: withPortalPage(deedPdf()) }]);
    expect(body.quarantinedCount).toBe(0);
    const doc = await settled(cookie, body.documents[0]!.id);
    expect(doc.status).toBe('completed');
    expect(doc.quarantineReason).toBeNull();
    expect(doc.warnings).toContain('Conteúdo após o fim do PDF (%%EOF) foi ignorado');
    expect(doc.warnings.some((w) => w.startsWith('O conteúdo após o fim do PDF contém script'))).toBe(true);
  });

  it('quarantines a PDF that runs JavaScript', async () => {
    const { cookie } = await signUp(t);
    const pdf = buildPdf({ catalogExtra: '/OpenAction 5 0 R', objects: ['<< /S /JavaScript /JS (app.alert\\(1\\)) >>'] });
    const body = await upload(cookie, [{ name: 'boleto.pdf', content: withPortalPage(pdf) }]);
    expect(body.quarantinedCount).toBe(1);
    expect(await getDoc(cookie, body.documents[0]!.id)).toMatchObject({ status: 'quarantined', quarantineReason: 'PDF com conteúdo ativo (JavaScript, JS, OpenAction)' });
  });

  it('quarantines a PDF that is also a ZIP or an executable, with the reason shown', async () => {
    const { cookie } = await signUp(t);
    const body = await upload(cookie, [{ name: 'matricula.pdf', content: pdfZipPolyglot() }, { name: 'iptu.pdf', content: pdfPePolyglot() }]);
    expect(body.quarantinedCount).toBe(2);
    const [zip, pe] = body.documents;
    expect(await getDoc(cookie, zip!.id)).toMatchObject({ status: 'quarantined', quarantineReason: 'Arquivo poliglota: PDF com ZIP embutido' });
    expect(await getDoc(cookie, pe!.id)).toMatchObject({ status: 'quarantined', quarantineReason: 'Arquivo poliglota: PDF com executável embutido' });
  });

  it('ends a decompression bomb in error with the Portuguese reason, at once, and the server answers', { timeout: 90_000 }, async () => {
    const { cookie } = await signUp(t);
    const body = await upload(cookie, [{ name: 'matricula.pdf', content: decompressionBombPdf() }]);
    const doc = await settled(cookie, body.documents[0]!.id);
    expect(doc).toMatchObject({
      status: 'error',
      errorMessage: 'Erro ao processar PDF: PDF com conteúdo compactado grande demais (possível bomba de descompressão)',
    });
    // Not retryable: one attempt, no 'Erro após 3 tentativas'.
    expect((await t.app.inject({ url: `/api/documents/${doc.id}`, headers: { cookie } })).json().attempts).toBe(1);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

/**
 * A pool whose files finish when the test says so, behind the real scheduler: what the job hands
 * the pool (owner, onStart, progress) is observed without timing.
 */
function controlledPool(threads: number) {
  const scheduler = new FairScheduler({ slots: threads });
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const progress = new Map<string, PoolRunOptions['onProgress']>();
  const pool = {
    threads,
    run: (input: { fileName: string }, options: PoolRunOptions = {}) =>
      scheduler.run(options.owner ?? '', () => {
        options.onStart?.();
        started.push(input.fileName);
        progress.set(input.fileName, options.onProgress);
        return new Promise<ExtractionResult>((resolve) =>
          finishers.set(input.fileName, () =>
            resolve({ pages: [{ number: 1, text: `Texto extraído de ${input.fileName}, com letras suficientes.`, method: 'text', confidence: null }], warnings: [] }),
          ),
        );
      }),
    destroy: async () => {},
  } as unknown as ExtractionPool;
  return { pool, scheduler, started, finishers, progress };
}

describe('fair queueing between users', () => {
  it("runs B's small file as soon as a thread frees, ahead of A's backlog; waiting files say 'Aguardando'", { timeout: 60_000 }, async () => {
    const fake = controlledPool(2);
    t.runtime.ctx.extraction = fake.pool;
    try {
      const a = await signUp(t);
      const b = await signUp(t);
      const heavy = Array.from({ length: 6 }, (_, i) => ({ name: `a-${i}.txt`, content: `Arquivo pesado ${i} da pessoa A, com texto.` }));
      const aDocs = (await upload(a.cookie, heavy)).documents;
      await eventually(async () => fake.started.length === 2);
      const bDoc = (await upload(b.cookie, [{ name: 'b-0.txt', content: 'Arquivo pequeno da pessoa B, com texto.' }])).documents[0]!;
      // B's job is taken at once (A's backlog beyond threads + 1 stays in the database) and waits
      // for a thread, as 'uploaded' (Aguardando).
      await eventually(async () => fake.scheduler.state().waiting[b.user.id] === 1);
      expect((await getDoc(b.cookie, bDoc.id)).status).toBe('uploaded');
      // At most threads + 1 of A's jobs were taken: 2 reading, at most 1 waiting here.
      expect(fake.scheduler.state().waiting[a.user.id] ?? 0).toBeLessThanOrEqual(1);
      const running = fake.started.slice();
      fake.finishers.get(running[0]!)!();
      await eventually(async () => fake.started.length === 3);
      expect(fake.started[2]).toBe('b-0.txt');
      await eventually(async () => (await getDoc(b.cookie, bDoc.id)).status === 'processing');

      // Honest progress: the page in OCR and the time left from the measured pace.
      fake.progress.get('b-0.txt')!({ pagesDone: 2, pageCount: 6, phase: 'ocr', page: 3, ocrPagesLeft: 4, msPerOcrPage: 3000 });
      const live = await eventually(async () => {
        const doc = await getDoc(b.cookie, bDoc.id);
        return doc.progressPage === 3 ? doc : null;
      });
      expect(live).toMatchObject({ status: 'processing', pagesDone: 2, pageCount: 6, progressPhase: 'ocr', progressPage: 3, etaSeconds: 12 });

      fake.finishers.get('b-0.txt')!();
      expect(await settled(b.cookie, bDoc.id)).toMatchObject({ status: 'completed', progressPhase: null, progressPage: null, etaSeconds: null });
      // The rest of A's files all run.
      const rest = await eventually(async () => {
        for (const finish of fake.finishers.values()) finish();
        const docs = await Promise.all(aDocs.map((d) => getDoc(a.cookie, d.id)));
        return docs.every((d) => d.status === 'completed') ? docs : null;
      }, 30_000);
      expect(rest).toHaveLength(6);
    } finally {
      t.runtime.ctx.extraction = realPool;
    }
  });
});
