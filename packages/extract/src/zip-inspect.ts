import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';

/**
 * Zip reading for sniffing and for the decompression-bomb checks of DOCX/XLSX. The central
 * directory gives names and declared sizes without inflating anything; `scanZipContent` then
 * inflates every entry once, discarding the bytes, so a header that lies about its size is caught
 * (yauzl fails an entry that inflates to more than it declared).
 */

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** Why the name is unsafe to unpack ('..' segment, absolute path, backslash), or null. */
  pathProblem: string | null;
}

export interface ZipListing {
  /** Entry count declared by the end-of-central-directory record. */
  entryCount: number;
  /** The first `maxEntries` entries (all of them when entryCount ≤ maxEntries). */
  entries: ZipEntryInfo[];
}

/** The zip could not be read as a zip at all (truncated, bad central directory, bad deflate data). */
export class ZipCorruptError extends Error {
  override name = 'ZipCorruptError';
}

/** An entry inflated to more than declared, or the content exceeded the configured budget. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

/** The content scan ran out of time. */
export class ZipTimeoutError extends Error {
  override name = 'ZipTimeoutError';
}

/** Signatures of archives that a document has no reason to carry inside one of its parts. */
export const ARCHIVE_SIGNATURES: readonly { name: string; bytes: readonly number[] }[] = [
  { name: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'rar', bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
  { name: '7z', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'gzip', bytes: [0x1f, 0x8b, 0x08] },
];

/** A path on disk (uploads) or the bytes in memory (a table import, at most a few hundred KB). */
export type ZipSource = string | Buffer;

function openZip(source: ZipSource): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip: ZipFile) => {
      if (err) reject(new ZipCorruptError(err.message));
      else resolve(zip);
    };
    // decodeStrings: false so a traversal name is reported by us instead of aborting the listing.
    const options = { lazyEntries: true, autoClose: false, decodeStrings: false };
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

function entryName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
}

function pathProblem(name: string): string | null {
  if (name.includes('\\')) return 'barra invertida';
  if (/^[a-zA-Z]:/.test(name) || name.startsWith('/')) return 'caminho absoluto';
  if (name.split('/').includes('..')) return 'caminho relativo com ..';
  return null;
}

/** Walks the central directory, calling `onEntry` for each entry until it returns false. */
function walkEntries(zip: ZipFile, onEntry: (entry: Entry, name: string) => Promise<boolean> | boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve();
    };
    zip.on('error', (err: Error) => finish(new ZipCorruptError(err.message)));
    zip.on('end', () => finish());
    zip.on('entry', (entry: Entry) => {
      Promise.resolve()
        .then(() => onEntry(entry, entryName(entry)))
        .then((more) => (more ? zip.readEntry() : finish()), finish);
    });
    zip.readEntry();
  });
}

export async function listZipEntries(source: ZipSource, maxEntries: number): Promise<ZipListing> {
  const zip = await openZip(source);
  try {
    const entries: ZipEntryInfo[] = [];
    if (maxEntries > 0 && zip.entryCount > 0) {
      await walkEntries(zip, (entry, name) => {
        entries.push({
          name,
          compressedSize: entry.compressedSize,
          uncompressedSize: entry.uncompressedSize,
          pathProblem: pathProblem(name),
        });
        return entries.length < maxEntries;
      });
    }
    return { entryCount: zip.entryCount, entries };
  } finally {
    zip.close();
  }
}

export interface ZipContentScan {
  /** Bytes actually produced by inflating every entry. */
  totalBytes: number;
  /** Entries whose content starts with an archive signature, e.g. 'word/media/a.png (zip)'. */
  nestedArchives: string[];
}

export interface ZipScanLimits {
  maxTotalBytes: number;
  deadline: number;
  /** Entries not checked for nested archives (e.g. OOXML embeddings, which are zips by design). */
  allowNested?: (name: string) => boolean;
}

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
}

export async function scanZipContent(source: ZipSource, limits: ZipScanLimits): Promise<ZipContentScan> {
  const zip = await openZip(source);
  const result: ZipContentScan = { totalBytes: 0, nestedArchives: [] };
  try {
    await walkEntries(zip, async (entry, name) => {
      if (name.endsWith('/') && entry.uncompressedSize === 0) return true;
      const head = await consumeEntry(zip, entry, result, limits);
      if (!limits.allowNested?.(name)) {
        const nested = ARCHIVE_SIGNATURES.find((sig) => startsWith(head, sig.bytes));
        if (nested) result.nestedArchives.push(`${name} (${nested.name})`);
      }
      return true;
    });
    return result;
  } finally {
    zip.close();
  }
}

/** Inflates one entry to nowhere; returns its first bytes. */
function consumeEntry(zip: ZipFile, entry: Entry, result: ZipContentScan, limits: ZipScanLimits): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(new ZipCorruptError(err.message));
      const head = new Uint8Array(8);
      let headLength = 0;
      let done = false;
      const fail = (error: Error) => {
        if (done) return;
        done = true;
        stream.destroy();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        if (headLength < head.length) {
          const take = chunk.subarray(0, head.length - headLength);
          head.set(take, headLength);
          headLength += take.length;
        }
        result.totalBytes += chunk.length;
        if (result.totalBytes > limits.maxTotalBytes) fail(new ZipLimitError('conteúdo descompactado acima do limite'));
        else if (Date.now() > limits.deadline) fail(new ZipTimeoutError('tempo de análise esgotado'));
      });
      stream.on('error', (error: Error) => {
        // yauzl's byte-count assertion: the entry inflates to more (or less) than it declared.
        const lying = /bytes in the stream/.test(error.message);
        fail(lying ? new ZipLimitError(error.message) : new ZipCorruptError(error.message));
      });
      stream.on('end', () => {
        if (done) return;
        done = true;
        resolve(head.subarray(0, headLength));
      });
    });
  });
}
