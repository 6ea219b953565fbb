import type { PdfSignature } from '@viabiliza/contracts/authenticity';
import type { DocumentTypeId, LienType } from '@viabiliza/contracts/document-types';

/** File types accepted by content (magic bytes), never by name or browser MIME. */
export const FILE_KINDS = ['pdf', 'docx', 'doc', 'xlsx', 'xls', 'txt', 'png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff'];

export type PageMethod = 'text' | 'ocr';

export interface ExtractedPage {
  /** 1-based; a sheet of a spreadsheet or a whole DOCX counts as one page each. */
  number: number;
  text: string;
  method: PageMethod;
  /** OCR mean confidence 0–100; null for a text layer. */
  confidence: number | null;
  /** Nothing printed on it, or only an 'EM BRANCO' stamp. Kept in the result with its text. */
  blank?: boolean;
  /** Clockwise degrees (90, 180, 270) the page image was turned for OCR: it was scanned sideways. */
  rotation?: number;
  /**
   * Runs of text with their place on the page (points, origin top-left), for pairing a form's
   * labels with values that sit in another column or box. Not stored: used right after reading.
   */
  cells?: TextCell[];
}

export interface TextCell {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ExtractionResult {
  pages: ExtractedPage[];
  /** Notes for the user in Portuguese (e.g. 'Páginas além de 200 não foram lidas'). */
  warnings: string[];
  /** A PDF's digital signatures (signature.ts); absent for other kinds. */
  signatures?: PdfSignature[];
}

export interface ExtractionProgress {
  pagesDone: number;
  pageCount: number;
  /** What is being done now: reading the text layer, or OCR of page `page`. */
  phase?: 'text' | 'ocr';
  /** 1-based page being read by OCR now (with phase 'ocr'). */
  page?: number;
  /** Pages still waiting for OCR, the current one included. */
  ocrPagesLeft?: number;
  /**
   * Milliseconds per OCR page measured so far in this file: the OCR's wall time over the pages it
   * finished, so `ocrPagesLeft × msPerOcrPage` is an ETA even with pages read in parallel. Null
   * before the first page ends.
   */
  msPerOcrPage?: number | null;
}

/**
 * A failure with the Portuguese reason the user sees. `retryable` errors (timeouts, resource
 * exhaustion) are tried again up to 3 times; the others are final at once.
 */
export class ExtractionError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

/** Outcome of the security and type validation of one uploaded file (spec 01 §5). */
export interface ValidationResult {
  kind: FileKind | null;
  /** Reasons the file is refused (e.g. 'Tipo de arquivo não permitido'); nothing is stored. */
  errors: string[];
  /** Shown as 'Avisos: ...'; the file is still processed. */
  warnings: string[];
  /** Set when the file must be quarantined: stored apart, never extracted. */
  quarantineReason: string | null;
}

/** The registry's type ids (`@viabiliza/contracts/document-types`). */
export type DocumentType = DocumentTypeId;

export interface KeyField {
  /** Stable key, e.g. 'matricula_numero', 'area_total_m2', 'valor', 'cep'. */
  key: string;
  /** Portuguese label shown to the user. */
  label: string;
  value: string;
  /** Normalised value when numeric (m², R$) or ISO date; null otherwise. */
  normalized: number | string | null;
  page: number;
  /** 0–100: how sure the extractor is (pattern strength × page OCR confidence). */
  confidence: number;
  /** On an 'onus' field: the registry act behind it and whether a later act cancelled it. */
  lien?: { type: LienType; act: string | null; active: boolean; cancelledBy: string | null };
}

export interface KeyFieldsResult {
  documentType: DocumentType;
  documentTypeLabel: string;
  typeConfidence: number;
  fields: KeyField[];
}
