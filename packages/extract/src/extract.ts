import { stat } from 'node:fs/promises';
import { Deadline, raceAbort } from './deadline.ts';
import { extractDoc } from './doc.ts';
import { extractDocx } from './docx.ts';
import { extractImage } from './image.ts';
import { normalizeText } from './normalize.ts';
import { OCR_PAGE_TIMEOUT_MS, sharedOcrEngine, type OcrLike } from './ocr.ts';
import { DEFAULT_MAX_PDF_PAGES, extractPdf, PDF_TEXT_TIMEOUT_MS, type PdfPageRange } from './pdf.ts';
import { extractXlsx } from './spreadsheet.ts';
import { extractTxt } from './text.ts';
import { ExtractionError, IMAGE_KINDS, type ExtractedPage, type ExtractionProgress, type ExtractionResult, type FileKind } from './types.ts';

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
  /** Rendering excluded, per page or image sent to OCR. */
  ocrPageMs: number;
}

export const DEFAULT_TIMEOUTS: ExtractionTimeouts = {
  fileMs: 60_000,
  pdfTextMs: PDF_TEXT_TIMEOUT_MS,
  ocrPageMs: OCR_PAGE_TIMEOUT_MS,
};

export interface ExtractOptions {
  /** Default 200 (the spec's 50 was a browser-era limit). */
  maxPdfPages?: number;
  onProgress?: (progress: ExtractionProgress) => void;
  signal?: AbortSignal;
  /** Default: the OCR engine of the current thread, created on first use. */
  ocr?: OcrLike;
  timeouts?: Partial<ExtractionTimeouts>;
  /**
   * PDF only: read just these pages. The pool uses it to split a long PDF across its threads;
   * the minimum-text check is then left to whoever joins the parts (checkMinimumText).
   */
  pdfPages?: PdfPageRange;
}

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

function group(kind: FileKind): keyof typeof MINIMUMS | null {
  if (IMAGE_KINDS.includes(kind)) return 'image';
  return kind === 'pdf' || kind === 'docx' || kind === 'doc' || kind === 'xlsx' || kind === 'txt' ? kind : null;
}

/**
 * 'Erro ao processar {tipo}: {motivo}', keeping `retryable`. Errors from a library (English,
 * technical) become the kind's Portuguese 'corrupt' reason; ours pass through.
 */
function wrap(error: unknown, kind: keyof typeof MINIMUMS): ExtractionError {
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

/**
 * Extracts the text of one stored file, page by page, with the method (text layer or OCR) and
 * the OCR confidence of each page. Throws ExtractionError with the Portuguese reason the user
 * sees; only timeouts and resource exhaustion are `retryable`. Aborting `signal` rejects with
 * its reason.
 */
export async function extractDocument(input: ExtractInput, options: ExtractOptions = {}): Promise<ExtractionResult> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const kind = group(input.kind);
  if (input.kind === 'xls') throw new ExtractionError(XLS_NOT_SUPPORTED);
  if (!kind) throw new ExtractionError(`Tipo de arquivo não suportado: ${input.fileName}`);

  const deadline = new Deadline(timeouts.fileMs, () => new ExtractionError(FILE_TIMEOUT_MESSAGE, true));
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const onProgress = (progress: ExtractionProgress) => {
    try {
      options.onProgress?.(progress);
    } catch {
      // A failing listener must not fail the extraction.
    }
  };
  try {
    signal.throwIfAborted();
    const work = (async (): Promise<ExtractionResult> => {
      try {
        if ((await stat(input.path)).size === 0) throw new ExtractionError('Arquivo não pode estar vazio');
        const ocr = options.ocr ?? sharedOcrEngine();
        const ocrContext = {
          ocr,
          signal,
          ocrPageTimeoutMs: timeouts.ocrPageMs,
          onOcrPage: () => deadline.extend(timeouts.ocrPageMs),
          onProgress,
        };
        let result: ExtractionResult;
        if (kind === 'pdf') {
          result = await extractPdf(input.path, {
            ...ocrContext,
            maxPages: options.maxPdfPages ?? DEFAULT_MAX_PDF_PAGES,
            range: options.pdfPages,
            textTimeoutMs: timeouts.pdfTextMs,
          });
        } else if (kind === 'image') {
          result = { pages: await extractImage(input.path, input.kind, { ...ocrContext, maxPages: options.maxPdfPages ?? DEFAULT_MAX_PDF_PAGES }), warnings: [] };
        } else {
          const extractor = { docx: extractDocx, doc: extractDoc, xlsx: extractXlsx, txt: extractTxt }[kind];
          result = { pages: await extractor(input.path), warnings: [] };
          onProgress({ pagesDone: result.pages.length, pageCount: result.pages.length });
        }
        const pages = result.pages.map((page) => ({ ...page, text: normalizeText(page.text) }));
        if (!options.pdfPages) checkMinimumText(input.kind, pages);
        return { pages, warnings: result.warnings };
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw wrap(error, kind);
      }
    })();
    // The race returns at once on timeout or abort even if a library is stuck inside a page.
    return await raceAbort(work, signal);
  } finally {
    deadline.clear();
  }
}
