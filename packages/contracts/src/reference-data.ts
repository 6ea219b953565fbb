import { z } from 'zod';
import { referenceCadenceSchema } from './result/reference.ts';

/**
 * Admin page 'Dados de referência' (issue 17): every reference row the engine may use (shipped
 * with it, refreshed from Banco Central's SGS, imported by an administrator), the SGS refresh
 * status, and table imports from CSV/XLSX with a preview before anything is stored.
 */

export const REFERENCE_ORIGINS = ['shipped', 'sgs', 'import'] as const;
export const REFERENCE_ORIGIN_LABELS: Record<(typeof REFERENCE_ORIGINS)[number], string> = {
  shipped: 'Base do sistema',
  sgs: 'Banco Central (SGS)',
  import: 'Importado',
};

export const referenceRowView = z.object({
  id: z.string(),
  series: z.string(),
  label: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  propertyType: z.string().nullable(),
  value: z.number(),
  unit: z.string(),
  asOf: z.string(),
  source: z.string(),
  cadence: referenceCadenceSchema,
  uncertain: z.boolean(),
  note: z.string().nullable(),
  origin: z.enum(REFERENCE_ORIGINS),
  /** Older than twice its cadence today ('desatualizado'). */
  stale: z.boolean(),
  /** Newest row of its series + place + type today (the one an analysis uses now). */
  current: z.boolean(),
});
export type ReferenceRowView = z.infer<typeof referenceRowView>;

export const sgsStatus = z.object({
  /** false: SGS_BASE_URL unset or 'off' (no refresh; shipped rows only). */
  enabled: z.boolean(),
  baseUrl: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** ok | partial | failed, null before any run. */
  lastStatus: z.enum(['ok', 'partial', 'failed']).nullable(),
  rowsAdded: z.number().int().nullable(),
  /** Portuguese text shown on the page ('Banco Central indisponível: …'). */
  message: z.string().nullable(),
});
export type SgsStatus = z.infer<typeof sgsStatus>;

export const referenceDataList = z.object({
  rows: z.array(referenceRowView),
  sgs: sgsStatus,
  /** Analysis date the staleness was measured at (YYYY-MM-DD). */
  today: z.string(),
});
export type ReferenceDataList = z.infer<typeof referenceDataList>;

export const REFERENCE_IMPORT_KINDS = ['fipezap', 'cub', 'itbi', 'tesouro'] as const;
export type ReferenceImportKind = (typeof REFERENCE_IMPORT_KINDS)[number];
export const REFERENCE_IMPORT_KIND_LABELS: Record<ReferenceImportKind, string> = {
  fipezap: 'FipeZAP por cidade (venda e aluguel R$/m²)',
  cub: 'CUB por estado (R$/m²)',
  itbi: 'ITBI por cidade',
  tesouro: 'Tesouro IPCA+ longo (juros reais, a TMA de locação)',
};
/** The columns each kind expects, in order (a header row with these names is optional). */
export const REFERENCE_IMPORT_COLUMNS: Record<ReferenceImportKind, string[]> = {
  fipezap: ['cidade', 'UF', 'venda R$/m²', 'aluguel R$/m²', 'data', 'fonte', 'tipo de imóvel'],
  cub: ['UF', 'R$/m²', 'data', 'fonte'],
  itbi: ['cidade', 'UF', 'alíquota (%)', 'alíquota financiada (%)', 'teto financiado R$', 'lei', 'data', 'fonte'],
  tesouro: ['título', 'taxa real (% a.a.)', 'data', 'fonte'],
};

/** Largest file accepted (bytes, before base64). */
export const REFERENCE_IMPORT_MAX_BYTES = 512 * 1024;
export const REFERENCE_IMPORT_MAX_ROWS = 2000;

export const referenceImportInput = z.object({
  kind: z.enum(REFERENCE_IMPORT_KINDS),
  fileName: z.string().min(1).max(200),
  /** The file's bytes in base64 (CSV or XLSX). */
  contentBase64: z.string().min(1).max(Math.ceil((REFERENCE_IMPORT_MAX_BYTES * 4) / 3) + 8),
});
export type ReferenceImportInput = z.infer<typeof referenceImportInput>;

export const referenceImportPreviewRow = z.object({
  /** Line in the file (1-based, header counted). */
  line: z.number().int(),
  cells: z.array(z.string()),
  errors: z.array(z.string()),
  /** The rows it becomes (label, value, date) when valid. */
  produces: z.array(z.object({ series: z.string(), label: z.string(), value: z.number(), unit: z.string(), asOf: z.string() })),
});
export const referenceImportPreview = z.object({
  kind: z.enum(REFERENCE_IMPORT_KINDS),
  columns: z.array(z.string()),
  rows: z.array(referenceImportPreviewRow),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** A problem with the whole file (empty, unreadable, too many rows). */
  fileError: z.string().nullable(),
});
export type ReferenceImportPreview = z.infer<typeof referenceImportPreview>;

export const referenceImportResult = z.object({
  importId: z.string(),
  rowsAdded: z.number().int(),
  rowsSkipped: z.number().int(),
});
export type ReferenceImportResult = z.infer<typeof referenceImportResult>;
