import { z } from 'zod';
import type { FigureUnit } from './analysis-result.ts';

/**
 * The analysis history (spec 01 §2 'History', 'Analysis detail'; §7 'Properties, documents,
 * analyses'): the paged, filtered list of GET /api/analyses and a property's analyses over time
 * (GET /api/properties/:id/analyses) with the figures compared side by side.
 */

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;
/** Spec 01 §9 'Dashboard: preview 200 characters'. */
export const PREVIEW_CHARS = 200;
/** The select's 'all' value, shown as 'Todos'. */
export const ALL_FILTER = 'all';

export const HISTORY_MESSAGES = {
  title: 'Histórico de Análises',
  loadError: 'Erro ao carregar histórico de análises',
  unexpectedError: 'Erro inesperado ao carregar histórico',
  analysisLoadError: 'Erro ao carregar análise',
  analysisUnexpectedError: 'Erro inesperado ao carregar análise',
  analysisNotFound: 'Análise não encontrada',
  /** Variant B (/analysis/:id). */
  analysisNotFoundOrForbidden: 'A análise solicitada não foi encontrada ou você não tem permissão para visualizá-la.',
  propertyNotFound: 'Propriedade não encontrada',
  firstAnalysis: 'Fazer Primeira Análise',
  noProvider: 'Não especificado',
} as const;

/** An optional filter: empty or 'all' means no filter. */
const filterValue = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((v) => (v && v !== ALL_FILTER ? v : undefined));

export const historyQuery = z.object({
  /** Text over property title, city and analysis type (label or code), case- and accent-insensitive. */
  q: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v?.trim() || undefined),
  type: filterValue,
  provider: filterValue,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(HISTORY_MAX_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.input<typeof historyQuery>;
export type HistoryFilters = z.output<typeof historyQuery>;

const propertySummary = z.object({
  id: z.uuid(),
  title: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});

/** One row of the history: what the list shows, never the whole report. */
export const analysisListItem = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  property: propertySummary,
  analysisType: z.string(),
  providerUsed: z.string().nullable(),
  /** 'Motor Viabiliza', 'Gemini', …; null when no provider was recorded ('Não especificado'). */
  providerName: z.string().nullable(),
  tokensUsed: z.number().int().nullable(),
  confidenceScore: z.number().nullable(),
  viabilityScore: z.number().nullable(),
  /** The viability score's band from the engine: alta | moderada | baixa. */
  scoreBand: z.string().nullable(),
  completeness: z.number().nullable(),
  createdAt: z.string(),
  /** At most PREVIEW_CHARS characters of the report as plain text. */
  preview: z.string().max(PREVIEW_CHARS),
});
export type AnalysisListItem = z.infer<typeof analysisListItem>;

export const historyResponse = z.object({
  items: z.array(analysisListItem),
  /** Rows matching the filters, over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Distinct providers of this user's analyses (for the provider select), whatever the filters. */
  providers: z.array(z.string()),
  /** Distinct analysis types of this user's analyses (for the type select). */
  types: z.array(z.string()),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

// ------------------------------------------------------------------------------------------------
// A property's analyses over time

/** The figures compared between two analyses, taken from the engine's result. */
export const KEY_FIGURE_IDS = ['price', 'irr', 'npv', 'grossYield', 'vgv', 'margin', 'marketDeviation'] as const;
export type KeyFigureId = (typeof KEY_FIGURE_IDS)[number];

export interface KeyFigureInfo {
  id: KeyFigureId;
  label: string;
  unit: FigureUnit;
  /** Which way is better for the person analysing: a delta that way is shown green. */
  better: 'higher' | 'lower' | 'neutral';
}

export const KEY_FIGURES: readonly KeyFigureInfo[] = [
  { id: 'price', label: 'Valor do imóvel', unit: 'BRL', better: 'neutral' },
  { id: 'irr', label: 'TIR anual', unit: 'fraction', better: 'higher' },
  { id: 'npv', label: 'VPL', unit: 'BRL', better: 'higher' },
  { id: 'grossYield', label: 'Yield bruto', unit: 'fraction', better: 'higher' },
  { id: 'vgv', label: 'VGV', unit: 'BRL', better: 'higher' },
  { id: 'margin', label: 'Margem sobre VGV', unit: 'fraction', better: 'higher' },
  // Asked price above the market reference is worse for whoever buys.
  { id: 'marketDeviation', label: 'Desvio do preço frente ao mercado', unit: 'fraction', better: 'lower' },
];

export const keyFigures = z.object(
  Object.fromEntries(KEY_FIGURE_IDS.map((id) => [id, z.number().nullable()])) as Record<KeyFigureId, z.ZodNullable<z.ZodNumber>>,
);
export type KeyFigures = z.infer<typeof keyFigures>;

export const propertyAnalysisItem = analysisListItem.extend({ figures: keyFigures });
export type PropertyAnalysisItem = z.infer<typeof propertyAnalysisItem>;

export const propertyHistoryResponse = z.object({
  property: propertySummary.extend({ status: z.string(), createdAt: z.string() }),
  /** Newest first. */
  analyses: z.array(propertyAnalysisItem),
});
export type PropertyHistoryResponse = z.infer<typeof propertyHistoryResponse>;

// ------------------------------------------------------------------------------------------------
// Text helpers shared by the server (search, preview) and the browser

/**
 * The accent map of the search, the same in SQL (`translate`) and here: `unaccent` is not available
 * on every PostgreSQL, and `lower()` leaves non-ASCII letters alone under the C locale, so accented
 * capitals are mapped too before lowering.
 */
export const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
export const UNACCENTED = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';

const ACCENT_MAP = new Map([...ACCENTED].map((c, i) => [c, UNACCENTED[i]!]));

/** Lower-case, accents removed with the fixed map: 'São Paulo' → 'sao paulo'. */
export function foldText(text: string): string {
  let out = '';
  for (const c of text.normalize('NFC')) out += ACCENT_MAP.get(c) ?? c;
  return out.toLowerCase();
}

/**
 * A table row's cells joined by ' · ', each '|' taking the spaces around it, as a global replace of
 * '\s*\|\s*' did, without rescanning a long run of spaces from each of its characters (quadratic).
 */
function joinCells(row: string): string {
  const cells = row.split('|');
  if (cells.length === 1) return row;
  const last = cells.length - 1;
  return cells.map((c, i) => (i === 0 ? c.trimEnd() : i === last ? c.trimStart() : c.trim())).join(' · ');
}

/** Markdown reduced to its words, on one line: headings, emphasis, links, lists and tables unwrapped. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      // Table separator rows carry nothing; other rows keep their cells' text.
      if (/^\|?\s*:?-{2,}/.test(trimmed) && /^[\s|:-]+$/.test(trimmed)) return '';
      const row = trimmed
        .replace(/^#{1,6}\s+/, '')
        .replace(/^>\s?/, '')
        .replace(/^([-*+]|\d+[.)])\s+/, '')
        .replace(/^\|/, '')
        .replace(/\|$/, '');
      return joinCells(row);
    })
    .join(' ')
    // Link text holds no bracket and a link target no parenthesis: each '[' or '<' then scans only to
    // the next bracket, so a long run of '[', '](' or '<' is read in linear time, not quadratic.
    .replace(/!\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first PREVIEW_CHARS characters of the report as plain text, with '…' when cut. The report's
 * opening title ('{type} - {property}') is left out: wherever a preview shows, type and property
 * are already beside it.
 */
export function previewText(markdown: string | null | undefined, max = PREVIEW_CHARS): string {
  const plain = markdownToPlainText((markdown ?? '').replace(/^\s*#\s[^\n]*(\n|$)/, ''));
  if (plain.length <= max) return plain;
  return `${plain.slice(0, max - 1).trimEnd()}…`;
}

/** Spec 01 §5 'Confidence bands': at least 80 green, 60 to 79 yellow, below 60 red. */
export function confidenceBand(score: number): { label: string; tone: 'success' | 'warning' | 'destructive' } {
  if (score >= 80) return { label: 'Alta Confiança', tone: 'success' };
  if (score >= 60) return { label: 'Confiança Moderada', tone: 'warning' };
  return { label: 'Baixa Confiança', tone: 'destructive' };
}
