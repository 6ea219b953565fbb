import { ANALYSIS_TYPES, ANALYSIS_TYPE_DESCRIPTIONS, analysisTypeLabel } from '@viabiliza/contracts/analysis-types';
import { UPLOAD_LIMITS } from '@viabiliza/contracts/upload-limits';
import { RATE_LIMITS } from '@viabiliza/contracts/rate-limits';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The limits the public pages state, read from the constants the server enforces, so the FAQ
 * cannot drift from the product.
 */
export const PRODUCT_LIMITS = {
  perFile: mb(UPLOAD_LIMITS.maxFileBytes),
  filesPerBatch: UPLOAD_LIMITS.maxFiles,
  perBatch: mb(UPLOAD_LIMITS.maxBatchBytes),
  pdfPages: UPLOAD_LIMITS.maxPdfPages,
  analysesPerMinute: RATE_LIMITS.analysis.max,
  uploadsPerMinute: RATE_LIMITS.upload.max,
  formats: 'PDF, DOCX, DOC, XLSX, TXT, PNG, JPEG, GIF, WebP, BMP e TIFF',
  ocrLanguages: 'português e inglês',
  analysisTypes: ANALYSIS_TYPES.map((t) => ({ label: analysisTypeLabel(t), description: ANALYSIS_TYPE_DESCRIPTIONS[t] })),
} as const;
