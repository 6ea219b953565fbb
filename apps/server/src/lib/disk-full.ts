import { statfsSync } from 'node:fs';
import { resolve } from 'node:path';

export const DISK_FULL_MESSAGE = 'Espaço em disco insuficiente no servidor: o arquivo não foi salvo. Avise o administrador e tente novamente mais tarde.';

/** Below this much free space under DATA_DIR, a failed start of the embedded database is taken as a full disk. */
export const START_MIN_FREE_BYTES = 200 * 1024 ** 2;

/**
 * Whether an error (or one it wraps) says the disk is full: ENOSPC from the file system, or
 * PostgreSQL's disk_full (SQLSTATE 53100).
 */
export function isDiskFull(err: unknown, depth = 0): boolean {
  if (depth > 4 || !err || typeof err !== 'object') return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (code === 'ENOSPC' || code === '53100') return true;
  if (typeof message === 'string' && /ENOSPC|no space left on device/i.test(message)) return true;
  return isDiskFull(cause, depth + 1);
}

const mb = (bytes: number) => `${Math.floor(bytes / 1024 ** 2).toLocaleString('pt-BR')} MB`;

/**
 * The line main.ts prints when the start fails for lack of disk, instead of the embedded
 * database's own 'PGlite failed to initialize properly'; null for any other failure.
 */
export function explainStartupError(
  err: unknown,
  dataDir: string,
  freeBytes: (dir: string) => number | null = freeBytesUnder,
): string | null {
  const dir = resolve(dataDir);
  const free = freeBytes(dir);
  const pgliteInit = err instanceof Error && /PGlite failed to initialize/i.test(err.message);
  if (!isDiskFull(err) && !(pgliteInit && free !== null && free < START_MIN_FREE_BYTES)) return null;
  return `Espaço em disco insuficiente em DATA_DIR (${dir})${free === null ? '' : `: ${mb(free)} livres`}. ` +
    `O banco de dados embutido precisa de pelo menos ${mb(START_MIN_FREE_BYTES)} para iniciar. Libere espaço ou aponte DATA_DIR para outro disco e inicie novamente.`;
}

/** Free bytes for unprivileged users on the file system holding `dir` (or its nearest existing parent). */
function freeBytesUnder(dir: string): number | null {
  for (let d = dir; ; d = resolve(d, '..')) {
    try {
      const s = statfsSync(d);
      return s.bavail * s.bsize;
    } catch {
      if (d === resolve(d, '..')) return null;
    }
  }
}
