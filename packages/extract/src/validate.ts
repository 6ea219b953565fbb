import { readFile, stat } from 'node:fs/promises';
import { imageSize } from 'image-size';
import type { FileKind, ValidationResult } from './types.ts';
import { IMAGE_KINDS } from './types.ts';
import { inspectFile, MAX_ZIP_ENTRIES, utf16Encoding } from './sniff.ts';
import type { SniffResult } from './sniff.ts';
import { pdfEnd, scanPdfActiveContent } from './pdf-active-content.ts';
import { pdfPolyglotParts } from './polyglot.ts';
import { findEmbeddedArchive, suspiciousContentPatterns, suspiciousNameReasons } from './suspicious-patterns.ts';
import { scanZipContent, ZipCorruptError, ZipLimitError, ZipTimeoutError } from './zip-inspect.ts';
import type { ZipListing } from './zip-inspect.ts';

/**
 * Security and type validation of one uploaded file (spec 01 §5: file schema and strict upload
 * validator, done for real). Errors refuse the file; a quarantine reason stores it apart and keeps
 * it from extraction; warnings are shown and the file is processed. Never throws: a check that
 * fails to run becomes the warning 'Não foi possível analisar o conteúdo do arquivo'.
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export interface ZipLimits {
  maxTotalUncompressed: number;
  maxRatio: number;
  ratioAppliesAbove: number;
  maxEntries: number;
  timeoutMs: number;
}

/** Decompression limits for DOCX/XLSX. */
export const ZIP_LIMITS: ZipLimits = {
  maxTotalUncompressed: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioAppliesAbove: 1024 * 1024,
  maxEntries: MAX_ZIP_ENTRIES,
  timeoutMs: 15_000,
};
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_SIDE = 20_000;
const CONTENT_SCAN_BYTES = 8192;

export const UPLOAD_MESSAGES = {
  empty: 'Arquivo não pode estar vazio',
  tooLarge: 'Arquivo muito grande (máximo 10MB)',
  typeNotAllowed: 'Tipo de arquivo não permitido',
  corrupt: 'Arquivo corrompido ou ilegível',
  encrypted: 'Documento protegido por senha não é suportado',
  extensionMismatch: (kind: FileKind) => `A extensão do arquivo não corresponde ao conteúdo (${kind})`,
  suspiciousName: 'Nome de arquivo suspeito',
  suspiciousContent: (pattern: string) => `Padrão de conteúdo suspeito detectado: ${pattern}`,
  embeddedArchive: 'Arquivo compactado embutido detectado em arquivo que não é compactado',
  zipBomb: 'Arquivo compactado suspeito (possível bomba de descompressão)',
  macros: 'Documento com macros',
  pdfActive: (which: string) => `PDF com conteúdo ativo (${which})`,
  polyglotZip: 'Arquivo poliglota: PDF com ZIP embutido',
  polyglotExecutable: 'Arquivo poliglota: PDF com executável embutido',
  pdfTrailing: 'Conteúdo após o fim do PDF (%%EOF) foi ignorado',
  pdfTrailingScript: (which: string) => `O conteúdo após o fim do PDF contém script (${which}); ele não faz parte do documento e não é executado`,
  imageTooLarge: (w: number, h: number) => `Imagem com dimensões excessivas (${w}×${h})`,
  unableToAnalyse: 'Não foi possível analisar o conteúdo do arquivo',
} as const;

/** What each name extension promises; a different sniffed kind gets the mismatch warning. */
const EXTENSION_KINDS: Record<string, FileKind> = {
  pdf: 'pdf',
  docx: 'docx',
  docm: 'docx',
  doc: 'doc',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xls: 'xls',
  txt: 'txt',
  text: 'txt',
  csv: 'txt',
  tsv: 'txt',
  md: 'txt',
  log: 'txt',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  jfif: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
  dib: 'bmp',
  tif: 'tiff',
  tiff: 'tiff',
};

export interface UploadedFile {
  /** Where the upload was stored (at most 10 MB: the server stops the stream there). */
  path: string;
  /** The name the browser sent. */
  name: string;
  size: number;
  /** The browser's MIME type: never trusted, kept only for the audit trail. */
  declaredMime?: string;
}

class Collector {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  readonly quarantine: string[] = [];

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  quarantineFor(reason: string): void {
    if (!this.quarantine.includes(reason)) this.quarantine.push(reason);
  }

  error(message: string): void {
    if (!this.errors.includes(message)) this.errors.push(message);
  }

  /** Runs a check; one that throws leaves a warning instead of failing the upload. */
  async guard(check: () => Promise<void> | void): Promise<void> {
    try {
      await check();
    } catch {
      this.warn(UPLOAD_MESSAGES.unableToAnalyse);
    }
  }

  result(kind: FileKind | null): ValidationResult {
    return {
      kind,
      errors: this.errors,
      warnings: this.warnings,
      quarantineReason: this.quarantine.length > 0 ? this.quarantine.join('; ') : null,
    };
  }
}

export async function validateUpload(file: UploadedFile): Promise<ValidationResult> {
  const out = new Collector();

  let size = file.size;
  try {
    size = (await stat(file.path)).size;
  } catch {
    out.error(UPLOAD_MESSAGES.corrupt);
    return out.result(null);
  }
  if (size === 0) {
    out.error(UPLOAD_MESSAGES.empty);
    return out.result(null);
  }
  if (size > MAX_UPLOAD_BYTES) {
    out.error(UPLOAD_MESSAGES.tooLarge);
    return out.result(null);
  }

  const nameReasons = suspiciousNameReasons(file.name);
  if (nameReasons.length > 0) {
    out.warn(UPLOAD_MESSAGES.suspiciousName);
    out.quarantineFor(`${UPLOAD_MESSAGES.suspiciousName}: ${nameReasons.join(', ')}`);
  }

  let sniff: SniffResult;
  try {
    sniff = await inspectFile(file.path);
  } catch {
    out.error(UPLOAD_MESSAGES.corrupt);
    return out.result(null);
  }
  if (sniff.unreadable) {
    out.error(UPLOAD_MESSAGES.corrupt);
    return out.result(null);
  }
  const kind = sniff.kind;
  if (!kind) {
    const encrypted = sniff.cfbEntries?.some((e) => e.name === 'EncryptedPackage');
    out.error(encrypted ? UPLOAD_MESSAGES.encrypted : UPLOAD_MESSAGES.typeNotAllowed);
    return out.result(null);
  }

  const extension = /\.([^./\\]+)$/.exec(file.name.trim())?.[1]?.toLowerCase();
  if (extension && EXTENSION_KINDS[extension] !== kind) out.warn(UPLOAD_MESSAGES.extensionMismatch(kind));

  if (kind === 'docx' || kind === 'xlsx') {
    await out.guard(() => checkOoxml(file.path, sniff.zip!, out));
  } else if (kind === 'doc' || kind === 'xls') {
    await out.guard(() => checkCfb(sniff, out));
  } else {
    // pdf, txt and images: at most 10 MB, read once for all the byte-level checks.
    const bytes = await readFile(file.path).catch(() => null);
    if (bytes) await checkBytes(kind, bytes, out);
    else out.warn(UPLOAD_MESSAGES.unableToAnalyse);
  }
  return out.result(kind);
}

async function checkBytes(kind: FileKind, bytes: Uint8Array, out: Collector): Promise<void> {
  const isText = kind === 'txt';
  await out.guard(() => {
    // A PDF's head is scanned up to its end only: in a small file the HTML page a portal glued
    // after `%%EOF` falls within the first 8 KB, and it is reported below as a warning.
    const end = kind === 'pdf' ? pdfEnd(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')) : bytes.length;
    const scanned = bytes.subarray(0, Math.min(CONTENT_SCAN_BYTES, end));
    // UTF-16 text is scanned as the characters it holds, or '<script>' would hide between NULs.
    const utf16 = isText ? utf16Encoding(scanned) : null;
    const head = utf16 ? new TextDecoder(utf16).decode(scanned.subarray(2)) : Buffer.from(scanned.buffer, scanned.byteOffset, scanned.byteLength).toString('latin1');
    for (const pattern of suspiciousContentPatterns(head, { base64: isText, markup: isText })) {
      out.quarantineFor(UPLOAD_MESSAGES.suspiciousContent(pattern));
    }
  });
  await out.guard(() => {
    const archive = findEmbeddedArchive(bytes, { gzipWithin: isText ? undefined : CONTENT_SCAN_BYTES });
    if (!archive) return;
    out.warn(UPLOAD_MESSAGES.embeddedArchive);
    if (isText) out.quarantineFor(UPLOAD_MESSAGES.embeddedArchive);
  });
  if (kind === 'pdf') {
    await out.guard(() => {
      const scan = scanPdfActiveContent(bytes);
      if (scan.found.length > 0) out.quarantineFor(UPLOAD_MESSAGES.pdfActive(scan.found.join(', ')));
      if (scan.incomplete) out.warn(UPLOAD_MESSAGES.unableToAnalyse);
      if (scan.trailing) out.warn(UPLOAD_MESSAGES.pdfTrailing);
      if (scan.trailing?.scripts.length) out.warn(UPLOAD_MESSAGES.pdfTrailingScript(scan.trailing.scripts.join(', ')));
    });
    // A PDF that is also a whole ZIP or a Windows executable (polyglot.ts): what opens it decides what it is.
    await out.guard(() => {
      const parts = pdfPolyglotParts(bytes);
      if (parts.includes('zip')) out.quarantineFor(UPLOAD_MESSAGES.polyglotZip);
      if (parts.includes('pe')) out.quarantineFor(UPLOAD_MESSAGES.polyglotExecutable);
    });
  }
  if (IMAGE_KINDS.includes(kind)) checkImage(bytes, out);
}

function checkImage(bytes: Uint8Array, out: Collector): void {
  let width: number;
  let height: number;
  try {
    // image-size reads the header only; nothing is decoded.
    const size = imageSize(bytes);
    const frames = size.images?.length ? size.images : [size];
    width = Math.max(...frames.map((f) => f.width));
    height = Math.max(...frames.map((f) => f.height));
  } catch {
    out.error(UPLOAD_MESSAGES.corrupt);
    return;
  }
  if (!(width > 0 && height > 0)) {
    out.error(UPLOAD_MESSAGES.corrupt);
    return;
  }
  if (width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    out.quarantineFor(UPLOAD_MESSAGES.imageTooLarge(width, height));
  }
}

const NESTED_ARCHIVE_NAME = /\.(zip|rar|7z|gz|tgz|tar|jar|cab|docx|xlsx|pptx|docm|xlsm)$/i;
/** OLE and OOXML objects embedded in a document (a chart's workbook) are zips by design. */
const EMBEDDINGS = /^(word|xl|ppt)\/embeddings\//i;

/** Why a zip's central directory (declared sizes, names) looks like a bomb; nothing is inflated. */
export function zipBombReasons(listing: ZipListing, limits: ZipLimits = ZIP_LIMITS): string[] {
  const reasons: string[] = [];
  if (listing.entryCount > limits.maxEntries) reasons.push(`mais de ${limits.maxEntries} entradas`);
  let total = 0;
  for (const entry of listing.entries) {
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > limits.ratioAppliesAbove && ratio > limits.maxRatio) {
      reasons.push(`taxa de compressão ${Math.round(ratio)}:1 em ${entry.name}`);
    }
    if (entry.pathProblem) reasons.push(`${entry.pathProblem} em ${entry.name}`);
    if (NESTED_ARCHIVE_NAME.test(entry.name) && !EMBEDDINGS.test(entry.name)) reasons.push(`arquivo compactado aninhado ${entry.name}`);
  }
  if (total > limits.maxTotalUncompressed) reasons.push(`tamanho descompactado acima de ${Math.round(limits.maxTotalUncompressed / (1024 * 1024))} MB`);
  return reasons;
}

async function checkOoxml(path: string, listing: ZipListing, out: Collector): Promise<void> {
  if (listing.entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name))) out.quarantineFor(UPLOAD_MESSAGES.macros);
  if (zipBombReasons(listing).length > 0) {
    out.quarantineFor(UPLOAD_MESSAGES.zipBomb);
    return;
  }
  // The directory looks sane; inflate everything once to make sure it tells the truth.
  try {
    const scan = await scanZipContent(path, {
      maxTotalBytes: ZIP_LIMITS.maxTotalUncompressed,
      deadline: Date.now() + ZIP_LIMITS.timeoutMs,
      allowNested: (name) => EMBEDDINGS.test(name),
    });
    if (scan.nestedArchives.length > 0) out.quarantineFor(UPLOAD_MESSAGES.zipBomb);
  } catch (error) {
    if (error instanceof ZipLimitError) out.quarantineFor(UPLOAD_MESSAGES.zipBomb);
    else if (error instanceof ZipCorruptError) out.error(UPLOAD_MESSAGES.corrupt);
    else if (error instanceof ZipTimeoutError) out.warn(UPLOAD_MESSAGES.unableToAnalyse);
    else throw error;
  }
}

const CFB_MACRO_STORAGES = new Set(['macros', '_vba_project_cur', 'vba']);

function checkCfb(sniff: SniffResult, out: Collector): void {
  const entries = sniff.cfbEntries ?? [];
  if (entries.some((e) => e.type === 'storage' && CFB_MACRO_STORAGES.has(e.name.toLowerCase()))) {
    out.quarantineFor(UPLOAD_MESSAGES.macros);
  }
}
