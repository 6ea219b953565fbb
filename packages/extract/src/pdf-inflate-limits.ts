import { readFile, stat } from 'node:fs/promises';
import { constants, createInflate, inflateSync } from 'node:zlib';
import { decodePdfName, directLength, pdfEnd, STREAM_START, streamDictionary, streamEnd } from './pdf-active-content.ts';
import { wrap } from './rules.ts';
import { ExtractionError } from './types.ts';

/**
 * Decompression limits for a PDF, checked before pdf.js opens it. pdf.js inflates a content or
 * object stream whole into memory and decodes an image at the size it declares: a 1 MB file whose
 * stream inflates to 1 GiB took the server from 0.8 to 2.9 GB. So every stream is measured first,
 * its output counted and thrown away (bounded memory), stopping at the limit.
 *
 * - FlateDecode (and `Fl`): inflated and counted; LZWDecode and RunLengthDecode: counted without
 *   producing output; ASCIIHex/ASCII85 before them are decoded (they only shrink).
 * - Images in codecs we do not decode (DCT, JPX, JBIG2, CCITT): their decoded size from the
 *   dimensions they declare (the JPEG's own header too), against the per-stream limit only.
 * - Not covered: encrypted files (their streams are ciphertext here; pdf.js decrypts them with an
 *   empty user password) and filter chains with two expanding filters after the first's output.
 */

export interface PdfInflateLimits {
  /**
   * Decoded bytes of one stream. 128 MiB: the largest real stream is a page image, an A3 scan at
   * 300 dpi in RGB is 52 MB; 128 MiB is 2.5 times that and 1/8 of the 1 GiB bomb.
   */
  maxStreamBytes: number;
  /**
   * Decoded bytes of all Flate/LZW/RunLength streams of the file. 512 MiB: a 200-page bilevel
   * scan at 300 dpi decodes to about 220 MB, and inflating 512 MiB costs about 1 s of one core.
   * Images in other codecs are decoded one page at a time by pdf.js and do not add up.
   */
  maxDocumentBytes: number;
}

export const DEFAULT_PDF_INFLATE_LIMITS: PdfInflateLimits = {
  maxStreamBytes: 128 * 1024 * 1024,
  maxDocumentBytes: 512 * 1024 * 1024,
};

export const PDF_BOMB_REASON = 'PDF com conteúdo compactado grande demais (possível bomba de descompressão)';
/** What the user reads: 'Erro ao processar PDF: PDF com conteúdo compactado grande demais (…)'. */
export const PDF_BOMB_MESSAGE = wrap(new ExtractionError(PDF_BOMB_REASON), 'pdf').message;
export const pdfImageTooLargeReason = (width: number, height: number) => `PDF com imagem de dimensões excessivas (${width}×${height})`;

export interface PdfStreamsReport {
  streams: number;
  /** Bytes of Flate/LZW/RunLength output counted (up to the point a limit was passed). */
  decodedBytes: number;
  /** The largest decoded size of one stream, images by their declared size. */
  largestStream: number;
  /** Streams whose filters were not measured (encrypted, unknown or corrupt data). */
  unmeasured: number;
}

/** Below this a stream is inflated in one synchronous call: cheaper than a stream for the many small ones. */
const SYNC_INFLATE_BYTES = 4 * 1024 * 1024;

/** Counts what `data` inflates to, stopping once past `limit`; corrupt data counts what came out. */
async function inflatedSize(data: Buffer, limit: number): Promise<number> {
  try {
    return inflateSync(data, { maxOutputLength: Math.min(limit, SYNC_INFLATE_BYTES) + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' && limit <= SYNC_INFLATE_BYTES) return limit + 1;
  }
  // Large output, or corrupt data (a reader keeps what came out before the damage): counted chunk
  // by chunk and dropped, on libuv's threads.
  return new Promise((resolve) => {
    const inflater = createInflate({ chunkSize: 256 * 1024, finishFlush: constants.Z_SYNC_FLUSH });
    let total = 0;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflater.destroy();
        resolve(total);
      }
    });
    inflater.on('end', () => resolve(total));
    inflater.on('error', () => resolve(total));
    inflater.on('close', () => resolve(total));
    inflater.end(data);
  });
}

/** Bytes an LZW stream (PDF's variant, MSB first) decodes to, without producing them. */
export function lzwDecodedSize(data: Uint8Array, limit: number, earlyChange = 1): number {
  const lengths = new Uint32Array(4096);
  let bits = 9;
  let next = 258;
  let previous = 0;
  let total = 0;
  let buffer = 0;
  let held = 0;
  for (let i = 0; i < data.length; ) {
    while (held < bits && i < data.length) {
      buffer = ((buffer << 8) | data[i++]!) >>> 0;
      held += 8;
    }
    if (held < bits) break;
    const code = (buffer >>> (held - bits)) & ((1 << bits) - 1);
    held -= bits;
    buffer &= (1 << held) - 1;
    if (code === 256) {
      bits = 9;
      next = 258;
      previous = 0;
      continue;
    }
    if (code === 257) break;
    let length: number;
    if (code < 256) length = 1;
    else if (code < next) length = lengths[code]!;
    else if (code === next && previous > 0) length = previous + 1;
    else break;
    total += length;
    if (total > limit) return total;
    if (previous > 0 && next < 4096) lengths[next++] = previous + 1;
    previous = length;
    if (next + earlyChange >= 1 << bits && bits < 12) bits++;
  }
  return total;
}

/** Bytes a RunLengthDecode stream decodes to. */
export function runLengthDecodedSize(data: Uint8Array, limit: number): number {
  let total = 0;
  for (let i = 0; i < data.length && total <= limit; ) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      total += n + 1;
      i += n + 2;
    } else {
      total += 257 - n;
      i += 2;
    }
  }
  return total;
}

function asciiHexDecode(data: Buffer): Buffer {
  const raw = data.toString('latin1');
  const end = raw.indexOf('>');
  const hex = (end >= 0 ? raw.slice(0, end) : raw).replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85Decode(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/~>.*$/s, '').replace(/^<~/, '').replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((v, c) => v * 85 + c, 0);
    for (let k = 0; k < count; k++) out.push(Math.floor(value / 256 ** (3 - k)) & 0xff);
    group = [];
  };
  for (const ch of text) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const c = ch.charCodeAt(0) - 33;
    if (c < 0 || c > 84) continue;
    group.push(c);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

const FILTER_ALIASES: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  DCT: 'DCTDecode',
  CCF: 'CCITTFaxDecode',
};
const EXPANDING = new Set(['FlateDecode', 'LZWDecode', 'RunLengthDecode']);
const IMAGE_CODECS = new Set(['DCTDecode', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode']);

/** The stream's filters in order, canonical names. */
export function filtersOf(dictionary: string): string[] {
  const match = /\/Filter[\0\t\n\f\r ]*(\[[^\]]*\]|\/[^\0\t\n\f\r /[\]<>(){}%]+)/.exec(dictionary);
  if (!match) return [];
  return [...match[1]!.matchAll(/\/([^\0\t\n\f\r /[\]<>(){}%]+)/g)].map((m) => {
    const name = decodePdfName(m[1]!);
    return FILTER_ALIASES[name] ?? name;
  });
}

const integer = (dictionary: string, key: string) => {
  const match = new RegExp(`/${key}[\\0\\t\\n\\f\\r ]+(\\d+)(?![\\0\\t\\n\\f\\r ]+\\d+[\\0\\t\\n\\f\\r ]+R)`).exec(dictionary);
  return match ? Number(match[1]) : null;
};

/** Width and height in a JPEG's frame header (SOF0–SOF15 but DHT, JPG, DAC), or null. */
export function jpegDimensions(data: Uint8Array): [number, number] | null {
  for (let i = 0; i + 9 < data.length; ) {
    if (data[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = data[i + 1]!;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [(data[i + 7]! << 8) | data[i + 8]!, (data[i + 5]! << 8) | data[i + 6]!];
    }
    i += 2 + ((data[i + 2]! << 8) | data[i + 3]!);
  }
  return null;
}

/** Decoded size of an image stream from what it declares (and, for a JPEG, its own header). */
function imageBytes(dictionary: string, encoded: Buffer | null, codec: string): { bytes: number; width: number; height: number } | null {
  if (!/\/Subtype[\0\t\n\f\r ]*\/Image\b/.test(dictionary)) return null;
  let width = integer(dictionary, 'Width') ?? 0;
  let height = integer(dictionary, 'Height') ?? 0;
  if (codec === 'DCTDecode' && encoded) {
    const own = jpegDimensions(encoded);
    if (own) [width, height] = [Math.max(width, own[0]), Math.max(height, own[1])];
  }
  const mask = /\/ImageMask[\0\t\n\f\r ]+true\b/.test(dictionary);
  const bitsPerComponent = mask ? 1 : (integer(dictionary, 'BitsPerComponent') ?? 8);
  const components = mask || /\/DeviceGray\b|\/CalGray\b/.test(dictionary) ? 1 : /\/DeviceCMYK\b/.test(dictionary) ? 4 : 3;
  return { bytes: Math.ceil((width * components * bitsPerComponent) / 8) * height, width, height };
}

/**
 * Measures the decoded size of every stream of `bytes` (a PDF), throwing the Portuguese reason
 * (`ExtractionError`, not retryable) when one stream or the whole file passes its limit.
 */
export async function measurePdfStreams(
  bytes: Uint8Array,
  limits: Partial<PdfInflateLimits> = {},
  signal?: AbortSignal,
): Promise<PdfStreamsReport> {
  const { maxStreamBytes, maxDocumentBytes } = { ...DEFAULT_PDF_INFLATE_LIMITS, ...limits };
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wholeText = whole.toString('latin1');
  // A tail after %%EOF (a portal's HTML page) is not read by pdf.js.
  const text = wholeText.slice(0, pdfEnd(wholeText));
  const report: PdfStreamsReport = { streams: 0, decodedBytes: 0, largestStream: 0, unmeasured: 0 };
  const bomb = () => new ExtractionError(PDF_BOMB_REASON);

  const streamStart = new RegExp(STREAM_START, 'g');
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    signal?.throwIfAborted();
    const dataStart = match.index + match[0].length;
    const dictionary = streamDictionary(text, match.index);
    const end = streamEnd(text, dataStart, directLength(dictionary));
    streamStart.lastIndex = end;
    report.streams++;

    const filters = filtersOf(dictionary);
    let data: Buffer | null = whole.subarray(dataStart, end);
    let decoded = 0;
    let measured = true;
    for (const [i, filter] of filters.entries()) {
      const last = i === filters.length - 1;
      const room = Math.min(maxStreamBytes, maxDocumentBytes - report.decodedBytes);
      if (filter === 'ASCIIHexDecode' && data) data = asciiHexDecode(data);
      else if (filter === 'ASCII85Decode' && data) data = ascii85Decode(data);
      else if (EXPANDING.has(filter) && data) {
        if (filter === 'FlateDecode') decoded = await inflatedSize(data, room);
        else if (filter === 'LZWDecode') decoded = lzwDecodedSize(data, room, integer(dictionary, 'EarlyChange') ?? 1);
        else decoded = runLengthDecodedSize(data, room);
        report.decodedBytes += decoded;
        if (decoded > room) throw bomb();
        // What a later filter gets is not materialised; only an image codec's output is estimated.
        if (!last && filter === 'FlateDecode' && filters[i + 1] === 'DCTDecode') {
          data = decoded <= SYNC_INFLATE_BYTES ? inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH }) : null;
        } else data = null;
      } else if (IMAGE_CODECS.has(filter) && last) {
        const image = imageBytes(dictionary, data, filter);
        if (image && image.bytes > maxStreamBytes) throw new ExtractionError(pdfImageTooLargeReason(image.width, image.height));
        decoded = Math.max(decoded, image?.bytes ?? 0);
      } else if (!IMAGE_CODECS.has(filter)) {
        // Crypt or an unknown name: the reader will fail on it or decode it; nothing to count here.
        measured = false;
        break;
      }
    }
    if (filters.length === 0) decoded = end - dataStart;
    if (!measured) report.unmeasured++;
    report.largestStream = Math.max(report.largestStream, decoded);
  }
  return report;
}

/** Files this thread measured: the pool asks for a page count before it splits a PDF, then reads it. */
const checked = new Map<string, string | null>();
const CHECKED_KEEP = 16;

/**
 * Reads the PDF at `path` and throws `ExtractionError(PDF_BOMB_MESSAGE)` (not retryable, with the
 * 'Erro ao processar PDF: ' prefix extraction errors carry) when a stream passes the limits. The verdict is kept per
 * file (path, size, modification time) in this thread, so a second look at the same file is free.
 */
export async function assertPdfInflationBounded(path: string, options: { limits?: Partial<PdfInflateLimits>; signal?: AbortSignal } = {}): Promise<void> {
  const info = await stat(path);
  const key = `${path}\0${info.size}\0${info.mtimeMs}\0${JSON.stringify(options.limits ?? {})}`;
  let verdict = checked.get(key);
  if (verdict === undefined) {
    try {
      await measurePdfStreams(await readFile(path), options.limits, options.signal);
      verdict = null;
    } catch (error) {
      if (!(error instanceof ExtractionError)) throw error;
      verdict = error.message;
    }
    checked.set(key, verdict);
    if (checked.size > CHECKED_KEEP) checked.delete(checked.keys().next().value!);
  }
  if (verdict !== null) throw wrap(new ExtractionError(verdict), 'pdf');
}
