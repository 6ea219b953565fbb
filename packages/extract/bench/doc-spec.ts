/**
 * What a kind generator hands back: the document's pages in the page model, its truth, and the
 * medium it reaches the folder in (born-digital PDF, scan, phone photo, DOCX).
 */
import type { DocumentTypeId } from '@viabiliza/contracts/document-types';
import type { DocBuilder } from './layout.ts';
import type { DossierTruthMatricula, TruthLien } from './truth.ts';

export type Medium =
  /** Born digital. `tail` glues a city portal's HTML page after %%EOF. Pages flagged raster are scanned (JPEG 200 dpi). */
  | { kind: 'text-pdf'; tail?: 'portal-html'; producer?: string }
  /** A scanner's PDF: one image per page; `textLayer: 'stamps'` writes only stamps and footers as text. */
  | {
      kind: 'scan-pdf';
      dpi: 200 | 300;
      codec: 'g4' | 'flate1' | 'jpeg';
      textLayer: 'none' | 'stamps';
      skewDeg: number;
      /** Typewritten 1980s original: uneven ink. */
      typewriter?: boolean;
    }
  /** A phone photo of the first page, JPEG, held sideways (90/270) or upright. */
  | { kind: 'photo'; rotation: 0 | 90 | 270 }
  /** A screenshot or WhatsApp image of the first page: PNG at screen resolution. */
  | { kind: 'screenshot' }
  /** A Word draft. */
  | { kind: 'docx'; paragraphs: string[]; table?: string[][] };

export interface DocSpec {
  /** Stable id: seeds the document's own random stream. */
  id: string;
  /** Name as the clerk typed it. */
  file: string;
  type: DocumentTypeId;
  medium: Medium;
  doc: DocBuilder;
  liens: TruthLien[];
  traps: string[];
  /** A personal certificate's subject (the seller's name as the sale holds it). */
  about?: string;
  /** A matrícula certificate's owners, chain of title and liens, from the acts it prints. */
  registry?: Omit<DossierTruthMatricula, 'file'>;
}

/** The traps the corpus exercises, named as in the truth files. */
export const TRAPS = {
  scan200: 'scan-200dpi',
  scan300: 'scan-300dpi',
  ccitt: 'ccitt-g4',
  bilevelFlate: 'bilevel-flate',
  typewriter: 'typewriter-font',
  skew: 'skew',
  stampsOverText: 'stamps-over-text',
  stampOnlyTextLayer: 'stamp-only-text-layer',
  blankPages: 'blank-em-branco-pages',
  sidewaysPhoto: 'sideways-phone-photo',
  perspective: 'perspective-shadow',
  formLayout: 'form-layout',
  eofHtmlTail: 'eof-html-tail',
  lienNegation: 'lien-negation-boilerplate',
  ocrHostileNumbers: 'ocr-hostile-numbers',
  actHistory: 'act-history',
  openingOwnerDeveloper: 'opening-owner-developer',
  companySeatAddress: 'company-seat-address',
  partyAddresses: 'party-and-notary-addresses',
  longTextPdf: 'long-repeated-table-pdf',
  decompressionBomb: 'decompression-bomb',
  docx: 'docx-draft',
  idPhoto: 'id-photo-sideways',
  webMenus: 'web-menus',
  screenshot: 'screenshot',
  mixedPages: 'mixed-text-and-scan',
} as const;
