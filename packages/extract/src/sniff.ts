import { open } from 'node:fs/promises';
import type { FileKind } from './types.ts';
import { hasCfbSignature, readCfbDirectory } from './cfb.ts';
import type { CfbEntry } from './cfb.ts';
import { listZipEntries } from './zip-inspect.ts';
import type { ZipListing } from './zip-inspect.ts';

/**
 * File type by content: magic bytes, the zip central directory (DOCX/XLSX) and the OLE2 directory
 * (DOC/XLS). The name and the browser's MIME type are never consulted.
 *
 * Text: a file is 'txt' when its first 8192 bytes hold no NUL and read as UTF-8, or as
 * Windows-1252/Latin-1 with almost no control characters. HTML, SVG and XML are text too: sniffing
 * says what a file is, not whether it is safe. Markup that would be active (script tags,
 * javascript: URLs, event-handler attributes) is caught by validate.ts's content patterns, which
 * quarantine the file. UTF-16 text is accepted with its byte-order mark (Notepad's 'Unicode'
 * saves it so), judged on its decoded characters; without a BOM, NUL bytes mean binary.
 */

/** What the first bytes alone say: a final kind, or a container that needs its directory read. */
export type HeadSignature = FileKind | 'zip' | 'cfb';

/** Bytes read from the start of a file for sniffing and for the content patterns. */
export const HEAD_SIZE = 8192;

/** Zip entries looked at for the OOXML markers; validate.ts refuses more entries than this. */
export const MAX_ZIP_ENTRIES = 5000;

const BMP_DIB_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function indexOfBytes(haystack: Uint8Array, needle: readonly number[], limit: number): number {
  const end = Math.min(haystack.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const PDF_MAGIC = ascii('%PDF-');

/** Executables and scripts: refused even when they also carry another format's signature. */
function isExecutable(head: Uint8Array): boolean {
  return (
    startsWith(head, [0x4d, 0x5a]) || // MZ: DOS/Windows PE
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || // Mach-O
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) || // Mach-O fat / Java class
    startsWith(head, [0x23, 0x21]) // #! script
  );
}

function isBmp(head: Uint8Array): boolean {
  if (!startsWith(head, [0x42, 0x4d]) || head.length < 26) return false;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const pixelOffset = view.getUint32(10, true);
  const dibSize = view.getUint32(14, true);
  return BMP_DIB_HEADER_SIZES.has(dibSize) && pixelOffset >= 14 + dibSize;
}

/**
 * Simple signatures from the first bytes of a file (pass at least the first 8192 bytes, or the
 * whole file when smaller). Pure. Returns 'zip' or 'cfb' when the directory decides the kind.
 */
export function sniffBytes(head: Uint8Array): HeadSignature | null {
  if (head.length === 0 || isExecutable(head)) return null;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (isBmp(head)) return 'bmp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (hasCfbSignature(head)) return 'cfb';
  if (indexOfBytes(head, PDF_MAGIC, 1024) >= 0) return 'pdf';
  if (looksLikeText(head.subarray(0, HEAD_SIZE))) return 'txt';
  return null;
}

/** Length of a trailing UTF-8 sequence cut by the end of the sample, so it is not judged invalid. */
function incompleteUtf8Tail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back]!;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * No NUL, and either valid UTF-8 or plausible single-byte text (Windows-1252/Latin-1): at most 1%
 * control characters besides tab, line breaks and form feed, at most 30% bytes above 0x7F.
 */
export function looksLikeText(sample: Uint8Array): boolean {
  const utf16 = utf16Encoding(sample);
  if (utf16) return looksLikeUtf16Text(sample, utf16);
  if (sample.length === 0 || sample.includes(0)) return false;
  let controls = 0;
  let high = 0;
  for (const b of sample) {
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f) controls++;
    else if (b >= 0x80) high++;
  }
  if (controls > sample.length * 0.01) return false;
  try {
    utf8.decode(sample.subarray(0, sample.length - incompleteUtf8Tail(sample)));
    return true;
  } catch {
    // Not UTF-8: judge it as Windows-1252. Random binary data has about half its bytes above 0x7F.
    return high <= sample.length * 0.3;
  }
}

/** 'utf-16le' or 'utf-16be' when the bytes start with that byte-order mark. */
export function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** UTF-16 after its BOM: at least one character, none NUL, at most 1% other control characters. */
function looksLikeUtf16Text(sample: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): boolean {
  const body = sample.subarray(2, 2 + ((sample.length - 2) & ~1));
  if (body.length === 0) return false;
  const text = new TextDecoder(encoding).decode(body);
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f || c === 0xfffd) controls++;
  }
  return controls <= text.length * 0.01;
}

export interface SniffResult {
  kind: FileKind | null;
  /** The first bytes of the file (up to HEAD_SIZE). */
  head: Uint8Array;
  container: 'zip' | 'cfb' | null;
  /** The central directory, for zips that could be read. */
  zip: ZipListing | null;
  /** The OLE2 directory, for compound files that could be read. */
  cfbEntries: CfbEntry[] | null;
  /** A zip or compound file whose directory could not be read (truncated, corrupt). */
  unreadable: boolean;
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(HEAD_SIZE);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_SIZE, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** OOXML kind from entry names; null for any other zip. */
export function ooxmlKind(names: readonly string[]): 'docx' | 'xlsx' | null {
  const set = new Set(names);
  if (!set.has('[Content_Types].xml')) return null;
  if (set.has('word/document.xml')) return 'docx';
  if (set.has('xl/workbook.xml')) return 'xlsx';
  return null;
}

/** OLE2 kind from directory entry names (case-insensitive, as in MS-CFB); null for others. */
export function cfbKind(entries: readonly CfbEntry[]): 'doc' | 'xls' | null {
  const streams = new Set(entries.filter((e) => e.type === 'stream').map((e) => e.name.toLowerCase()));
  if (streams.has('worddocument')) return 'doc';
  if (streams.has('workbook') || streams.has('book')) return 'xls';
  return null;
}

/** Sniffs a file and keeps what was read, so validation does not read the directories twice. */
export async function inspectFile(path: string): Promise<SniffResult> {
  const head = await readHead(path);
  const signature = sniffBytes(head);
  const result: SniffResult = { kind: null, head, container: null, zip: null, cfbEntries: null, unreadable: false };
  if (signature === 'zip') {
    result.container = 'zip';
    try {
      result.zip = await listZipEntries(path, MAX_ZIP_ENTRIES);
      result.kind = ooxmlKind(result.zip.entries.map((e) => e.name));
    } catch {
      result.unreadable = true;
    }
  } else if (signature === 'cfb') {
    result.container = 'cfb';
    try {
      result.cfbEntries = await readCfbDirectory(path);
      result.kind = cfbKind(result.cfbEntries);
    } catch {
      result.unreadable = true;
    }
  } else {
    result.kind = signature;
  }
  return result;
}

export async function sniffFile(path: string): Promise<FileKind | null> {
  return (await inspectFile(path)).kind;
}
