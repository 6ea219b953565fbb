import { readFile } from 'node:fs/promises';
import type { ExtractedPage } from './types.ts';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Windows-1252 bytes 0x80–0x9F (the five unassigned ones stay C1 controls, as WHATWG maps them). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Node 20's TextDecoder('windows-1252') drops every byte from 0x80 to 0x9F ('–', '“', '€'
 * vanish; Node 24 is right), so the table is ours. Everything else is Latin-1.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    const codes = Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

/**
 * Plain text from Brazilian users is UTF-8 or, when saved by older Windows tools, Windows-1252
 * (a superset of Latin-1 in what matters: accents, '–', '“', '€'). A byte sequence that is not
 * valid UTF-8 is read as Windows-1252. A BOM decides UTF-16.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    // ignoreBOM: false (the default) strips a UTF-8 BOM.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

export async function extractTxt(path: string): Promise<ExtractedPage[]> {
  const { text } = decodeText(await readFile(path));
  return [{ number: 1, text, method: 'text', confidence: null }];
}
