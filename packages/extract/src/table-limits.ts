import type { ZipLimits } from './validate.ts';

/**
 * The bounds of a table import and how their failures read, apart from the readers (table.ts) so
 * the pool and the server load no parser on the main thread.
 */

const MB = 1024 * 1024;

/**
 * A 2000-line import sheet is well under 1 MB of XML; 8 MB decoded leaves room for styles and
 * shared strings and refuses a bomb long before it costs memory (a 409 KB sheet inflating to
 * 400 MB took 143 s and 900 MB when read whole). The ratio rule is the uploads' (ZIP_LIMITS in validate.ts).
 */
export const TABLE_ZIP_LIMITS: ZipLimits = { maxTotalUncompressed: 8 * MB, maxRatio: 100, ratioAppliesAbove: MB, maxEntries: 500, timeoutMs: 10_000 };
/** Wall time of one table on its thread; past it the thread is terminated. */
export const TABLE_READ_TIMEOUT_MS = 10_000;

export const TABLE_MESSAGES = {
  bomb: `Planilha com conteúdo compactado grande demais (possível bomba de descompressão): o limite é de ${TABLE_ZIP_LIMITS.maxTotalUncompressed / MB} MB descompactados.`,
  timeout: `A leitura da planilha excedeu ${TABLE_READ_TIMEOUT_MS / 1000} s: arquivo grande ou complexo demais.`,
  memory: 'Memória insuficiente para ler a planilha: arquivo grande ou complexo demais.',
  unreadable: 'Planilha XLSX ilegível.',
} as const;

/** 'too-large': decoded size or memory over the bound; 'timeout': over the time bound; 'unreadable': not a table. */
export type TableReadFailure = 'too-large' | 'timeout' | 'unreadable';

export class TableReadError extends Error {
  override name = 'TableReadError';
  constructor(
    message: string,
    readonly reason: TableReadFailure,
  ) {
    super(message);
  }
}
