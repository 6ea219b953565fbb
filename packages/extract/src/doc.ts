import { createRequire } from 'node:module';
import type { ExtractedPage } from './types.ts';

/** The part of word-extractor's API we use (the package ships no types). */
interface WordDocument {
  getBody(options?: { filterUnicode?: boolean }): string;
  getFootnotes(options?: { filterUnicode?: boolean }): string;
  getEndnotes(options?: { filterUnicode?: boolean }): string;
  getTextboxes(options?: { filterUnicode?: boolean; includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
}
type WordExtractorClass = new () => { extract(source: string | Buffer): Promise<WordDocument> };

const WordExtractor = createRequire(import.meta.url)('word-extractor') as WordExtractorClass;

/**
 * Word 97–2003 binary documents through word-extractor (pure JavaScript, reads the OLE compound
 * file and the piece table). Body first, then footnotes, endnotes and text boxes; headers and
 * footers are left out because they repeat on every page. `filterUnicode: false` keeps the
 * document's own quotes and dashes.
 */
export async function extractDoc(path: string): Promise<ExtractedPage[]> {
  const document = await new WordExtractor().extract(path);
  const keep = { filterUnicode: false };
  const parts = [
    document.getBody(keep),
    document.getFootnotes(keep),
    document.getEndnotes(keep),
    document.getTextboxes({ ...keep, includeHeadersAndFooters: false, includeBody: true }),
  ].filter((part) => part.trim());
  return [{ number: 1, text: parts.join('\n\n'), method: 'text', confidence: null }];
}
