// The limits, messages and per-kind rules of extraction, kept free of the extraction libraries:
// the server's main thread (the pool) needs them, and importing pdf.js there would install its
// core-js polyfills over JSON.stringify and Array.prototype.push for the whole process.
import { ExtractionError, IMAGE_KINDS, type ExtractedPage, type FileKind } from './types.ts';

export const DEFAULT_MAX_PDF_PAGES = 200;
export const PDF_TEXT_TIMEOUT_MS = 30_000;
/**
 * The wall-clock bound of one page's OCR, a last resort against a runaway process only: it is
 * multiplied by the machine's load per core (ocr.ts, runawayLimitMs), and a page is bounded by
 * the CPU time its OCR process uses (OCR_PAGE_CPU_MS), so a busy machine makes pages slower, never
 * failed. A dense A4 page takes 1–3 s of one core; 10 minutes is 200 such pages.
 */
export const OCR_PAGE_TIMEOUT_MS = 600_000;
/**
 * CPU time the native OCR process of one page may use: 40× a dense A4 page (about 3 s of one
 * core at 300 dpi). Past it the page is one no OCR will read (a noise field, a pathological
 * image): it is left out with a warning, the document keeps its other pages.
 */
export const OCR_PAGE_CPU_MS = 120_000;

export interface PdfPageRange {
  /** 1-based, inclusive. */
  first: number;
  last: number;
}

export interface ExtractInput {
  /** The stored file on local disk. */
  path: string;
  /** Decided from the file's bytes by the upload validation, never from its name. */
  kind: FileKind;
  /** The user's file name, for messages. */
  fileName: string;
}

export interface ExtractionTimeouts {
  /** Whole file, OCR excluded (each OCR page adds its own budget): spec 01 §8, 60 s. */
  fileMs: number;
  /** Opening a PDF and reading its text layer: spec 01 §8, 30 s. */
  pdfTextMs: number;
  /**
   * Per page or image sent to OCR: the runaway bound (wall time × load per core), which also
   * extends the file's budget. Not a reason to fail a legitimate page (see OCR_PAGE_TIMEOUT_MS).
   */
  ocrPageMs: number;
  /** CPU time of the native OCR process of one page (OCR_PAGE_CPU_MS). */
  ocrCpuMs: number;
}

export const DEFAULT_TIMEOUTS: ExtractionTimeouts = {
  fileMs: 60_000,
  pdfTextMs: PDF_TEXT_TIMEOUT_MS,
  ocrPageMs: OCR_PAGE_TIMEOUT_MS,
  ocrCpuMs: OCR_PAGE_CPU_MS,
};

/** Minimum text per kind and the reason given when a file has less (spec 01 §5). */
const MINIMUMS: Record<'pdf' | 'docx' | 'doc' | 'xlsx' | 'image' | 'txt', { chars: number; reason: string; label: string }> = {
  pdf: { chars: 50, reason: 'PDF não contém texto suficiente ou pode estar protegido', label: 'PDF' },
  docx: { chars: 10, reason: 'Documento DOCX não contém texto suficiente', label: 'DOCX' },
  doc: { chars: 10, reason: 'Documento DOC não contém texto suficiente', label: 'DOC' },
  xlsx: { chars: 20, reason: 'Planilha não contém dados suficientes', label: 'XLSX' },
  image: { chars: 10, reason: 'Não foi possível extrair texto suficiente da imagem. Verifique se a imagem contém texto legível.', label: 'imagem' },
  txt: { chars: 10, reason: 'Arquivo de texto muito pequeno ou vazio', label: 'arquivo de texto' },
};

export const XLS_NOT_SUPPORTED = 'Formato XLS antigo não suportado. Salve a planilha como XLSX e envie novamente.';
export const FILE_TIMEOUT_MESSAGE = 'Timeout: Arquivo muito grande ou complexo';

const CORRUPT: Record<'docx' | 'doc' | 'xlsx' | 'txt', string> = {
  docx: 'Arquivo DOCX corrompido ou inválido',
  doc: 'Arquivo DOC corrompido ou inválido',
  xlsx: 'Planilha corrompida ou inválida',
  txt: 'Arquivo de texto não pôde ser lido',
};

export function group(kind: FileKind): keyof typeof MINIMUMS | null {
  if (IMAGE_KINDS.includes(kind)) return 'image';
  return kind === 'pdf' || kind === 'docx' || kind === 'doc' || kind === 'xlsx' || kind === 'txt' ? kind : null;
}

/**
 * 'Erro ao processar {tipo}: {motivo}', keeping `retryable`. Errors from a library (English,
 * technical) become the kind's Portuguese 'corrupt' reason; ours pass through.
 */
export function wrap(error: unknown, kind: keyof typeof MINIMUMS): ExtractionError {
  const prefix = `Erro ao processar ${MINIMUMS[kind].label}: `;
  if (error instanceof ExtractionError) {
    return error.message.startsWith(prefix) ? error : new ExtractionError(prefix + error.message, error.retryable);
  }
  const resource = error instanceof RangeError || (error as { code?: string } | null)?.code === 'ENOMEM';
  if (resource) return new ExtractionError(`${prefix}Memória insuficiente para processar o arquivo`, true);
  const reason = kind === 'pdf' ? 'Arquivo PDF corrompido ou incompleto' : kind === 'image' ? 'Imagem corrompida ou em formato não suportado' : CORRUPT[kind];
  return new ExtractionError(prefix + reason);
}

/** Throws the kind's 'not enough text' error (wrapped) when the pages hold less than its minimum. */
export function checkMinimumText(fileKind: FileKind, pages: ExtractedPage[]): void {
  const kind = group(fileKind);
  if (!kind) return;
  const total = pages.reduce((n, page) => n + page.text.length, 0);
  if (total < MINIMUMS[kind].chars) throw wrap(new ExtractionError(MINIMUMS[kind].reason), kind);
}

