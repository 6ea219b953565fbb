import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Font } from '@react-pdf/renderer';

/**
 * Liberation Sans (SIL OFL, metric-compatible with Arial) for the PDF: the PDF standard fonts only
 * cover WinAnsi, and a font embedded from a TTF is what makes 'ã', 'ç', '²' and '≤' render
 * everywhere. pdfjs-dist ships the files (packages/extract depends on it); the bundled server gets
 * a copy in dist/fonts (scripts/build.ts), looked up first.
 */

export const PDF_FONT_FAMILY = 'LiberationSans';
export const FONT_FILES = {
  regular: 'LiberationSans-Regular.ttf',
  bold: 'LiberationSans-Bold.ttf',
  italic: 'LiberationSans-Italic.ttf',
  boldItalic: 'LiberationSans-BoldItalic.ttf',
} as const;

/** dist/fonts beside the bundled main.js, else pdfjs-dist's standard_fonts. */
export function fontDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'fonts');
  if (existsSync(join(bundled, FONT_FILES.regular))) return bundled;
  const pdfjs = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return join(pdfjs, 'standard_fonts');
}

/** Words longer than this may break inside (a long code or URL would otherwise overflow its cell). */
const LONG_WORD = 22;

let registered = false;

export function registerPdfFonts(): void {
  if (registered) return;
  const dir = fontDirectory();
  for (const file of Object.values(FONT_FILES)) {
    if (!existsSync(join(dir, file))) throw new Error(`Fonte do PDF não encontrada: ${join(dir, file)}`);
  }
  Font.register({
    family: PDF_FONT_FAMILY,
    fonts: [
      { src: join(dir, FONT_FILES.regular) },
      { src: join(dir, FONT_FILES.bold), fontWeight: 'bold' },
      { src: join(dir, FONT_FILES.italic), fontStyle: 'italic' },
      { src: join(dir, FONT_FILES.boldItalic), fontWeight: 'bold', fontStyle: 'italic' },
    ],
  });
  // The default hyphenation is English; Portuguese words are kept whole, only very long tokens split.
  Font.registerHyphenationCallback((word) => {
    if (word.length <= LONG_WORD) return [word];
    const parts: string[] = [];
    for (let i = 0; i < word.length; i += 12) parts.push(word.slice(i, i + 12));
    return parts;
  });
  registered = true;
}
