import { z } from 'zod';

import { LIEN_TYPES, type LienType } from './document-types.ts';
import { UPLOAD_LIMITS } from './upload-limits.ts';
import { documentAuthenticity } from './authenticity.ts';

export { UPLOAD_LIMITS } from './upload-limits.ts';

export const UPLOAD_MESSAGES = {
  loginRequired: 'Você precisa estar logado para fazer upload de arquivos',
  tooLarge: 'Arquivo muito grande (máximo 10MB)',
  empty: 'Arquivo não pode estar vazio',
  typeNotAllowed: 'Tipo de arquivo não permitido',
  tooManyFiles: `Muitos arquivos. Máximo permitido: ${UPLOAD_LIMITS.maxFiles}`,
  batchTooLarge: 'Tamanho total do envio excede o limite: 200.0MB',
  noFiles: 'Nenhum arquivo válido para processar',
  quarantined: (n: number) => `${n} arquivo(s) em quarentena devido a problemas de segurança`,
  warnings: (list: string[]) => `Avisos: ${list.join('; ')}`,
  afterRetries: (reason: string) => `Erro após 3 tentativas: ${reason}`,
  interrupted: 'A leitura do arquivo foi interrompida por reinicializações do servidor. Envie o arquivo novamente.',
  retryOnlyFailed: 'Só um documento com erro pode ser processado novamente',
} as const;

/** Extensions the drop zone offers (spec 01 §2); the server decides by content. */
export const ACCEPTED_EXTENSIONS = ['.pdf', '.docx', '.doc', '.xlsx', '.xls', '.txt', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp', '.tif', '.tiff'];

export const documentStatus = z.enum(['uploaded', 'processing', 'completed', 'error', 'quarantined']);
export type DocumentStatus = z.infer<typeof documentStatus>;

/** Spec 01 §2 'Upload area' badges. */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  uploaded: 'Aguardando',
  processing: 'Processando',
  completed: 'Concluído',
  error: 'Erro',
  quarantined: 'Quarentena',
};

export const keyField = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string(),
  normalized: z.union([z.number(), z.string()]).nullable(),
  page: z.number().int(),
  confidence: z.number(),
  /** On an 'onus' field: the registry act behind the lien and whether a later act cancelled it. */
  lien: z
    .object({ type: z.enum(Object.keys(LIEN_TYPES) as [LienType, ...LienType[]]), act: z.string().nullable(), active: z.boolean(), cancelledBy: z.string().nullable() })
    .optional(),
});
export type KeyFieldDto = z.infer<typeof keyField>;

export const documentSummary = z.object({
  id: z.uuid(),
  propertyId: z.uuid().nullable(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  status: documentStatus,
  errorMessage: z.string().nullable(),
  quarantineReason: z.string().nullable(),
  warnings: z.array(z.string()),
  pageCount: z.number().int().nullable(),
  pagesDone: z.number().int(),
  /** While processing: 'text' (reading the text layer) or 'ocr'; null otherwise or not known yet. */
  progressPhase: z.enum(['text', 'ocr']).nullable(),
  /** While in OCR: the page being read (1-based). */
  progressPage: z.number().int().nullable(),
  /** While in OCR: OCR pages left × the time per page measured so far; null before the first page ends. */
  etaSeconds: z.number().int().nullable(),
  attempts: z.number().int(),
  /** Spec 01 §9: PDF 2 s/MB up to 30, image 3 s/MB up to 45, other 1 s/MB up to 10. */
  estimatedSeconds: z.number(),
  documentType: z.string().nullable(),
  documentTypeLabel: z.string().nullable(),
  typeConfidence: z.number().nullable(),
  /** Mean OCR confidence over OCR'd pages, or 100 for a text layer; null until extracted. */
  confidence: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

/** `authenticity` is null until the document is read (and for documents read before it existed). */
export const documentDetail = documentSummary.extend({ keyFields: z.array(keyField), authenticity: documentAuthenticity.nullable() });
export type DocumentDetail = z.infer<typeof documentDetail>;

export const documentPage = z.object({
  number: z.number().int(),
  text: z.string(),
  method: z.enum(['text', 'ocr']),
  confidence: z.number().nullable(),
});
export const documentPages = z.object({ pages: z.array(documentPage) });
export type DocumentPage = z.infer<typeof documentPage>;

export const rejectedUpload = z.object({ fileName: z.string(), size: z.number(), error: z.string() });
export const uploadResponse = z.object({
  documents: z.array(documentSummary),
  rejected: z.array(rejectedUpload),
  quarantinedCount: z.number().int(),
  /** 'Avisos: ...' lines, one per file with warnings. */
  warnings: z.array(z.string()),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const documentList = z.object({ documents: z.array(documentSummary) });
export const documentIdParams = z.object({ id: z.uuid({ error: 'Documento inválido' }) });
export const documentListQuery = z.object({ propertyId: z.uuid().optional() });

/** Seconds left by the measured OCR speed: pages left × ms per page, rounded up; null until measured. */
export function ocrEtaSeconds(progress: { ocrPagesLeft?: number; msPerOcrPage?: number | null } | null | undefined): number | null {
  if (!progress || progress.ocrPagesLeft === undefined || progress.msPerOcrPage == null) return null;
  return Math.ceil((Math.max(0, progress.ocrPagesLeft) * progress.msPerOcrPage) / 1000);
}

export function estimatedSeconds(kind: string, bytes: number): number {
  const mb = bytes / (1024 * 1024);
  if (kind === 'pdf') return Math.min(30, Math.ceil(mb * 2));
  if (['png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff'].includes(kind)) return Math.min(45, Math.ceil(mb * 3));
  return Math.min(10, Math.ceil(mb));
}
