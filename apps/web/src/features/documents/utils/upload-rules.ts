import { ACCEPTED_EXTENSIONS, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@viabiliza/contracts/documents';
import type { Accept } from 'react-dropzone';

/** MIME types the file picker offers beside the extensions; the server decides the real type by content. */
const MIME_BY_EXTENSION: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.txt': 'text/plain',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

/** The drop zone's `accept`: every extension of ACCEPTED_EXTENSIONS under its MIME type. */
export const DROPZONE_ACCEPT: Accept = ACCEPTED_EXTENSIONS.reduce<Record<string, string[]>>((accept, ext) => {
  const mime = MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
  (accept[mime] ??= []).push(ext);
  return accept;
}, {});

/** '.pdf' for 'Escritura.PDF'; '' without an extension. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp', '.tif', '.tiff']);
const SPREADSHEET_EXTENSIONS = new Set(['.xlsx', '.xls']);
const TEXT_EXTENSIONS = new Set(['.pdf', '.docx', '.doc', '.txt']);

export type FileFamily = 'text' | 'spreadsheet' | 'image' | 'other';

/** Which icon a file gets in the lists. */
export function fileFamily(name: string): FileFamily {
  const ext = fileExtension(name);
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (SPREADSHEET_EXTENSIONS.has(ext)) return 'spreadsheet';
  if (TEXT_EXTENSIONS.has(ext)) return 'text';
  return 'other';
}

/** The kind `estimatedSeconds` expects, guessed from the name until the server has read the bytes. */
export function estimateKind(name: string): string {
  const ext = fileExtension(name);
  if (ext === '.pdf') return 'pdf';
  if (ext === '.jpg' || ext === '.jpeg') return 'jpeg';
  if (ext === '.tif' || ext === '.tiff') return 'tiff';
  if (IMAGE_EXTENSIONS.has(ext)) return ext.slice(1);
  return ext.slice(1) || 'other';
}

export interface LocalRejection {
  fileName: string;
  reason: string;
}

export interface FileCheck<F> {
  /** More than UPLOAD_LIMITS.maxFiles: nothing is sent (the server refuses the whole batch too). */
  tooMany: boolean;
  good: F[];
  rejected: LocalRejection[];
}

/**
 * Comfort checks before sending (spec 01 §5 'File schema'); the server checks everything again.
 * A bad file never holds back the good ones of the same batch.
 */
export function checkFiles<F extends { name: string; size: number }>(
  files: readonly F[],
  typeRejected: readonly F[] = [],
): FileCheck<F> {
  if (files.length + typeRejected.length > UPLOAD_LIMITS.maxFiles) return { tooMany: true, good: [], rejected: [] };
  const rejected: LocalRejection[] = typeRejected.map((file) => ({
    fileName: file.name,
    reason: UPLOAD_MESSAGES.typeNotAllowed,
  }));
  const good: F[] = [];
  for (const file of files) {
    if (file.size === 0) rejected.push({ fileName: file.name, reason: UPLOAD_MESSAGES.empty });
    else if (file.size > UPLOAD_LIMITS.maxFileBytes) rejected.push({ fileName: file.name, reason: UPLOAD_MESSAGES.tooLarge });
    else good.push(file);
  }
  return { tooMany: false, good, rejected };
}
