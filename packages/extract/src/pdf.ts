// First: it keeps V8's own builtins before pdf.js installs its polyfills (pdfjs-native.ts).
import { restoreNativeBuiltins } from './pdfjs-native.ts';
import { readFile } from 'node:fs/promises';
import { getDocument, ImageKind, OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
// The worker's code, loaded here rather than by pdf.js on the first document (its fake worker
// looks for `globalThis.pdfjsWorker`), so that its polyfills are in place before they are undone.
// @ts-expect-error -- pdfjs-dist ships no types for its worker module
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { withTimeout } from './deadline.ts';
import { textCells } from './layout.ts';
import { isBlank, rgbaToGray, type GrayImage } from './image.ts';
import { countLetters, rejoinHyphens } from './normalize.ts';
import type { OcrLike } from './ocr.ts';
import { readPageImage, squarePixels } from './ocr-page.ts';
import { PageJobs, PageProgress } from './ocr-progress.ts';
import { scanPdf, type PdfScan } from './pdf-scan.ts';
import { ExtractionError, type TextCell, type ExtractedPage, type ExtractionProgress, type ExtractionResult } from './types.ts';

import { type PdfPageRange } from './rules.ts';

export { DEFAULT_MAX_PDF_PAGES, PDF_TEXT_TIMEOUT_MS, type PdfPageRange } from './rules.ts';
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= pdfjsWorker;
restoreNativeBuiltins();

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
  return rejoinHyphens(parts.join('').replace(/(?<! ) +\n/g, '\n'));
}

/**
 * A page whose visible text layer holds fewer letters and digits than this is rendered, and OCR'd
 * unless blank. Digits count: a page of a born-digital numeric table is text, not a scan.
 */
export const MIN_PAGE_LETTERS = 40;
/**
 * A page whose visible text covers at least this share of it (the boxes of its runs, width × font
 * size, over the page's area) is read from its text layer whatever images lie under it: a notarial
 * deed's complete text over a full-page background image. Measured on the real dev set: pages of
 * text 4,5–52 % (a deed's last page with signatures 4,5 %, an IPTU carnê 19 %, a deed 40 %); the
 * stamps an ONR certificate draws visibly over its scanned page 2,2 %.
 */
export const FULL_TEXT_SHARE = 0.035;
/** A page with less text than that whose raster images cover at least this share of it is OCR'd. */
export const OCR_IMAGE_COVERAGE = 0.4;

/** What decides a page's reading: its visible text, and the images under it when they were asked. */
export interface PageFacts {
  /** Visible letters and digits of the text layer (invisible text, render mode 3 or 7, excluded). */
  letters: number;
  /** Share of the page (0–1) covered by the visible text runs' boxes. */
  textShare: number;
  /** Share of the page covered by raster images (0 when not asked). */
  imageCoverage: number;
}

/**
 * Whether a page goes to OCR: when its visible text is absent or nearly so (text drawn as paths,
 * a scan; a blank render skips OCR later), or too sparse for its area over images covering ≥ 40%
 * of it (a scan whose text layer holds stamps, a footer, or an invisible OCR layer). Never because
 * an image is large: a page whose visible text covers its area is text. Never by the letters of a
 * page that has a text layer and no image: a 199-page table of repeated lines is text.
 */
export function needsOcr(page: PageFacts): boolean {
  if (page.letters < MIN_PAGE_LETTERS) return true;
  if (page.textShare >= FULL_TEXT_SHARE) return false;
  return page.imageCoverage >= OCR_IMAGE_COVERAGE;
}

/** Whether the page's text already covers it: then its images are never looked at. */
export const textCoversPage = (page: Pick<PageFacts, 'letters' | 'textShare'>) => page.letters >= MIN_PAGE_LETTERS && page.textShare >= FULL_TEXT_SHARE;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
const lettersOf = (text: string) => text.match(LETTER_OR_DIGIT)?.length ?? 0;

/** Letters and the share of the page the runs cover, from pdf.js's text items. */
export function textFacts(items: PositionedText[], view: number[]): Pick<PageFacts, 'letters' | 'textShare'> {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const pageArea = Math.max(1, (x1 - x0) * (y1 - y0));
  let letters = 0;
  let area = 0;
  for (const item of items) {
    if (!item.str) continue;
    const own = lettersOf(item.str);
    if (!own) continue;
    letters += own;
    const [a = 1, b = 0, c = 0, d = 1] = item.transform;
    const size = item.height > 0 ? item.height : Math.hypot(c, d) || Math.hypot(a, b);
    area += Math.abs(item.width) * size;
  }
  return { letters, textShare: Math.min(1, area / pageArea) };
}

/**
 * Visible and invisible letters shown by an operator list (text render modes 3 and 7 draw nothing:
 * the OCR layer of a scanner). Form XObjects keep the mode of the state they inherit.
 */
export function glyphsByVisibility(fnArray: number[], argsArray: unknown[]): { visible: number; invisible: number } {
  let mode = 0;
  const stack: number[] = [];
  let visible = 0;
  let invisible = 0;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    if (fn === OPS.save || fn === OPS.paintFormXObjectBegin) stack.push(mode);
    else if (fn === OPS.restore || fn === OPS.paintFormXObjectEnd) mode = stack.pop() ?? mode;
    else if (fn === OPS.setTextRenderingMode) mode = Number((argsArray[i] as unknown[] | null)?.[0] ?? 0);
    else if (fn === OPS.showText || fn === OPS.showSpacedText) {
      const glyphs = (argsArray[i] as unknown[] | null)?.[0];
      if (!Array.isArray(glyphs)) continue;
      let n = 0;
      for (const glyph of glyphs) {
        const unicode = (glyph as { unicode?: unknown } | null)?.unicode;
        if (typeof unicode === 'string') n += lettersOf(unicode);
      }
      if (mode === 3 || mode === 7) invisible += n;
      else visible += n;
    }
  }
  return { visible, invisible };
}

/** The page's raster images, from its operator list. */
export interface PageImages {
  /** Share of the page (0–1) covered by images, overlaps counted twice, capped at 1. */
  coverage: number;
  /** The one image that covers ≥ 90% of the page, drawn upright and unrotated, if there is one. */
  fullPage: { objId: string; widthPt: number; heightPt: number } | null;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: number[]): Matrix => {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = n;
  return [a * m[0] + b * m[2], a * m[1] + b * m[3], c * m[0] + d * m[2], c * m[1] + d * m[3], e * m[0] + f * m[2] + m[4], e * m[1] + f * m[3] + m[5]];
};

/**
 * Where images are painted: the current transform is followed through save/restore, `cm` and
 * form XObjects, and each image's unit square is mapped onto the page (its bounding box, clipped
 * to the page). `view` is the page's box [x0, y0, x1, y1] in user space.
 */
export function pageImages(fnArray: number[], argsArray: unknown[], view: number[]): PageImages {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const pageArea = Math.max(1, (x1 - x0) * (y1 - y0));
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let area = 0;
  let images = 0;
  let fullPage: PageImages['fullPage'] = null;
  const boxArea = (m: Matrix) => {
    const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
    const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
    const w = Math.min(x1, Math.max(...xs)) - Math.max(x0, Math.min(...xs));
    const h = Math.min(y1, Math.max(...ys)) - Math.max(y0, Math.min(...ys));
    return w > 0 && h > 0 ? w * h : 0;
  };
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && args) ctm = multiply(ctm, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args?.[0];
      if (Array.isArray(matrix) || ArrayBuffer.isView(matrix)) ctm = multiply(ctm, Array.from(matrix as ArrayLike<number>));
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) {
      const covered = boxArea(ctm);
      area += covered;
      images++;
      const upright = ctm[0] > 0 && ctm[3] > 0 && Math.abs(ctm[1]) < 1e-6 && Math.abs(ctm[2]) < 1e-6;
      if (fn === OPS.paintImageXObject && typeof args?.[0] === 'string' && upright && covered >= pageArea * 0.9) {
        fullPage = { objId: args[0], widthPt: ctm[0], heightPt: ctm[3] };
      }
    } else if (fn === OPS.paintImageXObjectRepeat && args) {
      // [objId, scaleX, scaleY, positions]: one image stamped at many places.
      const [, sx, sy, positions] = args as [string, number, number, ArrayLike<number>];
      area += Math.min(pageArea, (positions.length / 2) * Math.abs(sx * sy) * Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]));
      images += 2;
    }
  }
  return { coverage: Math.min(1, area / pageArea), fullPage: images === 1 ? fullPage : null };
}

/** 'EM BRANCO', 'página em branco', 'verso em branco', 'folha intencionalmente deixada em branco'. */
const BLANK_STAMP = /(?:(?:p[aá]gina|folha|verso)\s+)?(?:(?:intencionalmente|propositalmente)\s+)?(?:deixad[ao]\s+)?em\s+branco/giu;

/** A page whose only words are a 'EM BRANCO' stamp (numbers, seals and page marks aside). */
export function isBlankStamp(text: string): boolean {
  if (!BLANK_STAMP.test(text)) return false;
  BLANK_STAMP.lastIndex = 0;
  const rest = text.replace(BLANK_STAMP, ' ').replace(/\b(?:p[aá]g(?:ina)?|fls?|folha|selo|n[ºo°]?)\b\.?/giu, ' ');
  return countLetters(rest) < 6;
}

const words = (text: string) => text.toLowerCase().normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The OCR text first, then the lines of the text layer that the OCR did not read: stamps drawn as
 * text over a scan, a validation code, a footer in a font too small for the scan. A line counts
 * as read when its words (three letters or more) are at least 80% in the OCR text.
 */
export function mergeTextLayer(ocrText: string, layerText: string): string {
  const seen = new Set(words(ocrText));
  const compact = words(ocrText).join('');
  const missing: string[] = [];
  for (const line of layerText.split('\n')) {
    const own = words(line);
    if (!own.length) continue;
    if (compact.includes(own.join(''))) continue;
    const long = own.filter((w) => w.length >= 3);
    const found = long.filter((w) => seen.has(w)).length;
    if (long.length && found / long.length >= 0.8) continue;
    if (!long.length && own.every((w) => seen.has(w))) continue;
    missing.push(line.trim());
  }
  return missing.length ? `${ocrText.trimEnd()}\n\n${missing.join('\n')}` : ocrText;
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
  ocrCpuMs?: number;
  /** Called before each OCR page: the file budget grows by the page's OCR budget. */
  onOcrPage(): void;
  onProgress(progress: ExtractionProgress): void;
  /** Each page whose text is final (extract.ts: ExtractOptions.onPage). */
  onPage?(page: ExtractedPage): void;
  /** Pages an earlier attempt read: skipped. */
  skipPages?: ReadonlySet<number>;
}

/**
 * The decoded pixels of a page that is one upright image covering it (a scan), taken from what
 * pdf.js decoded for the operator list: no second decode and no 300 dpi render. Null when the
 * image is not plain pixels (a bitmap, an unknown kind): the page is rendered instead.
 */
function fullPageImage(page: PDFPageProxy, image: NonNullable<PageImages['fullPage']>): { gray: GrayImage; dpiX: number; dpiY: number } | null {
  const objs = image.objId.startsWith('g_') ? page.commonObjs : page.objs;
  if (!objs.has(image.objId)) return null;
  const data = objs.get(image.objId) as { width?: number; height?: number; kind?: number; data?: Uint8Array | Uint8ClampedArray } | null;
  if (!data?.data || !data.width || !data.height) return null;
  const { width, height, kind } = data;
  const src = data.data;
  const gray = new Uint8Array(width * height);
  if (kind === ImageKind.RGB_24BPP || kind === ImageKind.RGBA_32BPP) {
    const channels = kind === ImageKind.RGB_24BPP ? 3 : 4;
    if (src.length < width * height * channels) return null;
    for (let i = 0, j = 0; j < gray.length; i += channels, j++) gray[j] = (src[i]! * 299 + src[i + 1]! * 587 + src[i + 2]! * 114) / 1000;
  } else if (kind === ImageKind.GRAYSCALE_1BPP) {
    // Rows padded to whole bytes; a set bit is white (pdf.js applies /Decode before this).
    const rowBytes = (width + 7) >> 3;
    if (src.length < rowBytes * height) return null;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) gray[y * width + x] = (src[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
  } else {
    return null;
  }
  // The image's own resolution on each axis: its pixels over the page's size (not always square).
  const dpiX = (width / image.widthPt) * 72;
  const dpiY = (height / image.heightPt) * 72;
  const dpi = Math.max(dpiX, dpiY);
  // Gray or colour images far from 300 dpi are rendered at 300 dpi instead (pdf.js scales them);
  // bilevel ones at 200 dpi are enlarged and cleaned by cleanScan, which reads them better.
  if (dpi > 450 || Math.min(dpiX, dpiY) < (kind === ImageKind.GRAYSCALE_1BPP ? 150 : 250)) return null;
  return { gray: { data: gray, width, height }, dpiX, dpiY };
}

const PAINT_OPS = new Set<number>([
  OPS.stroke, OPS.closeStroke, OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke,
  OPS.closeEOFillStroke, OPS.shadingFill, OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat, OPS.paintImageMaskXObjectRepeat, OPS.paintSolidColorImageMask, OPS.paintInlineImageXObjectGroup,
]);

/**
 * Whether an operator list paints anything besides text: paths (text drawn as outlines, a
 * drawing) or images. A page that paints only its text layer has nothing for OCR to read.
 */
export function paintsBeyondText(fnArray: number[], argsArray: unknown[]): boolean {
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    if (fn === OPS.constructPath) {
      // pdf.js 5 carries the painting operator first; endPath is a clip only.
      const paint = (argsArray[i] as unknown[] | null)?.[0];
      if (paint !== OPS.endPath) return true;
    } else if (PAINT_OPS.has(fn)) return true;
  }
  return false;
}

interface PageRead {
  text: string;
  cells: TextCell[] | undefined;
  images: PageImages;
  facts: PageFacts;
  /** The page paints nothing but its text layer (asked only for pages with almost no text). */
  textOnly: boolean;
  failed: boolean;
}

/**
 * Whether the file holds any image XObject. Streams never sit inside object streams, so an
 * image's dictionary (`/Subtype /Image`) is always in the file's plain bytes. Without one, the
 * operator lists are not asked for its images: no page of it can be a scan. Inline images
 * (inside content streams) are not seen here; such pages still go to OCR when their text layer
 * is nearly empty.
 */
export function mayHoldImages(data: Buffer): boolean {
  return scanPdf(data).images;
}

/**
 * The text layer, its cells, and what decides the page's reading. The operator list (which
 * decodes the page's images) is asked only when the answer can depend on it: the page has almost
 * no text, the file may draw invisible text, or it holds images and this page's visible text does
 * not cover it. The text part runs under `textBudget`.
 */
async function readPage(page: PDFPageProxy, textBudget: (work: Promise<void>) => Promise<void>, scan: PdfScan): Promise<PageRead> {
  let text = '';
  let cells: TextCell[] | undefined;
  let failed = false;
  const facts: PageFacts = { letters: 0, textShare: 0, imageCoverage: 0 };
  await textBudget(
    (async () => {
      try {
        const content = await page.getTextContent();
        const items = content.items.filter((item): item is PositionedText & typeof item => 'str' in item);
        text = layoutPageText(items);
        Object.assign(facts, textFacts(items, page.view));
        // Form layouts: labels and values in other columns are paired by position (key-fields.ts).
        cells = textCells(items, page.view[3]! - page.view[1]!);
      } catch {
        failed = true;
      }
    })(),
  );
  let images: PageImages = { coverage: 0, fullPage: null };
  let textOnly = false;
  // A page with almost no text is rendered only if it paints something besides that text (text
  // as outlines, an image): its operator list is cheap when there are no images to decode.
  if (facts.letters < MIN_PAGE_LETTERS || scan.invisibleText || (scan.images && !textCoversPage(facts))) {
    try {
      const ops = await page.getOperatorList();
      images = pageImages(ops.fnArray, ops.argsArray, page.view);
      facts.imageCoverage = images.coverage;
      if (scan.invisibleText) {
        // Only what is drawn counts as the page's text; the share shrinks with the letters.
        const glyphs = glyphsByVisibility(ops.fnArray, ops.argsArray);
        const shown = glyphs.visible + glyphs.invisible;
        if (glyphs.invisible && shown) {
          facts.textShare *= glyphs.visible / shown;
          facts.letters = Math.round((facts.letters * glyphs.visible) / shown);
        }
      }
      if (facts.letters < MIN_PAGE_LETTERS) textOnly = !paintsBeyondText(ops.fnArray, ops.argsArray);
    } catch {
      failed = true;
    }
  }
  return { text, cells, images, facts, textOnly, failed };
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

/**
 * Reads every page: its text layer, and OCR where the page is a scan (images cover ≥ 40% of it)
 * or has almost no text layer. Pages are read in order; an OCR page is handed to the engine and
 * the next page is read meanwhile, up to the engine's parallelism (native tesseract: one process
 * per core across the server). OCR text leads and the text layer's lines it missed follow.
 * Blank pages (a blank render, or only an 'EM BRANCO' stamp) are marked `blank`, their text kept.
 */
export async function extractPdf(path: string, ctx: PdfContext): Promise<ExtractionResult> {
  const data = await readFile(path);
  const scan = scanPdf(data);
  const task = openPdf(data);
  const jobs = new PageJobs((ctx.ocr.concurrency ?? 1) + 1);
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
    const progress = new PageProgress(pageCount, ctx.onProgress);
    const pages: ExtractedPage[] = [];

    // The text layers of all pages share the 30 s budget (a content stream built to hang pdf.js);
    // decoding and rendering scans is paid from the file's budget, which each OCR page extends.
    let textSpent = 0;
    const textTimeout = () => new ExtractionError('Timeout: PDF muito grande ou complexo', true);
    const textBudget = async (work: Promise<void>) => {
      const started = performance.now();
      const left = ctx.textTimeoutMs - textSpent;
      // Spent already: fail now rather than race a timer that a fast page could still beat.
      if (left <= 0) {
        work.catch(() => undefined);
        throw textTimeout();
      }
      try {
        await withTimeout(work, left, textTimeout, ctx.signal);
      } finally {
        textSpent += performance.now() - started;
      }
    };

    /** Pages whose OCR failed for a reason worth another try (the engine could not start, a runaway). */
    const retryLater: { n: number; reason: string }[] = [];
    const final = (result: ExtractedPage) => ctx.onPage?.(result);
    for (let n = first; n <= last; n++) {
      if (ctx.skipPages?.has(n)) {
        // Read by an earlier attempt: counted as read, not read again.
        progress.textPage();
        continue;
      }
      // pdf.js in Node runs its "worker" on this thread through promises only: without a turn of
      // the event loop between pages no timer, and so no timeout, could fire during a long PDF.
      await new Promise<void>((resolve) => setImmediate(resolve));
      ctx.signal.throwIfAborted();
      let page: PDFPageProxy | null = null;
      let read: PageRead = { text: '', cells: undefined, images: { coverage: 0, fullPage: null }, facts: { letters: 0, textShare: 0, imageCoverage: 0 }, textOnly: false, failed: true };
      try {
        page = await textBudgetValue(doc.getPage(n), textBudget);
        read = await readPage(page, textBudget, scan);
      } catch (error) {
        if (error instanceof ExtractionError || ctx.signal.aborted) throw error;
      }
      const result: ExtractedPage = { number: n, text: read.text, method: 'text', confidence: null, cells: read.cells };
      pages.push(result);
      const { letters } = read.facts;
      const stampOnly = isBlankStamp(read.text) && read.images.coverage < OCR_IMAGE_COVERAGE;
      if (!page || stampOnly || read.textOnly || !needsOcr(read.facts)) {
        if (read.failed && !letters) warnings.push(`Página ${n} não pôde ser lida`);
        // Nothing painted but a few letters, or nothing at all: what a blank render would say.
        if (stampOnly || (read.textOnly && !read.text.trim())) result.blank = true;
        page?.cleanup();
        final(result);
        progress.textPage();
        continue;
      }

      ctx.onOcrPage();
      progress.ocrQueued(n);
      let image: { gray: GrayImage; dpi: number | null } | null = null;
      try {
        const own = read.images.fullPage && page.rotate % 360 === 0 ? fullPageImage(page, read.images.fullPage) : null;
        if (own) {
          const square = await squarePixels(own.gray, own.dpiX, own.dpiY);
          image = { gray: square.image, dpi: square.dpi };
        } else image = { gray: await renderPageGray(doc, page), dpi: null };
      } catch {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        warnings.push(`Página ${n} não pôde ser lida`);
      } finally {
        page.cleanup();
      }
      if (!image || isBlank(image.gray)) {
        if (image) result.blank = true;
        final(result);
        progress.ocrFinished(n);
        continue;
      }
      const { gray, dpi } = image;
      await jobs.add(async () => {
        try {
          const reading = await readPageImage(gray, ctx.ocr, { dpi, timeoutMs: ctx.ocrPageTimeoutMs, cpuMs: ctx.ocrCpuMs, signal: ctx.signal });
          result.text = read.text.trim() ? mergeTextLayer(reading.text, read.text) : reading.text;
          result.method = 'ocr';
          result.confidence = reading.confidence;
          if (reading.rotation) result.rotation = reading.rotation;
          if (isBlankStamp(result.text)) result.blank = true;
        } catch (error) {
          if (ctx.signal.aborted) throw error;
          const reason = error instanceof ExtractionError ? error.message : 'A imagem não pôde ser lida pelo OCR';
          // The other pages go on either way; this one is tried again, or kept with its text layer.
          if (!(error instanceof ExtractionError) || error.retryable) {
            retryLater.push({ n, reason });
            progress.ocrAbandoned(n);
            return;
          }
          warnings.push(`Página ${n} não pôde ser lida pelo OCR: ${reason}`);
        }
        // Handed out before the progress that counts it: progress never runs ahead of the pages read.
        final(result);
        progress.ocrFinished(n);
      });
    }
    await jobs.drain();
    if (retryLater.length) throw pagesNotRead(retryLater);
    return { pages, warnings: [...new Set(warnings)] };
  } catch (error) {
    jobs.abandon();
    throw error;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/**
 * The retryable failure of a file whose other pages were read (and handed to `onPage`): the next
 * attempt reads only these pages.
 */
function pagesNotRead(failed: { n: number; reason: string }[]): ExtractionError {
  const numbers = failed.map((f) => f.n).sort((a, b) => a - b);
  const which = numbers.length === 1 ? `da página ${numbers[0]}` : `das páginas ${numbers.join(', ')}`;
  return new ExtractionError(`OCR ${which} não concluído: ${failed[0]!.reason}`, true);
}

/** A pdf.js call whose time counts against the text budget, returning its value. */
async function textBudgetValue<T>(work: Promise<T>, budget: (work: Promise<void>) => Promise<void>): Promise<T> {
  let value: T | undefined;
  await budget(work.then((v) => void (value = v)));
  return value as T;
}
