// One page image through OCR the way real paperwork needs it: straightened (a sheet laid crooked
// on the glass), low-resolution bilevel scans (200 dpi fax-like) enlarged and cleaned, and pages
// or photos lying sideways or upside down turned upright before the text is taken.
import sharp, { type Sharp } from 'sharp';
import { toPgm, type GrayImage } from './image.ts';
import { countLetters } from './normalize.ts';
import type { OcrLike, OcrRecognizeOptions, OcrResult } from './ocr.ts';

/** Skew is searched within ±10°; tesseract copes with less than 1° by itself. */
const MAX_SKEW_DEG = 10;
const MIN_SKEW_DEG = 1;
/** A first reading weaker than this (letters or mean confidence) makes us check the orientation. */
const WEAK_LETTERS = 60;
const WEAK_CONFIDENCE = 60;
/** Bilevel scans below this resolution are enlarged 1.5× so tesseract sees ≥ 300 dpi glyphs. */
const LOW_DPI = 250;
/**
 * A reading whose mean confidence is below this is tried again on a 300 dpi copy (when the page
 * came at less) and on a binarised copy; the reading with the best confidence is kept.
 */
export const RETRY_CONFIDENCE = 70;
const TARGET_DPI = 300;
const MAX_SIDE = 3508;

async function fromSharp(pipeline: Sharp): Promise<GrayImage> {
  const { data, info } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels === 1) return { data, width: info.width, height: info.height };
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = data[i * info.channels]!;
  return { data: gray, width: info.width, height: info.height };
}

const rawInput = (image: GrayImage) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });

/**
 * A scan whose pixels are not square (a fax at 204×196 dpi, a scanner's 227×198) resampled to the
 * larger of its two resolutions on both axes, so tesseract sees glyphs in their true proportions.
 * Nearest neighbour: a bilevel scan stays bilevel (cleanScan then enlarges and cleans it).
 */
export async function squarePixels(image: GrayImage, dpiX: number, dpiY: number): Promise<{ image: GrayImage; dpi: number }> {
  const dpi = Math.max(dpiX, dpiY);
  if (Math.abs(dpiX - dpiY) <= dpi * 0.03) return { image, dpi: Math.round(dpi) };
  const width = Math.round((image.width * dpi) / dpiX);
  const height = Math.round((image.height * dpi) / dpiY);
  return { image: await fromSharp(rawInput(image).resize({ width, height, kernel: 'nearest', fit: 'fill' })), dpi: Math.round(dpi) };
}

/** Turns the image clockwise by `degrees`, the corners filled with white. */
export function rotateGray(image: GrayImage, degrees: number): Promise<GrayImage> {
  return fromSharp(rawInput(image).rotate(degrees, { background: '#ffffff' }));
}

/**
 * The angle (degrees, clockwise positive) by which the text lines are tilted, from the projection
 * profile of a downscaled, binarised copy: lines of text give the sharpest row histogram when the
 * projection follows them. 0 when no angle beats level by a clear margin (a photo of a form, a
 * sideways page: better not to turn it by a guess).
 */
export function estimateSkew(image: GrayImage): number {
  const step = Math.max(1, Math.round(Math.max(image.width, image.height) / 1000));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < image.height; y += step) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x += step) {
      if (image.data[row + x]! < 128) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 200) return 0;
  // Keep the search cheap on dark photos: every k-th ink pixel is enough for a profile.
  const stride = Math.max(1, Math.floor(xs.length / 150_000));
  const size = Math.ceil(Math.hypot(image.width, image.height) / step) * 2 + 4;
  const bins = new Float64Array(size);
  const score = (deg: number) => {
    bins.fill(0);
    const rad = (deg * Math.PI) / 180;
    const sin = Math.sin(rad);
    const cos = Math.cos(rad);
    for (let i = 0; i < xs.length; i += stride) bins[Math.round(ys[i]! * cos - xs[i]! * sin) + (size >> 1)]! += 1;
    let sum = 0;
    for (const b of bins) sum += b * b;
    return sum;
  };
  const level = score(0);
  let best = 0;
  let bestScore = level;
  for (let deg = -MAX_SKEW_DEG; deg <= MAX_SKEW_DEG; deg += 0.5) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  for (let deg = best - 0.4; deg <= best + 0.4; deg += 0.1) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  return bestScore > level * 1.05 ? Math.round(best * 10) / 10 : 0;
}

/** True when nearly every pixel is black or white: a bilevel (fax-like) scan. */
export function isBilevel({ data }: GrayImage): boolean {
  let mid = 0;
  let n = 0;
  for (let i = 0; i < data.length; i += 7, n++) if (data[i]! > 40 && data[i]! < 215) mid++;
  return n > 0 && mid / n < 0.03;
}

/**
 * Bilevel scans at low resolution (200 dpi fax-like, or unknown and small) are enlarged 1.5×
 * (lanczos: the staircase edges become soft) and a 3×3 median takes the specks off: on such
 * pages tesseract read broken glyphs at the original size.
 */
export async function cleanScan(image: GrayImage, dpi: number | null): Promise<GrayImage> {
  const longSide = Math.max(image.width, image.height);
  // Unknown resolution: judge by the size the file had, not the size we scaled it down to.
  const lowResolution = dpi !== null ? dpi < LOW_DPI : (image.sourceLongSide ?? longSide) < 2600;
  if (!lowResolution || !isBilevel(image)) return image;
  const scale = Math.min(1.5, MAX_SIDE / longSide);
  if (scale <= 1.05) return image;
  return fromSharp(
    rawInput(image)
      .resize({ width: Math.round(image.width * scale), height: Math.round(image.height * scale), kernel: 'lanczos3' })
      .median(3),
  );
}

/** How much readable text a result holds: letters weighted by confidence. */
const strength = (result: OcrResult) => countLetters(result.text) * Math.max(0, result.confidence) / 100;
const weak = (result: OcrResult) => countLetters(result.text) < WEAK_LETTERS || result.confidence < WEAK_CONFIDENCE;

/**
 * For an engine without orientation detection (tesseract.js without the OSD model): read a
 * half-size copy at 0/90/180/270 and keep the strongest, only when it beats level clearly.
 */
async function guessOrientation(image: GrayImage, ocr: OcrLike, options: OcrRecognizeOptions): Promise<number | null> {
  const small = await fromSharp(rawInput(image).resize({ width: Math.round(image.width / 2), height: Math.round(image.height / 2) }));
  let best = 0;
  let bestStrength = -1;
  for (const turn of [0, 90, 180, 270]) {
    const turned = turn ? await rotateGray(small, turn) : small;
    const s = strength(await ocr.recognize(toPgm(turned), options));
    if (s > bestStrength * 1.2) [best, bestStrength] = [turn, s];
  }
  return best;
}

/** Otsu's threshold of a gray image: the level that best splits ink from paper. */
export function otsuThreshold({ data }: GrayImage): number {
  const histogram = new Float64Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]!]!++;
  const total = data.length;
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * histogram[t]!;
  let below = 0;
  let sumBelow = 0;
  let best = 127;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    below += histogram[t]!;
    if (!below) continue;
    const above = total - below;
    if (!above) break;
    sumBelow += t * histogram[t]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) [best, bestVariance] = [t, variance];
  }
  return best;
}

function isPureBlackAndWhite({ data }: GrayImage): boolean {
  for (let i = 0; i < data.length; i += 3) if (data[i] !== 0 && data[i] !== 255) return false;
  return true;
}

/** Black and white at Otsu's threshold. */
export function binarize(image: GrayImage): GrayImage {
  const threshold = otsuThreshold(image);
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i++) data[i] = image.data[i]! > threshold ? 255 : 0;
  return { ...image, data };
}

/** The image scaled so its glyphs are at `TARGET_DPI` (lanczos), or null when it already is. */
async function at300Dpi(image: GrayImage, dpi: number | null): Promise<GrayImage | null> {
  if (dpi === null || dpi >= TARGET_DPI * 0.95) return null;
  const scale = Math.min(TARGET_DPI / dpi, MAX_SIDE / Math.max(image.width, image.height));
  if (scale <= 1.05) return null;
  return fromSharp(rawInput(image).resize({ width: Math.round(image.width * scale), height: Math.round(image.height * scale), kernel: 'lanczos3' }));
}

/**
 * A low-confidence reading tried again on other copies of the page (300 dpi when the page came at
 * less, and binarised), keeping the reading with the best mean confidence among those that read
 * at least 80% of the letters of the first (a copy that loses a column is not better).
 */
async function bestOfCopies(page: GrayImage, dpi: number | null, first: OcrResult, ocr: OcrLike, options: OcrRecognizeOptions): Promise<OcrResult> {
  if (first.confidence >= RETRY_CONFIDENCE || countLetters(first.text) < WEAK_LETTERS) return first;
  const copies: GrayImage[] = [];
  // A bilevel scan below 250 dpi was enlarged by cleanScan already; its dpi now is ×1.5.
  const enlarged = await at300Dpi(page, dpi);
  if (enlarged) copies.push(enlarged);
  // A pure black-and-white page has nothing to binarise; an enlarged fax has soft edges to cut.
  if (!isPureBlackAndWhite(page)) copies.push(binarize(enlarged ?? page));
  let best = first;
  const floor = countLetters(first.text) * 0.8;
  for (const copy of copies) {
    const reading = await ocr.recognize(toPgm(copy), options);
    if (reading.confidence > best.confidence && countLetters(reading.text) >= floor) best = reading;
  }
  return best;
}

export interface PageReading extends OcrResult {
  /** Clockwise degrees the image was turned to stand upright (0, 90, 180, 270). */
  rotation: number;
  /** Degrees of skew that were straightened (0 if none). */
  skew: number;
}

export interface ReadPageOptions extends OcrRecognizeOptions {
  /** Resolution of the image when known (a PDF's image, a TIFF's header); null when not. */
  dpi?: number | null;
}

/**
 * Straightens and cleans the image, reads it, and when the reading is weak asks which way is up
 * (the engine's orientation detection, else a guess by reading), reads it turned and keeps the
 * stronger reading.
 */
export async function readPageImage(image: GrayImage, ocr: OcrLike, options: ReadPageOptions = {}): Promise<PageReading> {
  const { dpi = null, ...recognize } = options;
  let page = image;
  const skew = estimateSkew(page);
  if (Math.abs(skew) >= MIN_SKEW_DEG) page = await rotateGray(page, -skew);
  const cleaned = await cleanScan(page, dpi);
  // cleanScan enlarges low-resolution bilevel scans 1.5×: their resolution grows with them.
  const cleanedDpi = dpi !== null && cleaned !== page ? Math.round((dpi * cleaned.width) / page.width) : dpi;
  page = cleaned;
  const first = await bestOfCopies(page, cleanedDpi, await ocr.recognize(toPgm(page), recognize), ocr, recognize);
  if (!weak(first)) return { ...first, rotation: 0, skew };
  // Tesseract's detector is unsure on photos of small cards (confidence < 2): then read the page
  // each way up on a half-size copy, as for an engine without a detector.
  const detected = ocr.detectOrientation ? await ocr.detectOrientation(toPgm(page), recognize) : null;
  const turn = detected ?? (await guessOrientation(page, ocr, recognize));
  if (!turn) return { ...first, rotation: 0, skew };
  let turned = await rotateGray(page, turn);
  // A sideways page straightened before turning may carry its own small skew across the new axis.
  const again = estimateSkew(turned);
  if (Math.abs(again) >= MIN_SKEW_DEG) turned = await rotateGray(turned, -again);
  const second = await ocr.recognize(toPgm(turned), recognize);
  return strength(second) > strength(first) ? { ...second, rotation: turn, skew: skew || again } : { ...first, rotation: 0, skew };
}
