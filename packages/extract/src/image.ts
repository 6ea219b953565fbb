import { readFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import type { OcrLike } from './ocr.ts';
import { readPageImage } from './ocr-page.ts';
import { PageJobs, PageProgress } from './ocr-progress.ts';
import { ExtractionError, type ExtractedPage, type ExtractionProgress, type FileKind } from './types.ts';

/** Longest side sent to OCR: enough for 300 dpi on A4 and for 12 MP phone photos scaled down. */
export const MAX_OCR_SIDE = 2500;
/** Below this the text of a photo is usually too small for tesseract: such images are doubled. */
const MIN_OCR_SIDE = 1000;
/** Refuse to decode more pixels than this (a 30000×30000 header would need 3.6 GB). */
export const MAX_IMAGE_PIXELS = 100_000_000;

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
  /** Resolution when the file states one we trust (a TIFF's header, e.g. a 200 dpi fax). */
  dpi?: number;
  /** The long side before we scaled the image down for OCR: it was not a small scan. */
  sourceLongSide?: number;
}

export function rgbaToGray(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < data.length; i += 4, j++) {
    // ITU-R BT.601 luma in integers.
    data[j] = (rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114) / 1000;
  }
  return { data, width, height };
}

/**
 * Binary PGM: tesseract's image library reads it without decompressing anything, which makes it
 * the cheapest way to hand over a page (about 20% faster than PNG end to end).
 */
export function toPgm({ data, width, height }: GrayImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), data]);
}

/** True when almost nothing is printed on the page: OCR would only find noise. */
export function isBlank({ data }: GrayImage): boolean {
  let dark = 0;
  for (let i = 0; i < data.length; i += 3) if (data[i]! < 128) dark++;
  return dark < (data.length / 3) * 0.0002;
}

function targetLongSide(longSide: number): number {
  if (longSide > MAX_OCR_SIDE) return MAX_OCR_SIDE;
  if (longSide < MIN_OCR_SIDE) return Math.min(longSide * 2, MAX_OCR_SIDE);
  return longSide;
}

async function throughSharp(input: Sharp, width: number, height: number, dpi?: number): Promise<GrayImage> {
  const longSide = Math.max(width, height);
  const target = targetLongSide(longSide);
  // No contrast stretch: tesseract binarises each page itself, and sharp's percentile stretch
  // turns the speckles of a mostly blank scan into black noise that hides its few lines.
  let pipeline = input
    .rotate() // EXIF orientation: phone photos are often stored sideways
    .flatten({ background: '#ffffff' })
    .grayscale();
  if (target !== longSide) pipeline = pipeline.resize({ width: target, height: target, fit: 'inside' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const scaled = {
    ...(dpi ? { dpi: Math.round((dpi * Math.max(info.width, info.height)) / longSide) } : {}),
    ...(target < longSide ? { sourceLongSide: longSide } : {}),
  };
  if (info.channels === 1) return { data, width: info.width, height: info.height, ...scaled };
  // Defensive: keep the first channel if sharp left an extra one.
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = data[i * info.channels]!;
  return { data: gray, width: info.width, height: info.height, ...scaled };
}

/**
 * Decodes an image for OCR: EXIF orientation applied, grayscale, long side
 * between 1000 and 2500 px. Multi-page TIFF (fax scans) gives one image per page. sharp has no
 * BMP decoder: BMP goes through the canvas's decoder.
 */
export async function prepareImageForOcr(data: Buffer, kind: FileKind, maxPages = 200): Promise<GrayImage[]> {
  const options: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' };
  if (kind === 'bmp') {
    const image = await loadImage(data);
    if (image.width * image.height > MAX_IMAGE_PIXELS) throw new ExtractionError('Imagem grande demais para processar');
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, image.width, image.height);
    context.drawImage(image, 0, 0);
    const gray = rgbaToGray(context.getImageData(0, 0, image.width, image.height).data, image.width, image.height);
    return [await throughSharp(sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } }), gray.width, gray.height)];
  }
  const meta = await sharp(data, options).metadata();
  if (!meta.width || !meta.height) throw new ExtractionError('Imagem corrompida ou em formato não suportado');
  const pages = kind === 'tiff' ? Math.min(meta.pages ?? 1, maxPages) : 1;
  const images: GrayImage[] = [];
  for (let page = 0; page < pages; page++) {
    const input = sharp(data, { ...options, page });
    const pageMeta = page === 0 ? meta : await input.metadata();
    // Only a TIFF's resolution is trusted: JPEG and PNG files often say 72 dpi whatever they hold.
    const dpi = kind === 'tiff' && (pageMeta.density ?? meta.density ?? 0) >= 100 ? (pageMeta.density ?? meta.density) : undefined;
    images.push(await throughSharp(input, pageMeta.width ?? meta.width, pageMeta.height ?? meta.height, dpi));
  }
  return images;
}

function imageError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ExtractionError('Imagem grande demais para processar');
  return new ExtractionError('Imagem corrompida ou em formato não suportado');
}

export interface ImageContext {
  ocr: OcrLike;
  signal: AbortSignal;
  ocrPageTimeoutMs: number;
  ocrCpuMs?: number;
  maxPages: number;
  /** Called before each OCR page: the file budget grows by the page's OCR budget. */
  onOcrPage(): void;
  onProgress(progress: ExtractionProgress): void;
  /** Each page whose text is final. */
  onPage?(page: ExtractedPage): void;
  /** Pages (a TIFF's) an earlier attempt read: skipped. */
  skipPages?: ReadonlySet<number>;
}

/**
 * OCRs every image (every page of a TIFF), straightened and turned upright (readPageImage), the
 * pages of a multi-page TIFF in parallel up to the engine's parallelism.
 */
export async function extractImage(path: string, kind: FileKind, ctx: ImageContext): Promise<ExtractedPage[]> {
  let images: GrayImage[];
  try {
    images = await prepareImageForOcr(await readFile(path), kind, ctx.maxPages);
  } catch (error) {
    throw imageError(error);
  }
  const progress = new PageProgress(images.length, ctx.onProgress);
  const jobs = new PageJobs(ctx.ocr.concurrency ?? 1);
  const pages: ExtractedPage[] = [];
  const retryLater: number[] = [];
  let retryReason = '';
  try {
    for (const [i, image] of images.entries()) {
      ctx.signal.throwIfAborted();
      if (ctx.skipPages?.has(i + 1)) {
        progress.textPage();
        continue;
      }
      ctx.onOcrPage();
      const page: ExtractedPage = { number: i + 1, text: '', method: 'ocr', confidence: 0 };
      pages.push(page);
      progress.ocrQueued(page.number);
      if (isBlank(image)) {
        page.blank = true;
        ctx.onPage?.(page);
        progress.ocrFinished(page.number);
        continue;
      }
      await jobs.add(async () => {
        try {
          const reading = await readPageImage(image, ctx.ocr, { dpi: image.dpi ?? null, timeoutMs: ctx.ocrPageTimeoutMs, cpuMs: ctx.ocrCpuMs, signal: ctx.signal });
          page.text = reading.text;
          page.confidence = reading.confidence;
          if (reading.rotation) page.rotation = reading.rotation;
        } catch (error) {
          // A runaway or an engine that could not start: this page is tried again, the others kept.
          if (ctx.signal.aborted || !(error instanceof ExtractionError) || !error.retryable) throw error;
          retryLater.push(page.number);
          retryReason ||= error.message;
          progress.ocrAbandoned(page.number);
          return;
        }
        ctx.onPage?.(page);
        progress.ocrFinished(page.number);
      });
    }
    await jobs.drain();
  } catch (error) {
    jobs.abandon();
    throw error;
  }
  if (retryLater.length) {
    const which = retryLater.length === 1 ? `da página ${retryLater[0]}` : `das páginas ${retryLater.sort((a, b) => a - b).join(', ')}`;
    throw new ExtractionError(`OCR ${which} não concluído: ${retryReason}`, true);
  }
  return pages;
}
