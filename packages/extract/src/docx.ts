import mammoth from 'mammoth';
import type { ExtractedPage } from './types.ts';

/** mammoth gives the raw text with each paragraph and each table cell on its own line. */
export async function extractDocx(path: string): Promise<ExtractedPage[]> {
  const { value } = await mammoth.extractRawText({ path });
  return [{ number: 1, text: value, method: 'text', confidence: null }];
}
