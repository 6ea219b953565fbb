import { readFile, stat } from 'node:fs/promises';
import { Deadline, raceAbort } from './deadline.ts';
import { extractDoc } from './doc.ts';
import { extractDocx } from './docx.ts';
import { extractImage } from './image.ts';
import { normalizeText } from './normalize.ts';
import { runawayLimitMs, sharedOcrEngine, type OcrLike } from './ocr.ts';
import { extractPdf } from './pdf.ts';
import { readPdfSignatures } from './signature.ts';
import {
  checkMinimumText,
  DEFAULT_MAX_PDF_PAGES,
  DEFAULT_TIMEOUTS,
  FILE_TIMEOUT_MESSAGE,
  group,
  wrap,
  XLS_NOT_SUPPORTED,
  type ExtractInput,
  type ExtractionTimeouts,
  type PdfPageRange,
} from './rules.ts';
import { extractXlsx } from './spreadsheet.ts';
import { extractTxt } from './text.ts';
import { ExtractionError, type ExtractedPage, type ExtractionProgress, type ExtractionResult } from './types.ts';

export { checkMinimumText, DEFAULT_TIMEOUTS, FILE_TIMEOUT_MESSAGE, XLS_NOT_SUPPORTED, type ExtractInput, type ExtractionTimeouts };

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
  /**
   * Called with each page as soon as its text is final, in any order: the server keeps the pages
   * read so that a later failure or retry does not read them again.
   */
  onPage?: (page: ExtractedPage) => void;
  /**
   * Pages already read by an earlier attempt: not read again (PDF pages and images of a TIFF).
   * The minimum-text check is then left to whoever joins them with these (checkMinimumText).
   */
  skipPages?: readonly number[];
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
        // Only files that may need OCR pick the engine (OCR_ENGINE=native without tesseract
        // fails those, not a DOCX).
        const ocr = () => options.ocr ?? sharedOcrEngine();
        const onPage = (page: ExtractedPage) => {
          try {
            options.onPage?.({ ...page, text: normalizeText(page.text) });
          } catch {
            // A failing listener must not fail the extraction.
          }
        };
        const ocrContext = {
          signal,
          ocrPageTimeoutMs: timeouts.ocrPageMs,
          ocrCpuMs: timeouts.ocrCpuMs,
          // Rendering and OCR of the page are paid from its runaway bound, stretched by the load.
          onOcrPage: () => deadline.extend(runawayLimitMs(timeouts.ocrPageMs)),
          onProgress,
          onPage,
          skipPages: new Set(options.skipPages ?? []),
        };
        let result: ExtractionResult;
        if (kind === 'pdf') {
          result = await extractPdf(input.path, {
            ...ocrContext,
            ocr: ocr(),
            maxPages: options.maxPdfPages ?? DEFAULT_MAX_PDF_PAGES,
            range: options.pdfPages,
            textTimeoutMs: timeouts.pdfTextMs,
          });
        } else if (kind === 'image') {
          result = { pages: await extractImage(input.path, input.kind, { ...ocrContext, ocr: ocr(), maxPages: options.maxPdfPages ?? DEFAULT_MAX_PDF_PAGES }), warnings: [] };
        } else {
          const extractor = { docx: extractDocx, doc: extractDoc, xlsx: extractXlsx, txt: extractTxt }[kind];
          result = { pages: await extractor(input.path), warnings: [] };
          result.pages.forEach(onPage);
          onProgress({ pagesDone: result.pages.length, pageCount: result.pages.length });
        }
        const pages = result.pages.map((page) => ({ ...page, text: normalizeText(page.text) }));
        if (!options.pdfPages && !options.skipPages?.length) checkMinimumText(input.kind, pages);
        // A split PDF's signatures are read once, by the part that holds its first page.
        if (kind === 'pdf' && (options.pdfPages?.first ?? 1) === 1) return { pages, warnings: result.warnings, signatures: await signaturesOf(input.path) };
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

/** A signature that cannot be read never fails the extraction: the document just shows none. */
async function signaturesOf(path: string): Promise<ExtractionResult['signatures']> {
  try {
    return readPdfSignatures(await readFile(path));
  } catch {
    return [];
  }
}
