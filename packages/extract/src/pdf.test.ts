import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  benchPdf,
  buildPdf,
  DEED_GAP_TEXT,
  DEED_PAGES,
  DEED_REJOINED,
  linesToRuns,
  SCAN_KEY_WORDS,
  SCAN_LINES,
  scanPageBilevel,
  scanPageJpeg,
  scannedPdf,
  writeCorpus,
  type Corpus,
} from '../test/corpus.ts';
import { extractDocument } from './extract.ts';
import { terminateSharedOcrEngine, type OcrLike } from './ocr.ts';
import { isBlankStamp, layoutPageText, mayHoldImages, mergeTextLayer, needsOcr, textFacts, type PositionedText } from './pdf.ts';
import { scanPdf, setsInvisibleText } from './pdf-scan.ts';
import { nativeBuiltinsInPlace } from './pdfjs-native.ts';
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

describe('needsOcr', () => {
  it('OCRs a page covered by a scan whose visible text layer is only a stamp line', () => {
    expect(needsOcr({ letters: 120, textShare: 0.01, imageCoverage: 0.98 })).toBe(true);
    // An ONR certificate: 270 letters of stamps drawn visibly over the scanned page (2,2 %).
    expect(needsOcr({ letters: 270, textShare: 0.022, imageCoverage: 0.95 })).toBe(true);
  });

  it('never OCRs a page whose visible text covers it, whatever image lies under it', () => {
    // A notarial deed: its complete text over a full-page background image.
    expect(needsOcr({ letters: 2900, textShare: 0.4, imageCoverage: 1 })).toBe(false);
    expect(needsOcr({ letters: 266, textShare: 0.045, imageCoverage: 1 })).toBe(false);
  });

  it('never OCRs a page with a text layer and no image, however repetitive or sparse its lines', () => {
    expect(needsOcr({ letters: 900, textShare: 0.2, imageCoverage: 0 })).toBe(false);
    expect(needsOcr({ letters: 45, textShare: 0.002, imageCoverage: 0.1 })).toBe(false);
  });

  it('renders a page with almost no visible text (text drawn as paths, blank, or an invisible OCR layer)', () => {
    expect(needsOcr({ letters: 5, textShare: 0.001, imageCoverage: 0 })).toBe(true);
    expect(needsOcr({ letters: 0, textShare: 0, imageCoverage: 1 })).toBe(true);
  });
});

describe('scanPdf', () => {
  it('finds invisible text (render mode 3) in content streams, plain or deflated, and nothing in a text PDF', () => {
    expect(scanPdf(benchPdf(2))).toEqual({ images: false, invisibleText: false });
    expect(scanPdf(scannedPdf())).toEqual({ images: true, invisibleText: false });
    const invisible = buildPdf([{ kind: 'text', runs: [{ text: 'camada de OCR invisível', x: 72, y: 700, invisible: true }] }]);
    expect(scanPdf(invisible).invisibleText).toBe(true);
    expect(setsInvisibleText('BT 3 Tr /F1 10 Tf (x) Tj ET')).toBe(true);
    expect(setsInvisibleText('BT 7 Tr (x) Tj ET')).toBe(true);
    expect(setsInvisibleText('BT 0 Tr 13 Tr (x) Tj 0.3 Tr ET')).toBe(false);
  });

  it('reads invisible text only where the file is encrypted or a stream cannot be decoded', () => {
    const pdf = buildPdf([{ kind: 'text', runs: [{ text: 'x', x: 72, y: 700 }] }], { encrypt: true });
    expect(scanPdf(pdf).invisibleText).toBe(true);
  });
});

describe('pdf.js polyfills', () => {
  it('leaves V8 its own Array.prototype.push, JSON.parse and JSON.stringify once pdf.js is loaded', () => {
    expect(nativeBuiltinsInPlace()).toBe(true);
    const xs: number[] = [];
    expect(xs.push(1, 2)).toBe(2);
    expect(JSON.parse(JSON.stringify({ a: [1, 'ç'] }))).toEqual({ a: [1, 'ç'] });
  });
});

describe('textFacts', () => {
  it('measures visible letters and the share of the page their runs cover', () => {
    const facts = textFacts([item('Matrícula 45.678', 72, 700, 100, 10), item('   ', 72, 680, 20, 10)], [0, 0, 595, 842]);
    expect(facts.letters).toBe(14);
    expect(facts.textShare).toBeCloseTo(1000 / (595 * 842), 6);
  });
});

describe('isBlankStamp', () => {
  it('sees a page holding only an EM BRANCO stamp as blank, and not a page with text', () => {
    expect(isBlankStamp('EM BRANCO')).toBe(true);
    expect(isBlankStamp('Página em branco\nfls. 3')).toBe(true);
    expect(isBlankStamp('- EM BRANCO -\nSelo 1234')).toBe(true);
    expect(isBlankStamp('AV.3 - deixou o campo em branco o adquirente Jose da Silva, casado')).toBe(false);
    expect(isBlankStamp('')).toBe(false);
  });
});

describe('mergeTextLayer', () => {
  it('keeps the OCR text first and appends the text-layer lines it did not read', () => {
    const ocr = 'R.1/46.511 - Compra e venda\nTransmitente: Fulano de Tal';
    const layer = 'FIM DOS ATOS PRATICADOS - VALIDAÇÃO 1A2B-3C4D\nTransmitente: Fulano de Tal';
    expect(mergeTextLayer(ocr, layer)).toBe(`${ocr}\n\nFIM DOS ATOS PRATICADOS - VALIDAÇÃO 1A2B-3C4D`);
    expect(mergeTextLayer(ocr, 'Transmitente: Fulano de Tal')).toBe(ocr);
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
    expect(progress.at(-1)).toEqual({ pagesDone: 3, pageCount: 3, phase: 'text' });
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

  it('keeps the pages read when a later page fails, names the page, and reads only that page again', async () => {
    const flakyOcr: OcrLike = {
      recognize: () => Promise.reject(new ExtractionError('Não foi possível iniciar o OCR: EAGAIN', true)),
      terminate: () => Promise.resolve(),
    };
    const handed: number[] = [];
    const error = await extractDocument(
      { path: corpus.files.mixedPdf, kind: 'pdf', fileName: 'x.pdf' },
      { ocr: flakyOcr, onPage: (page) => handed.push(page.number) },
    ).catch((e: unknown) => e);
    expect((error as ExtractionError).message).toBe('Erro ao processar PDF: OCR da página 2 não concluído: Não foi possível iniciar o OCR: EAGAIN');
    expect((error as ExtractionError).retryable).toBe(true);
    // Page 1 (text) was read and handed out before the failure: the next attempt skips it.
    expect(handed).toEqual([1]);
    const goodOcr: OcrLike = {
      recognize: () => Promise.resolve({ text: 'Matrícula 45.678 lida na segunda tentativa pelo OCR da página.', confidence: 91 }),
      terminate: () => Promise.resolve(),
    };
    const retry = await extractDocument({ path: corpus.files.mixedPdf, kind: 'pdf', fileName: 'x.pdf' }, { ocr: goodOcr, skipPages: [1] });
    expect(retry.pages.map((p) => [p.number, p.method])).toEqual([[2, 'ocr']]);
    expect(retry.pages[0]!.text).toContain('segunda tentativa');
  });

  it('keeps a document whose page no OCR can read, with its other pages and a warning naming it', async () => {
    const hopeless: OcrLike = {
      recognize: () => Promise.reject(new ExtractionError('o OCR usou mais de 120 s de CPU (página complexa demais)')),
      terminate: () => Promise.resolve(),
    };
    const result = await extractDocument({ path: corpus.files.mixedPdf, kind: 'pdf', fileName: 'x.pdf' }, { ocr: hopeless });
    expect(result.pages.map((p) => p.method)).toEqual(['text', 'text']);
    expect(result.warnings).toContain('Página 2 não pôde ser lida pelo OCR: o OCR usou mais de 120 s de CPU (página complexa demais)');
  });
});

describe('every page read (issue 14)', () => {
  const STAMP = 'FIM DOS ATOS PRATICADOS NESTA MATRÍCULA - VALIDAÇÃO DA CERTIDÃO EM WWW.REGISTRADORES.ORG.BR CÓDIGO 1A2B-3C4D';

  it('OCRs a scanned page whose text layer holds a stamp line of more than 40 letters, and keeps the stamp', { timeout: 120_000 }, async () => {
    const { jpeg, width, height } = scanPageJpeg(SCAN_LINES);
    const path = join(corpus.dir, 'carimbo-longo.pdf');
    writeFileSync(path, buildPdf([{ kind: 'image', jpeg, width, height, runs: [{ text: STAMP, x: 40, y: 30, size: 6 }] }]));
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'matricula.pdf' });
    const page = result.pages[0]!;
    expect(page.method).toBe('ocr');
    for (const word of SCAN_KEY_WORDS) expect(page.text).toContain(word);
    // The text layer's line that the scan does not show follows the OCR text.
    expect(page.text).toContain('FIM DOS ATOS PRATICADOS');
    expect(page.text.indexOf('FIM DOS ATOS')).toBeGreaterThan(page.text.indexOf('Curitiba'));
  });

  it('reads a page whose complete visible text lies over a full-page background image from its text layer', async () => {
    // A notarial deed's traslado: the letterhead and border are one page image, the act is text.
    const { jpeg, width, height } = scanPageJpeg(['']);
    const path = join(corpus.dir, 'escritura-com-fundo.pdf');
    writeFileSync(path, buildPdf([{ kind: 'image', jpeg, width, height, runs: linesToRuns(DEED_PAGES[0]!) }]));
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'escritura.pdf' }, { ocr: failingOcr });
    expect(result.pages[0]!.method).toBe('text');
    expect(result.pages[0]!.text).toContain('Matrícula nº 45.678');
  });

  it('OCRs a scanned page whose text layer is invisible (the OCR layer of a scanner), however dense', { timeout: 120_000 }, async () => {
    const { jpeg, width, height } = scanPageJpeg(SCAN_LINES);
    const hidden = linesToRuns(DEED_PAGES[0]!).map((run) => ({ ...run, invisible: true }));
    const path = join(corpus.dir, 'scan-camada-invisivel.pdf');
    writeFileSync(path, buildPdf([{ kind: 'image', jpeg, width, height, runs: hidden }]));
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'scan.pdf' });
    expect(result.pages[0]!.method).toBe('ocr');
    for (const word of SCAN_KEY_WORDS) expect(result.pages[0]!.text).toContain(word);
  });

  it('never OCRs a born-digital PDF of repeated table lines, and keeps the text of every page', async () => {
    const row = (i: number) => `${String(i).padStart(4, '0')}  Lançamento de custas e emolumentos  R$ 12,50  Pago`;
    const page = (p: number) => ({
      kind: 'text' as const,
      runs: linesToRuns(['Relatório de lançamentos - Cartório de Notas', ...Array.from({ length: 40 }, (_, i) => row(i % 5))], 800, 8, 18),
      p,
    });
    const path = join(corpus.dir, 'tabela-30.pdf');
    writeFileSync(path, buildPdf(Array.from({ length: 30 }, (_, p) => page(p))));
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'tabela.pdf' }, { ocr: failingOcr });
    expect(result.pages).toHaveLength(30);
    for (const p of result.pages) {
      expect(p.method).toBe('text');
      expect(p.blank).toBeUndefined();
      expect(p.text).toContain('Lançamento de custas e emolumentos');
    }
  });

  it('asks for operator lists only when the file holds an image XObject', () => {
    expect(mayHoldImages(benchPdf(2))).toBe(false);
    expect(mayHoldImages(scannedPdf())).toBe(true);
  });

  it('keeps a page of figures (a numeric table, few letters) as text', async () => {
    const figures = Array.from({ length: 12 }, (_, i) => `${1000 + i}   ${(i * 37.5).toFixed(2)}   ${(i * 12.25).toFixed(2)}`);
    const path = join(corpus.dir, 'numeros.pdf');
    writeFileSync(path, buildPdf([{ kind: 'text', runs: linesToRuns(figures) }]));
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'numeros.pdf' }, { ocr: failingOcr });
    expect(result.pages[0]!.method).toBe('text');
    expect(result.pages[0]!.text).toContain('1011');
  });

  it('marks a page stamped EM BRANCO and a blank scanned page as blank, keeping them and their text', async () => {
    const white = scanPageJpeg([], 100, { noise: 0 });
    const path = join(corpus.dir, 'em-branco.pdf');
    writeFileSync(
      path,
      buildPdf([
        { kind: 'text', runs: linesToRuns(DEED_PAGES[0]!) },
        { kind: 'text', runs: [{ text: 'EM BRANCO', x: 250, y: 420, size: 24 }] },
        { kind: 'image', jpeg: white.jpeg, width: white.width, height: white.height },
      ]),
    );
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'certidao.pdf' }, { ocr: failingOcr });
    expect(result.pages.map((p) => [p.number, p.blank ?? false])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(result.pages[1]!.text).toBe('EM BRANCO');
  });

  it('reads a 200 dpi bilevel (fax-like) scan inside a PDF', { timeout: 120_000 }, async () => {
    const scan = scanPageBilevel(SCAN_LINES, 200, { skewDeg: 1.5 });
    const path = join(corpus.dir, 'fax.pdf');
    writeFileSync(path, buildPdf([{ kind: 'bilevel', bits: scan.bits, width: scan.width, height: scan.height }]));
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'fax.pdf' });
    const page = result.pages[0]!;
    expect(page.method).toBe('ocr');
    for (const word of SCAN_KEY_WORDS) expect(page.text).toContain(word);
  });

  it('reports progress that never says done while pages remain, with the page in OCR and a measured rate', async () => {
    const { jpeg, width, height } = scanPageJpeg(SCAN_LINES, 72);
    const path = join(corpus.dir, 'progresso.pdf');
    const scan = { kind: 'image' as const, jpeg, width, height };
    writeFileSync(path, buildPdf([{ kind: 'text', runs: linesToRuns(DEED_PAGES[0]!) }, scan, scan, { kind: 'text', runs: linesToRuns(DEED_PAGES[1]!) }, scan]));
    const slowOcr: OcrLike = {
      concurrency: 2,
      recognize: () => new Promise((resolve) => setTimeout(() => resolve({ text: 'Texto lido pelo OCR com letras suficientes para a página toda.', confidence: 90 }), 30)),
      terminate: () => Promise.resolve(),
    };
    const progress: ExtractionProgress[] = [];
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'p.pdf' }, { ocr: slowOcr, onProgress: (p) => progress.push({ ...p }) });
    expect(result.pages.map((p) => p.method)).toEqual(['text', 'ocr', 'ocr', 'text', 'ocr']);
    const last = progress.at(-1)!;
    expect(last.pagesDone).toBe(5);
    expect(last.ocrPagesLeft).toBe(0);
    for (const p of progress.slice(0, -1)) expect(p.pagesDone).toBeLessThan(5);
    expect(progress.map((p) => p.pagesDone)).toEqual([...progress.map((p) => p.pagesDone)].sort((a, b) => a - b));
    const reading = progress.filter((p) => p.phase === 'ocr');
    expect(reading.length).toBeGreaterThan(0);
    for (const p of reading) {
      expect(p.page).toBeGreaterThanOrEqual(2);
      expect(p.ocrPagesLeft).toBeGreaterThan(0);
      expect(p.pagesDone + p.ocrPagesLeft!).toBeLessThanOrEqual(5);
    }
    expect(reading[0]!.msPerOcrPage).toBeNull();
    expect(last.msPerOcrPage).toBeGreaterThan(0);
  });
});
