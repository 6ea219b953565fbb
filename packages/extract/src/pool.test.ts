import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchPdf, writeCorpus, type Corpus } from '../test/corpus.ts';
import { createExtractionPool, defaultWorkerFile, EXTRACT_WORKER_SOURCE, splitRanges, type ExtractionPool } from './pool.ts';
import { TABLE_MESSAGES, TableReadError } from './table-limits.ts';
import { buildZip, xlsxBomb, xlsxEntries } from './test-fixtures.ts';
import { ExtractionError } from './types.ts';

let corpus: Corpus;
let pool: ExtractionPool;
beforeAll(async () => {
  corpus = writeCorpus();
  pool = createExtractionPool({ threads: 2 });
  // Both threads loaded before timing-sensitive assertions.
  await Promise.all([1, 2].map(() => pool.run({ path: corpus.files.docx, kind: 'docx', fileName: 'escritura.docx' })));
});
afterAll(async () => {
  await pool.destroy();
  corpus.cleanup();
});

describe('the pool on the main thread', () => {
  it('does not load pdf.js there, whose polyfills would slow JSON.stringify and push for the whole server', () => {
    const probe = `const s = JSON.stringify, p = Array.prototype.push;
      await import(${JSON.stringify(new URL('./pool.ts', import.meta.url).href)});
      process.stdout.write(String(JSON.stringify === s && Array.prototype.push === p));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(out).toBe('true');
  });
});

describe('splitRanges', () => {
  it('cuts pages into contiguous near-equal ranges', () => {
    expect(splitRanges(200, 2)).toEqual([
      { first: 1, last: 100 },
      { first: 101, last: 200 },
    ]);
    expect(splitRanges(7, 3)).toEqual([
      { first: 1, last: 3 },
      { first: 4, last: 5 },
      { first: 6, last: 7 },
    ]);
    expect(splitRanges(1, 4)).toEqual([{ first: 1, last: 1 }]);
  });
});

describe('createExtractionPool', () => {
  it('runs the TypeScript worker from source in tests', () => {
    expect(defaultWorkerFile()).toBe(EXTRACT_WORKER_SOURCE);
    expect(pool.threads).toBe(2);
  });

  it('runs two documents in parallel and reports the progress of each', { timeout: 60_000 }, async () => {
    const a = join(corpus.dir, 'a.pdf');
    const b = join(corpus.dir, 'b.pdf');
    // 30 pages stay under the size from which one PDF is split across threads.
    writeFileSync(a, benchPdf(30));
    writeFileSync(b, benchPdf(30));
    const events: string[] = [];
    const [ra, rb] = await Promise.all([
      pool.run({ path: a, kind: 'pdf', fileName: 'a.pdf' }, { onProgress: (p) => events.push(`a${p.pagesDone}/${p.pageCount}`) }),
      pool.run({ path: b, kind: 'pdf', fileName: 'b.pdf' }, { onProgress: (p) => events.push(`b${p.pagesDone}/${p.pageCount}`) }),
    ]);
    expect(ra.pages).toHaveLength(30);
    expect(rb.pages).toHaveLength(30);
    expect(rb.pages[29]!.text).toContain('Página 30 de 30');
    expect(events).toContain('a30/30');
    expect(events).toContain('b30/30');
    // The order of the two documents' progress is left to the scheduler: on Node 24 in CI one
    // 30-page PDF could finish before the other thread had started (ordering is not a contract).
  });

  it('splits a long PDF into page ranges on both threads and joins them in order', { timeout: 60_000 }, async () => {
    const path = join(corpus.dir, 'escritura-200.pdf');
    writeFileSync(path, benchPdf(200));
    const done: number[] = [];
    const result = await pool.run({ path, kind: 'pdf', fileName: 'escritura.pdf' }, { onProgress: (p) => done.push(p.pagesDone) });
    expect(result.pages.map((p) => p.number)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(result.pages[99]!.text).toContain('Página 100 de 200');
    expect(result.pages[100]!.text).toContain('Página 101 de 200');
    expect(result.warnings).toEqual([]);
    expect(done.at(-1)).toBe(200);
    expect(done).toEqual([...done].sort((x, y) => x - y));
  });

  it('applies the page limit and its warning once when splitting', { timeout: 60_000 }, async () => {
    const path = join(corpus.dir, 'escritura-120.pdf');
    writeFileSync(path, benchPdf(120));
    const result = await pool.run({ path, kind: 'pdf', fileName: 'escritura.pdf' }, { maxPdfPages: 100 });
    expect(result.pages).toHaveLength(100);
    expect(result.pages.at(-1)!.number).toBe(100);
    expect(result.warnings).toEqual(['Páginas além de 100 não foram lidas (o PDF tem 120 páginas)']);
  });

  it('brings an ExtractionError back from the worker with its message and retryable flag', { timeout: 60_000 }, async () => {
    const final = await pool.run({ path: corpus.files.encryptedPdf, kind: 'pdf', fileName: 'senha.pdf' }).catch((e: unknown) => e);
    expect(final).toBeInstanceOf(ExtractionError);
    expect((final as ExtractionError).message).toBe('Erro ao processar PDF: PDF protegido por senha não pode ser lido');
    expect((final as ExtractionError).retryable).toBe(false);

    const path = join(corpus.dir, 'dez.pdf');
    writeFileSync(path, benchPdf(10));
    const timeout = await pool.run({ path, kind: 'pdf', fileName: 'dez.pdf' }, { timeouts: { pdfTextMs: 1 } }).catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(ExtractionError);
    expect((timeout as ExtractionError).message).toBe('Erro ao processar PDF: Timeout: PDF muito grande ou complexo');
    expect((timeout as ExtractionError).retryable).toBe(true);
  });

  it('gives up at once when the caller aborts, and keeps serving', { timeout: 60_000 }, async () => {
    const path = join(corpus.dir, 'grande.pdf');
    writeFileSync(path, benchPdf(150));
    const controller = new AbortController();
    const run = pool.run({ path, kind: 'pdf', fileName: 'grande.pdf' }, { signal: controller.signal, onProgress: () => controller.abort(new Error('Removido')) });
    await expect(run).rejects.toThrow('Removido');
    const result = await pool.run({ path: corpus.files.docx, kind: 'docx', fileName: 'escritura.docx' });
    expect(result.pages).toHaveLength(1);
  });
});

describe('readTable', () => {
  it('reads an import table on a thread and refuses a zip bomb there with the Portuguese reason', { timeout: 60_000 }, async () => {
    expect(await pool.readTable(Buffer.from('UF;valor\nBA;2.345,67\n'))).toEqual([
      ['UF', 'valor'],
      ['BA', '2.345,67'],
    ]);
    expect(await pool.readTable(buildZip(xlsxEntries([['UF', 'valor'], ['BA', '1']])))).toEqual([
      ['UF', 'valor'],
      ['BA', '1'],
    ]);
    const bomb = await pool.readTable(xlsxBomb()).catch((e: unknown) => e);
    expect(bomb).toBeInstanceOf(TableReadError);
    expect(bomb).toMatchObject({ reason: 'too-large', message: TABLE_MESSAGES.bomb });
  });

  it('terminates the thread at the time bound, and keeps serving', { timeout: 60_000 }, async () => {
    const slow = await pool.readTable(buildZip(xlsxEntries()), { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ reason: 'timeout', message: TABLE_MESSAGES.timeout });
    expect(await pool.readTable(Buffer.from('a;b\n'))).toEqual([['a', 'b']]);
    const result = await pool.run({ path: corpus.files.docx, kind: 'docx', fileName: 'escritura.docx' });
    expect(result.pages).toHaveLength(1);
  });
});
