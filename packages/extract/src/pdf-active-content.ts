import { constants, inflateSync } from 'node:zlib';
import { suspiciousContentPatterns } from './suspicious-patterns.ts';

/**
 * Finds active content in a PDF's bytes without a PDF library: JavaScript, launch actions, embedded
 * files, rich media and XFA forms. Names are compared after decoding their #xx escapes
 * (/J#61vaScript is /JavaScript). Stream data is skipped, because random compressed bytes would
 * sooner or later spell '/JS'; object streams (/Type /ObjStm), where PDF 1.5+ keeps dictionaries,
 * are inflated (FlateDecode, bounded in bytes and time) and scanned like the rest of the file.
 */

export interface PdfActiveContentScan {
  /** Active features found, e.g. ['JavaScript', 'OpenAction']; empty when clean. */
  found: string[];
  /** Part of the file could not be looked at (an object stream with another filter, too big, corrupt). */
  incomplete: boolean;
  /**
   * Bytes after the PDF's end (see pdfEnd) that are not PDF, e.g. the HTML page a city portal
   * glues after `%%EOF`; null when the file ends with the PDF. Not scanned as PDF.
   */
  trailing: { bytes: number; scripts: string[] } | null;
}

export interface PdfScanLimits {
  /** Total bytes produced by inflating object streams. */
  maxInflatedBytes?: number;
  /** Time budget in milliseconds. */
  timeoutMs?: number;
}

/** Names whose presence alone makes the file active (canonical spelling). */
const ACTIVE_NAMES = new Map(
  ['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA'].map((n) => [n, n]),
);
/** Triggers reported only together with JavaScript: an /OpenAction to a page is ordinary. */
const TRIGGER_NAMES = new Set(['OpenAction', 'AA']);

export const STREAM_START = />>\s*stream(?:\r\n|\n|\r)/.source;
const WATCHED = [...ACTIVE_NAMES.keys(), ...TRIGGER_NAMES];

export function decodePdfName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** PDF delimiters and white space end a name (ISO 32000-1 §7.2.2). */
function endsName(code: number): boolean {
  return Number.isNaN(code) || code <= 0x20 || '()<>[]{}/%'.includes(String.fromCharCode(code));
}

/**
 * The watched names present in `text`. Plain spellings are found with indexOf (fast on the
 * megabytes of an object stream); spellings with #xx escapes are found from their '#'.
 */
function watchedNamesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const name of WATCHED) {
    const needle = `/${name}`;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      if (endsName(text.charCodeAt(at + needle.length))) {
        names.add(name);
        break;
      }
    }
  }
  for (let hash = text.indexOf('#'); hash >= 0; hash = text.indexOf('#', hash + 1)) {
    let start = hash;
    while (start > 0 && hash - start < 127 && !endsName(text.charCodeAt(start - 1))) start--;
    if (text[start - 1] !== '/') continue;
    let end = hash;
    while (end < text.length && !endsName(text.charCodeAt(end))) end++;
    const name = decodePdfName(text.slice(start, end));
    if (ACTIVE_NAMES.has(name) || TRIGGER_NAMES.has(name)) names.add(name);
    hash = end;
  }
  return names;
}

/** All names of a (small) dictionary, decoded. */
export function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/\/([^\s/[\]<>(){}%\0]+)/g)) names.add(decodePdfName(match[1]!));
  return names;
}

interface Findings {
  active: Set<string>;
  triggers: Set<string>;
  javascriptUri: boolean;
}

function scanSegment(text: string, findings: Findings): void {
  for (const name of watchedNamesIn(text)) {
    const active = ACTIVE_NAMES.get(name);
    if (active) findings.active.add(active);
    if (TRIGGER_NAMES.has(name)) findings.triggers.add(name);
  }
  if (!findings.javascriptUri && /javascript\s*:/i.test(text)) findings.javascriptUri = true;
}

/** The dictionary of the stream whose 'stream' keyword is at `streamAt`. */
export function streamDictionary(text: string, streamAt: number): string {
  const from = Math.max(0, streamAt - 65_536);
  const obj = text.lastIndexOf('obj', streamAt);
  return text.slice(obj >= from ? obj + 3 : from, streamAt + 2);
}

export function directLength(dictionary: string): number | null {
  const match = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
  return match ? Number(match[1]) : null;
}

/** End of stream data: /Length when it lands on 'endstream', else the next 'endstream'. */
export function streamEnd(text: string, dataStart: number, length: number | null): number {
  if (length !== null) {
    const after = text.slice(dataStart + length, dataStart + length + 12);
    if (/^\s*endstream/.test(after)) return dataStart + length;
  }
  const end = text.indexOf('endstream', dataStart);
  return end < 0 ? text.length : end;
}

/**
 * Object syntax only a PDF has. Text after a `%%EOF` holding any of it is part of the PDF (an
 * incremental update, or objects a reader picks up when it rebuilds a broken cross-reference
 * table), never a glued page to ignore. The keywords a reader looks for at a line start are
 * matched there, so an English 'trailer' in a sentence does not count.
 */
const PDF_SYNTAX = /(?<!\d)\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj\b|\bendobj\b|\bendstream\b|(?:^|[\r\n])[\0\t\f ]*(?:xref|trailer|startxref)\b/;
const EOF_MARKER = '%%EOF';
/** PDF white space (ISO 32000-1 §7.2.2): NUL, tab, LF, FF, CR, space. */
const ONLY_WHITE_SPACE = /^[\0\t\n\f\r ]*$/;

/**
 * Where the PDF in `text` (the file as Latin-1) ends: just after its last revision's `%%EOF`.
 * A PDF updated incrementally has one `%%EOF` per revision, with objects between them; a city
 * portal's download has an HTML page after the last one, which may itself spell '%%EOF'. So the
 * end is the earliest `%%EOF` after which no PDF syntax follows, and only if the `startxref` just
 * before it points inside the PDF (a reader that followed it into the tail would read the tail).
 * Anything else, or no `%%EOF` at all, and the whole file is taken as the PDF.
 */
export function pdfEnd(text: string): number {
  const markers: number[] = [];
  for (let at = text.indexOf(EOF_MARKER); at >= 0; at = text.indexOf(EOF_MARKER, at + EOF_MARKER.length)) markers.push(at);
  let end = text.length;
  for (let i = markers.length - 1; i >= 0; i--) {
    const after = text.slice(markers[i]! + EOF_MARKER.length, markers[i + 1] ?? text.length);
    if (PDF_SYNTAX.test(after)) break;
    end = markers[i]! + EOF_MARKER.length;
  }
  if (end === text.length || ONLY_WHITE_SPACE.test(text.slice(end))) return text.length;
  const xref = /startxref[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]*$/.exec(text.slice(Math.max(0, end - EOF_MARKER.length - 64), end - EOF_MARKER.length));
  if (!xref || Number(xref[1]) >= end) return text.length;
  // The end-of-line that closes the %%EOF line belongs to the PDF.
  return end + (/^(?:\r\n|\r|\n)/.exec(text.slice(end, end + 2))?.[0].length ?? 0);
}

/** Declared types of attachments that are data, not programs or documents with their own active content. */
const DATA_SUBTYPES = new Set(['application/json', 'application/xml', 'text/xml', 'text/plain', 'text/csv']);

/**
 * An embedded file that is only data: declared JSON, XML or text (Adobe Scan attaches its page
 * analysis as 'pageEntities.json') and whose first bytes are that (not 'MZ', 'PK', '%PDF').
 * Anything else, or what cannot be looked at, counts as active content as before.
 */
function isDataAttachment(dictionary: string, data: Buffer): boolean {
  const subtype = /\/Subtype[\0\t\n\f\r ]*\/([^\0\t\n\f\r /<>[\]()]+)/.exec(dictionary);
  if (!subtype || !DATA_SUBTYPES.has(decodePdfName(subtype[1]!).toLowerCase())) return false;
  const filters = [...namesIn(dictionary)].filter((n) => n.endsWith('Decode'));
  let head: Buffer;
  try {
    if (filters.length === 0) head = data.subarray(0, 512);
    else if (filters.length === 1 && filters[0] === 'FlateDecode') head = inflateSync(data, { maxOutputLength: 1024 * 1024, finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, 512);
    else return false;
  } catch {
    return false;
  }
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  // Text has no control characters but tab, line feed and carriage return.
  const binary = [...text].some((ch) => ch.charCodeAt(0) < 32 && ch !== '\t' && ch !== '\n' && ch !== '\r');
  return text.length > 0 && /^[[{<"\p{L}\d]/u.test(text) && !binary;
}

export function scanPdfActiveContent(bytes: Uint8Array, limits: PdfScanLimits = {}): PdfActiveContentScan {
  const maxInflated = limits.maxInflatedBytes ?? 50 * 1024 * 1024;
  const deadline = Date.now() + (limits.timeoutMs ?? 5000);
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wholeText = whole.toString('latin1');
  const end = pdfEnd(wholeText);
  // The tail is not the PDF: no reader interprets it, so its bytes are not active content. It is
  // still looked at as text, so a script in it is reported (as a warning, by the caller).
  const trailing = end < wholeText.length ? { bytes: wholeText.length - end, scripts: suspiciousContentPatterns(wholeText.slice(end)) } : null;
  const buffer = whole.subarray(0, end);
  const text = wholeText.slice(0, end);
  const findings: Findings = { active: new Set(), triggers: new Set(), javascriptUri: false };
  const attachments: boolean[] = [];
  let incomplete = false;
  let inflatedTotal = 0;
  let cursor = 0;

  let timedOut = false;
  const streamStart = new RegExp(STREAM_START, 'g');
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    const dataStart = match.index + match[0].length;
    const dictionary = streamDictionary(text, match.index);
    scanSegment(text.slice(cursor, dataStart), findings);
    const end = streamEnd(text, dataStart, directLength(dictionary));
    cursor = end;
    streamStart.lastIndex = end;

    const names = namesIn(dictionary);
    if (names.has('EmbeddedFile')) attachments.push(isDataAttachment(dictionary, buffer.subarray(dataStart, end)));
    if (!names.has('ObjStm')) continue;
    const data = buffer.subarray(dataStart, end);
    const filters = [...names].filter((n) => n.endsWith('Decode'));
    if (filters.length === 0) {
      scanSegment(data.toString('latin1'), findings);
      continue;
    }
    if (filters.length > 1 || filters[0] !== 'FlateDecode' || inflatedTotal >= maxInflated) {
      incomplete = true;
      continue;
    }
    try {
      const inflated = inflateSync(data, {
        maxOutputLength: maxInflated - inflatedTotal,
        // Tolerates a stream cut short: what inflated so far is still scanned.
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      inflatedTotal += inflated.length;
      scanSegment(inflated.toString('latin1'), findings);
    } catch {
      incomplete = true;
    }
  }
  // After a timeout the rest may hold stream data, which is not scanned as names.
  if (timedOut) incomplete = true;
  else scanSegment(text.slice(cursor), findings);

  // Only data attachments (a scanning app's page JSON, an e-invoice's XML): nothing a viewer could run.
  if (attachments.length > 0 && attachments.every(Boolean)) {
    findings.active.delete('EmbeddedFile');
    findings.active.delete('EmbeddedFiles');
  }
  const found = [...findings.active];
  if (findings.javascriptUri) found.push('javascript:');
  if (findings.active.has('JavaScript') || findings.active.has('JS')) {
    for (const trigger of ['OpenAction', 'AA']) if (findings.triggers.has(trigger)) found.push(trigger);
  }
  return { found, incomplete, trailing };
}
