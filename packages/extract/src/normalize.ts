/**
 * Text clean-up shared by every extractor, so that pages from a text layer, OCR, DOCX or a
 * spreadsheet read alike for people and for the key-field extractor.
 */

const UNICODE_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
// Controls other than tab and newline (form feeds, Word's field marks, NULs) and soft hyphens.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u00ad\u200b\ufeff]/g;
// Every OCR engine reads the superscript of m² as '?' or '2'; text layers often say m2 too.
const SQUARE_METRES = /(\d ?)m[?2](?![\p{L}\p{N}])/gu;

export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(CONTROLS, '')
    .replace(UNICODE_SPACES, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/(?<! ) *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(SQUARE_METRES, '$1m²')
    .trim();
}

/**
 * Rejoins words split at the end of a line: 'alie-\nnado' → 'alienado'. A Portuguese compound
 * split at its own hyphen repeats the hyphen on the next line ('habite-\n-se'), and keeps it.
 * A hyphen before an upper-case letter or a digit is left alone (lists, codes, ranges).
 */
export function rejoinHyphens(text: string): string {
  return text
    .replace(/(\p{L})[-\u2010]\n[-\u2010](\p{L})/gu, '$1-$2')
    .replace(/(\p{L})[-\u2010\u00ad]\n(?=\p{Ll})/gu, '$1');
}

const LETTER = /\p{L}/u;

export function countLetters(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // ASCII by arithmetic (most of any Portuguese text), the rest by Unicode property.
    if (c < 0x80) {
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) n++;
    } else if (LETTER.test(String.fromCodePoint(text.codePointAt(i)!))) {
      n++;
      if (c >= 0xd800 && c <= 0xdbff) i++;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      i++;
    }
  }
  return n;
}
