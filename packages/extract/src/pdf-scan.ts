// What a PDF's bytes say before pdf.js reads a page: whether any page may paint an image, and
// whether any text may be drawn invisible (text render mode 3 or 7: the OCR layer a scanner lays
// under its page image). pdf.js's text content does not carry the render mode, and its operator
// list, which does, decodes every image of the page (half of the reader's CPU on text PDFs): so
// the file is looked at once here and the operator lists are asked only where they can matter.
import { constants, inflateSync } from 'node:zlib';
import { directLength, STREAM_START, streamDictionary, streamEnd } from './pdf-active-content.ts';
import { filtersOf } from './pdf-inflate-limits.ts';

export interface PdfScan {
  /** An image XObject is in the file (`/Subtype /Image`). Inline images are not seen. */
  images: boolean;
  /**
   * Some content stream may draw invisible text (`3 Tr` or `7 Tr`), or one could not be read
   * here (encrypted, a filter we do not decode): then every page's render modes are asked.
   */
  invisibleText: boolean;
}

/** A content stream's own data is small; past this it is not a page's text. */
const MAX_CONTENT_BYTES = 32 * 1024 * 1024;
/** `3 Tr` / `7 Tr`: the operand stands alone before the operator (no digit or dot before it). */
const INVISIBLE_MODE = /(?<![\w.+-])[37](?:\.0*)?[\0\t\n\f\r ]+Tr(?![\w])/;
/** Streams that are not content: images, fonts, ICC profiles, metadata, object and xref streams, files. */
const NOT_CONTENT = /\/Subtype[\0\t\n\f\r ]*\/(?:Image|Type1C|CIDFontType0C|OpenType|XML)\b|\/Length[123]\b|\/Type[\0\t\n\f\r ]*\/(?:XRef|ObjStm|Metadata|EmbeddedFile)\b|\/N[\0\t\n\f\r ]+\d/;

/** Whether the decoded bytes of a content stream set an invisible text render mode. */
export function setsInvisibleText(content: string): boolean {
  return INVISIBLE_MODE.test(content);
}

export function scanPdf(data: Buffer): PdfScan {
  const text = data.toString('latin1');
  const images = /\/Subtype\s*\/Image\b/.test(text);
  // Encrypted streams are ciphertext here: the render modes are asked page by page instead.
  if (/\/Encrypt\b/.test(text)) return { images, invisibleText: true };
  const streamStart = new RegExp(STREAM_START, 'g');
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    const dataStart = match.index + match[0].length;
    const dictionary = streamDictionary(text, match.index);
    const end = streamEnd(text, dataStart, directLength(dictionary));
    streamStart.lastIndex = end;
    if (NOT_CONTENT.test(dictionary)) continue;
    const filters = filtersOf(dictionary);
    let content: string;
    if (filters.length === 0) content = text.slice(dataStart, end);
    else if (filters.length === 1 && filters[0] === 'FlateDecode') {
      try {
        content = inflateSync(data.subarray(dataStart, end), { maxOutputLength: MAX_CONTENT_BYTES, finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
      } catch {
        return { images, invisibleText: true };
      }
    } else return { images, invisibleText: true };
    if (setsInvisibleText(content)) return { images, invisibleText: true };
  }
  return { images, invisibleText: false };
}
