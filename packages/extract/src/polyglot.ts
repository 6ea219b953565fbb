/**
 * Polyglots: a PDF whose bytes are also a complete ZIP archive or a Windows executable. A PDF
 * reader shows the document while `unzip`, a mail gateway or Windows (renamed `.exe`) open the
 * other half, so such a file is kept from extraction with its reason (validate.ts).
 *
 * Whole structures are looked for, not four bytes that may occur by chance inside compressed
 * data: a ZIP is a local file header, a central directory header and an end of central directory
 * record agreeing with each other (APPNOTE.TXT 4.3.7, 4.3.12, 4.3.16); a PE is an 'MZ' header whose
 * e_lfanew field (offset 0x3C) points at the 'PE\0\0' signature.
 */

export type PolyglotPart = 'zip' | 'pe';

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP64_LOCATOR = Buffer.from([0x50, 0x4b, 0x06, 0x07]);
const ZIP64_LOCATOR_SIZE = 20;
const EOCD_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;
const ZIP_METHODS = new Set([0, 8, 9, 12, 14, 93, 95, 98]);

const MZ = Buffer.from([0x4d, 0x5a]);
const PE_SIGNATURE = 0x00004550; // 'PE\0\0' read little-endian
const E_LFANEW_OFFSET = 0x3c;
/** Linkers put the PE header within the first few hundred bytes; 64 KB leaves room for any stub. */
const MAX_E_LFANEW = 0x10000;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function isLocalHeader(data: Buffer, at: number): boolean {
  if (at + 30 > data.length) return false;
  const version = data.readUInt16LE(at + 4);
  const method = data.readUInt16LE(at + 8);
  const nameLength = data.readUInt16LE(at + 26);
  return version <= 63 && ZIP_METHODS.has(method) && nameLength >= 1 && nameLength <= 1024;
}

/**
 * An end of central directory record that describes a real directory: at least one entry, a
 * directory of at least that many headers that ends where the record starts, beginning with a
 * central directory header, and a comment that ends within the file.
 */
function isEndOfCentralDirectory(data: Buffer, at: number, after: number): boolean {
  if (at + EOCD_SIZE > data.length) return false;
  // ZIP64: the counts and sizes are in the record the locator points at; the locator is enough.
  if (at - ZIP64_LOCATOR_SIZE > after && data.subarray(at - ZIP64_LOCATOR_SIZE, at - ZIP64_LOCATOR_SIZE + 4).equals(ZIP64_LOCATOR)) return true;
  const entriesHere = data.readUInt16LE(at + 8);
  const entries = data.readUInt16LE(at + 10);
  const directorySize = data.readUInt32LE(at + 12);
  const commentLength = data.readUInt16LE(at + 20);
  if (entries === 0 || entriesHere > entries || at + EOCD_SIZE + commentLength > data.length) return false;
  if (directorySize < entries * CENTRAL_HEADER_SIZE || directorySize > at - after) return false;
  const directory = at - directorySize;
  return data.subarray(directory, directory + 4).equals(CENTRAL_HEADER);
}

/** A ZIP archive inside the bytes after offset 0: a local header followed by a matching directory. */
export function hasEmbeddedZip(bytes: Uint8Array): boolean {
  const data = asBuffer(bytes);
  let firstLocal = -1;
  for (let at = data.indexOf(LOCAL_HEADER, 1); at >= 0; at = data.indexOf(LOCAL_HEADER, at + 1)) {
    if (isLocalHeader(data, at)) {
      firstLocal = at;
      break;
    }
  }
  if (firstLocal < 0) return false;
  for (let at = data.lastIndexOf(END_OF_CENTRAL_DIRECTORY); at > firstLocal; at = data.lastIndexOf(END_OF_CENTRAL_DIRECTORY, at - 1)) {
    if (isEndOfCentralDirectory(data, at, firstLocal)) return true;
  }
  return false;
}

/** A PE image inside the bytes after offset 0: 'MZ' whose e_lfanew points at 'PE\0\0'. */
export function hasEmbeddedPe(bytes: Uint8Array): boolean {
  const data = asBuffer(bytes);
  for (let at = data.indexOf(MZ, 1); at >= 0; at = data.indexOf(MZ, at + 1)) {
    if (at + E_LFANEW_OFFSET + 4 > data.length) return false;
    const lfanew = data.readUInt32LE(at + E_LFANEW_OFFSET);
    if (lfanew < 4 || lfanew > MAX_E_LFANEW || at + lfanew + 4 > data.length) continue;
    if (data.readUInt32LE(at + lfanew) === PE_SIGNATURE) return true;
  }
  return false;
}

/** The other formats a PDF's bytes also are, in a fixed order ('zip', 'pe'); empty for a plain PDF. */
export function pdfPolyglotParts(bytes: Uint8Array): PolyglotPart[] {
  const parts: PolyglotPart[] = [];
  if (hasEmbeddedZip(bytes)) parts.push('zip');
  if (hasEmbeddedPe(bytes)) parts.push('pe');
  return parts;
}
