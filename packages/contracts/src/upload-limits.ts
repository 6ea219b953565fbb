/**
 * Upload limits without zod, for the public pages that state them; documents.ts re-exports them.
 */

/** Spec 01 §9 'Files' and the documents issue: limits enforced by the server. */
export const UPLOAD_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 20,
  maxBatchBytes: 200 * 1024 * 1024,
  /** The spec's 50 pages was a browser-era limit; the server reads up to this many. */
  maxPdfPages: 200,
  minTextChars: 10,
} as const;
