import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  benchPdf,
  DEED_GAP_TEXT,
  DEED_PAGES,
  DEED_REJOINED,
  SCAN_KEY_WORDS,
  writeCorpus,
  type Corpus,
} from '../test/corpus.ts';
import { extractDocument } from './extract.ts';
import { terminateSharedOcrEngine, type OcrLike } from './ocr.ts';
import { layoutPageText, pagesNeedingOcr, type PositionedText } from './pdf.ts';
import { ExtractionError, type ExtractionProgress } from './types.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

let corpus: Corpus;
beforeAll(() => {
  corpus = writeCorpus();
});
afterAll(async () => {
  await terminateSharedOcrEngine();
  corpus.cleanup();
});

const item = (str: string, x: number, y: number, width: number, size = 10): PositionedText => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
});

const failingOcr: OcrLike = {
  recognize: () => Promise.reject(new Error('OCR não deveria ser chamado')),
  terminate: () => Promise.resolve(),
};

describe('layoutPageText', () => {
  it('puts a space into a gap pdf.js left without one, and none inside a word', () => {
    const text = layoutPageText([item('Valor', 72, 700, 23.3), item('venal:', 98, 700, 26.7), item('R$', 300, 700, 10), item('412', 312.5, 700, 15)]);
    expect(text).toBe('Valor venal: R$ 412');
  });

  it('breaks lines when the baseline moves and adds a blank line for a large jump', () => {
    const text = layoutPageText([item('primeira', 72, 700, 40), item('segunda', 72, 686, 40), item('depois', 72, 640, 40)]);
    expect(text).toBe('primeira\nsegunda\n\ndepois');
  });

  it('keeps superscripts and small baseline shifts on the same line', () => {
    const text = layoutPageText([item('120,30 m', 72, 700, 40), item('²', 112, 703, 3, 6), item('de área', 118, 700, 30)]);
    expect(text).toBe('120,30 m² de área');
  });

  it('rejoins words hyphenated at the end of a line', () => {
    const text = layoutPageText([item('foi alie-', 72, 700, 40), item('nado ao banco', 72, 686, 60)]);
    expect(text).toBe('foi alienado ao banco');
  });

  it('puts rotated text (a stamp in the margin) on its own line', () => {
    const vertical: PositionedText = { str: 'Documento assinado', transform: [0, 8, -8, 0, 20, 300], width: 80, height: 8 };
    expect(layoutPageText([item('corpo', 72, 700, 30), vertical, item('fim', 72, 686, 15)])).toBe('corpo\nDocumento assinado\nfim');
  });
});

describe('pagesNeedingOcr', () => {
  const footer = (n: number) => `Documento assinado digitalmente pelo Oficial de Registro de Imóveis - página ${n}`;
  it('sends empty pages and pages with only a repeated footer to OCR', () => {
    const body = 'Matrícula 45.678: apartamento com área privativa de 85,50 m² situado na Rua das Acácias.';
    expect(pagesNeedingOcr([`${body}\n${footer(1)}`, footer(2), '', `Selo 42\n${footer(4)}`])).toEqual([false, true, true, true]);
  });

  it('keeps pages whose lines repeat when they hold far more than a stamp', () => {
    const form = 'Unidade autônoma do Edifício Ipê Amarelo com área privativa de 85,50 m² e vaga de garagem.\n'.repeat(10);
    expect(pagesNeedingOcr([form, form, form])).toEqual([false, false, false]);
  });

  it('keeps a single page with enough letters, OCRs a single page of stamps', () => {
    expect(pagesNeedingOcr([footer(1)])).toEqual([false]);
    expect(pagesNeedingOcr(['Selo 1234AB'])).toEqual([true]);
  });
});

describe('PDF extraction', () => {
  it('reads the text layer page by page with accents, spaces, rejoined hyphens and m²', async () => {
    const progress: ExtractionProgress[] = [];
    const result = await extractDocument(
      { path: corpus.files.textPdf, kind: 'pdf', fileName: 'matricula.pdf' },
      { ocr: failingOcr, onProgress: (p) => progress.push(p) },
    );
    expect(result.warnings).toEqual([]);
    expect(result.pages.map((p) => [p.number, p.method, p.confidence])).toEqual([
      [1, 'text', null],
      [2, 'text', null],
      [3, 'text', null],
    ]);
    const [first, second, third] = result.pages.map((p) => p.text);
    expect(first).toContain(DEED_PAGES[0]![0]);
    expect(first).toContain('Matrícula nº 45.678');
    expect(first).toContain('privativa de\n85,50 m² e área total de 120,30 m²');
    expect(first).toContain(DEED_GAP_TEXT);
    expect(first).toContain('Página 1 de 3');
    expect(second).toContain(DEED_REJOINED);
    expect(second).toContain('ALIENAÇÃO FIDUCIÁRIA');
    expect(third).toContain('Maria Conceição');
    expect(progress.at(-1)).toEqual({ pagesDone: 3, pageCount: 3 });
    expect(progress.map((p) => p.pagesDone)).toEqual([1, 2, 3]);
  });

  it('reads at most maxPdfPages pages and says so in Portuguese', async () => {
    const path = join(corpus.dir, 'longo.pdf');
    writeFileSync(path, benchPdf(5));
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'longo.pdf' }, { ocr: failingOcr, maxPdfPages: 2 });
    expect(result.pages).toHaveLength(2);
    expect(result.warnings).toEqual(['Páginas além de 2 não foram lidas (o PDF tem 5 páginas)']);
  });

  it('OCRs a scanned page whose text layer is only a stamp', { timeout: 120_000 }, async () => {
    const result = await extractDocument({ path: corpus.files.scannedPdf, kind: 'pdf', fileName: 'scan.pdf' });
    expect(result.pages).toHaveLength(1);
    const page = result.pages[0]!;
    expect(page.method).toBe('ocr');
    expect(page.confidence).toBeGreaterThan(0);
    for (const word of SCAN_KEY_WORDS) expect(page.text).toContain(word);
    expect(page.text).toMatch(/450,00 m²/);
  });

  it('mixes methods in one PDF: a text page and a scanned page', { timeout: 120_000 }, async () => {
    const result = await extractDocument({ path: corpus.files.mixedPdf, kind: 'pdf', fileName: 'misto.pdf' });
    expect(result.pages.map((p) => p.method)).toEqual(['text', 'ocr']);
    expect(result.pages[0]!.confidence).toBeNull();
    expect(result.pages[1]!.confidence).toBeGreaterThan(0);
    expect(result.pages[1]!.text).toContain('Curitiba');
  });

  it('gives Portuguese errors for protected, truncated, empty and almost blank PDFs', async () => {
    const cases: [keyof Corpus['files'], string][] = [
      ['encryptedPdf', 'Erro ao processar PDF: PDF protegido por senha não pode ser lido'],
      ['truncatedPdf', 'Erro ao processar PDF: Arquivo PDF corrompido ou incompleto'],
      ['emptyFile', 'Erro ao processar PDF: Arquivo não pode estar vazio'],
      ['blankPdf', 'Erro ao processar PDF: PDF não contém texto suficiente ou pode estar protegido'],
    ];
    for (const [file, message] of cases) {
      const error = await extractDocument({ path: corpus.files[file], kind: 'pdf', fileName: 'x.pdf' }, { ocr: { ...failingOcr, recognize: async () => ({ text: '', confidence: 0 }) } }).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(ExtractionError);
      expect((error as ExtractionError).message, file).toBe(message);
      expect((error as ExtractionError).retryable, file).toBe(false);
    }
  });

  it('times out the text layer with a retryable error', async () => {
    const path = join(corpus.dir, 'dez.pdf');
    writeFileSync(path, benchPdf(10));
    const error = await extractDocument({ path, kind: 'pdf', fileName: 'dez.pdf' }, { ocr: failingOcr, timeouts: { pdfTextMs: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).message).toBe('Erro ao processar PDF: Timeout: PDF muito grande ou complexo');
    expect((error as ExtractionError).retryable).toBe(true);
  });

  it('gives each OCR page its own budget and names the page that ran over', async () => {
    const slowOcr: OcrLike = {
      recognize: (_image, options) =>
        new Promise((_, reject) => setTimeout(() => reject(new ExtractionError('Timeout: OCR excedeu 0 s', true)), options?.timeoutMs ?? 0)),
      terminate: () => Promise.resolve(),
    };
    const error = await extractDocument({ path: corpus.files.mixedPdf, kind: 'pdf', fileName: 'x.pdf' }, { ocr: slowOcr, timeouts: { ocrPageMs: 50 } }).catch((e: unknown) => e);
    expect((error as ExtractionError).message).toBe('Erro ao processar PDF: Timeout: OCR da página 2 excedeu 0 s');
    expect((error as ExtractionError).retryable).toBe(true);
  });
});
