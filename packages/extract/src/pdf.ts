import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { withTimeout } from './deadline.ts';
import { textCells } from './layout.ts';
import { isBlank, rgbaToGray, toPgm, type GrayImage } from './image.ts';
import { countLetters, rejoinHyphens } from './normalize.ts';
import type { OcrLike } from './ocr.ts';
import { ExtractionError, type TextCell, type ExtractedPage, type ExtractionProgress, type ExtractionResult } from './types.ts';

import { type PdfPageRange } from './rules.ts';

export { DEFAULT_MAX_PDF_PAGES, PDF_TEXT_TIMEOUT_MS, type PdfPageRange } from './rules.ts';
/** A page whose own text (repeated footers left out) has fewer letters than this is OCR'd. */
export const MIN_PAGE_LETTERS = 40;
const MAX_STAMP_LETTERS = 600;
/**
 * Pages are rendered for OCR at 300 dpi, the long side capped at A4's (large plans get less).
 * Not lower: 7 pt print (stamps, footnotes of a matrícula) read with 0% character error at
 * 300 dpi and 20% at 213 dpi (A4 capped at 2500 px) in our measurements.
 */
const OCR_DPI = 300;
const MAX_RENDER_SIDE = 3508;

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// pdf.js in Node reads these with fs: plain paths, with the trailing slash it expects.
const PDFJS_ASSETS = {
  standardFontDataUrl: `${join(pdfjsDir, 'standard_fonts')}/`,
  cMapUrl: `${join(pdfjsDir, 'cmaps')}/`,
  cMapPacked: true,
  wasmUrl: `${join(pdfjsDir, 'wasm')}/`,
  iccUrl: `${join(pdfjsDir, 'iccs')}/`,
};

/** The part of pdf.js's TextItem we read. */
export interface PositionedText {
  str: string;
  /** [a, b, c, d, e, f]: a text-space to page-space matrix. */
  transform: number[];
  width: number;
  height: number;
}

/**
 * Lays the text items of one page out as lines. pdf.js returns runs in drawing order with their
 * positions; it leaves words glued where a PDF moves the pen instead of drawing a space, and keeps
 * the hyphens of words split across lines. Here a new line starts when the baseline moves by
 * more than 40% of the larger font size (a blank line for a jump of more than 2.2 sizes), a space goes
 * into a horizontal gap wider than 15% of the font size, and split words are rejoined.
 */
const isSpace = (code: number | undefined) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0xa0;

export function layoutPageText(items: PositionedText[]): string {
  const parts: string[] = [];
  let lastCode: number | undefined;
  let prev: { across: number; end: number; size: number; ux: number; uy: number } | null = null;
  for (const item of items) {
    if (!item.str) continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    const scale = Math.hypot(a, b) || 1;
    const ux = a / scale;
    const uy = b / scale;
    const size = Math.hypot(c, d) || item.height || scale;
    const along = e * ux + f * uy;
    const across = -e * uy + f * ux;
    const width = item.width > 0 ? item.width : item.str.length * size * 0.5;
    if (prev) {
      const sameDirection = Math.abs(ux - prev.ux) < 0.05 && Math.abs(uy - prev.uy) < 0.05;
      const lineShift = Math.abs(across - prev.across);
      const lineSize = Math.min(size, prev.size);
      // Against the larger size, so a superscript (m²) stays on its line.
      if (!sameDirection || lineShift > Math.max(size, prev.size) * 0.4) {
        // Trailing spaces are dropped later by normalizeText.
        parts.push(lineShift > Math.max(size, prev.size) * 2.2 && sameDirection ? '\n\n' : '\n');
      } else {
        const gap = along - prev.end;
        const boundaryHasSpace = isSpace(lastCode) || isSpace(item.str.charCodeAt(0));
        if (!boundaryHasSpace && (gap > lineSize * 0.15 || gap < -lineSize)) parts.push(' ');
      }
    }
    parts.push(item.str);
    lastCode = item.str.charCodeAt(item.str.length - 1);
    prev = { across, end: along + width, size, ux, uy };
  }
  return rejoinHyphens(parts.join('').replace(/ +\n/g, '\n'));
}

/**
 * Which pages need OCR: those whose text layer, once lines repeated on most pages (footers,
 * headers, stamps, with their numbers ignored) are left out, has fewer than 40 letters. This is
 * how a scanned matrícula looks: an image per page and a thin text layer of stamps. A page with
 * 600 letters or more is never a stamp layer, even if its lines repeat (a form filled per unit).
 */
export function pagesNeedingOcr(pageTexts: string[]): boolean[] {
  const key = (line: string) => line.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
  const repeated = new Set<string>();
  if (pageTexts.length >= 2) {
    const counts = new Map<string, number>();
    for (const text of pageTexts) {
      for (const line of new Set(text.split('\n').map(key).filter(Boolean))) counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    const threshold = Math.max(2, Math.ceil(pageTexts.length * 0.6));
    for (const [line, count] of counts) if (count >= threshold) repeated.add(line);
  }
  return pageTexts.map((text) => {
    if (countLetters(text) >= MAX_STAMP_LETTERS) return false;
    const own = text
      .split('\n')
      .filter((line) => !repeated.has(key(line)))
      .join('\n');
    return countLetters(own) < MIN_PAGE_LETTERS;
  });
}

function openError(error: unknown): ExtractionError {
  const name = (error as { name?: string } | null)?.name;
  const message = error instanceof Error ? error.message : '';
  if (name === 'PasswordException') return new ExtractionError('PDF protegido por senha não pode ser lido');
  if (name === 'InvalidPDFException' && /empty|zero bytes/i.test(message)) return new ExtractionError('Arquivo PDF vazio');
  return new ExtractionError('Arquivo PDF corrompido ou incompleto');
}

interface CanvasAndContext {
  canvas: unknown;
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
}

/**
 * Renders through the document's own canvas factory: pdfjs-dist brings its own copy of
 * @napi-rs/canvas, and mixing canvases of two copies of the native module crashes the process.
 */
async function renderPageGray(doc: PDFDocumentProxy, page: PDFPageProxy): Promise<GrayImage> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_DPI / 72, MAX_RENDER_SIDE / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const factory = doc.canvasFactory as { create(width: number, height: number): CanvasAndContext; destroy(c: CanvasAndContext): void };
  const target = factory.create(width, height);
  try {
    type RenderParameters = Parameters<PDFPageProxy['render']>[0];
    await page.render({ canvas: target.canvas as RenderParameters['canvas'], viewport }).promise;
    return rgbaToGray(target.context.getImageData(0, 0, width, height).data, width, height);
  } finally {
    factory.destroy(target);
  }
}

export interface PdfContext {
  ocr: OcrLike;
  signal: AbortSignal;
  maxPages: number;
  /** Only these pages (within maxPages): the pool splits a long PDF across its threads. */
  range?: PdfPageRange;
  textTimeoutMs: number;
  ocrPageTimeoutMs: number;
  /** Called before each OCR page: the file budget grows by the page's OCR budget. */
  onOcrPage(): void;
  onProgress(progress: ExtractionProgress): void;
}

async function readTextLayer(doc: PDFDocumentProxy, first: number, last: number, ctx: PdfContext, report: (done: number) => void) {
  const texts: string[] = [];
  const cellsByPage = new Map<number, TextCell[]>();
  const failed = new Set<number>();
  let certain = 0;
  for (let n = first; n <= last; n++) {
    // pdf.js in Node runs its "worker" on this thread through promises only: without a turn of
    // the event loop between pages no timer, and so no timeout, could fire during a long PDF.
    await new Promise<void>((resolve) => setImmediate(resolve));
    ctx.signal.throwIfAborted();
    let text = '';
    try {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is PositionedText & typeof item => 'str' in item);
      text = layoutPageText(items);
      // Form layouts: labels and values in other columns are paired by position (key-fields.ts).
      cellsByPage.set(n, textCells(items, page.view[3]! - page.view[1]!));
      page.cleanup();
    } catch {
      failed.add(n);
    }
    texts.push(text);
    // Progress counts pages whose text is final; a page short of letters may still go to OCR.
    if (countLetters(text) >= MIN_PAGE_LETTERS) report(++certain);
  }
  return { texts, failed, cellsByPage };
}

function openPdf(data: Buffer) {
  return getDocument({
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    ...PDFJS_ASSETS,
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    enableXfa: false,
  });
}

/** The page count alone (cheap: the page tree's root), or null when the PDF cannot be opened. */
export async function countPdfPages(path: string): Promise<number | null> {
  const task = openPdf(await readFile(path));
  try {
    return (await task.promise).numPages;
  } catch {
    return null;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

export async function extractPdf(path: string, ctx: PdfContext): Promise<ExtractionResult> {
  const task = openPdf(await readFile(path));
  try {
    let doc: PDFDocumentProxy;
    try {
      doc = await withTimeout(task.promise, ctx.textTimeoutMs, () => new ExtractionError('Timeout: PDF muito grande ou complexo', true), ctx.signal);
    } catch (error) {
      if (error instanceof ExtractionError || ctx.signal.aborted) throw error;
      throw openError(error);
    }
    const lastReadable = Math.min(doc.numPages, ctx.maxPages);
    const first = Math.max(1, ctx.range?.first ?? 1);
    const last = Math.min(lastReadable, ctx.range?.last ?? lastReadable);
    const pageCount = Math.max(0, last - first + 1);
    const warnings: string[] = [];
    if (doc.numPages > ctx.maxPages) warnings.push(`Páginas além de ${ctx.maxPages} não foram lidas (o PDF tem ${doc.numPages} páginas)`);

    let reported = 0;
    const report = (done: number) => {
      if (done <= reported) return;
      reported = done;
      ctx.onProgress({ pagesDone: done, pageCount });
    };

    const { texts, failed, cellsByPage } = await withTimeout(
      readTextLayer(doc, first, last, ctx, report),
      ctx.textTimeoutMs,
      () => new ExtractionError('Timeout: PDF muito grande ou complexo', true),
      ctx.signal,
    );
    const needsOcr = pagesNeedingOcr(texts);
    const pages: ExtractedPage[] = texts.map((text, i) => ({ number: first + i, text, method: 'text', confidence: null, cells: cellsByPage.get(first + i) }));
    let done = needsOcr.filter((x) => !x).length;
    report(done);

    for (const [i, ocr] of needsOcr.entries()) {
      if (!ocr) continue;
      ctx.signal.throwIfAborted();
      const n = first + i;
      ctx.onOcrPage();
      let image: GrayImage | null = null;
      try {
        const page = await doc.getPage(n);
        image = await renderPageGray(doc, page);
        page.cleanup();
      } catch {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        warnings.push(`Página ${n} não pôde ser lida`);
      }
      if (image && !isBlank(image)) {
        try {
          const result = await ctx.ocr.recognize(toPgm(image), { timeoutMs: ctx.ocrPageTimeoutMs, signal: ctx.signal });
          if (countLetters(result.text) >= countLetters(texts[i]!)) pages[i] = { number: n, text: result.text, method: 'ocr', confidence: result.confidence };
        } catch (error) {
          if (error instanceof ExtractionError && error.retryable && /^Timeout/.test(error.message)) {
            throw new ExtractionError(`Timeout: OCR da página ${n} excedeu ${Math.round(ctx.ocrPageTimeoutMs / 1000)} s`, true);
          }
          throw error;
        }
      } else if (failed.has(n)) {
        warnings.push(`Página ${n} não pôde ser lida`);
      }
      report(++done);
    }
    return { pages, warnings: [...new Set(warnings)] };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
