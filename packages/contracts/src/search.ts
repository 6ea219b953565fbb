import { z } from 'zod';

/**
 * The global search (spec 01 §2 'Global search', §5, §9): the user's properties by title or address
 * from GET /api/search?q=, beside the fixed pages the browser filters itself.
 */

/** Spec 01 §5 'Search: query 1 to 100'; §9 'Search property results up to 5'. */
export const SEARCH_LIMITS = { minQuery: 1, maxQuery: 100, maxProperties: 5 } as const;
/** Spec 01 §9 'Search cache fresh 30 s'. */
export const SEARCH_STALE_MS = 30_000;
/** Wait after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 250;

export const SEARCH_MESSAGES = {
  trigger: 'Buscar...',
  placeholder: 'Digite para buscar...',
  empty: 'Nenhum resultado encontrado.',
  group: 'Resultados',
  queryRequired: 'Digite algo para buscar',
  queryTooLong: `A busca pode ter no máximo ${SEARCH_LIMITS.maxQuery} caracteres`,
} as const;

export const searchQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.queryRequired })
    .trim()
    .min(SEARCH_LIMITS.minQuery, SEARCH_MESSAGES.queryRequired)
    .max(SEARCH_LIMITS.maxQuery, SEARCH_MESSAGES.queryTooLong),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const propertySearchResult = z.object({
  id: z.uuid(),
  title: z.string(),
  address: z.string().nullable(),
});
export type PropertySearchResult = z.infer<typeof propertySearchResult>;

export const searchResponse = z.object({
  /** Newest first, at most SEARCH_LIMITS.maxProperties. */
  properties: z.array(propertySearchResult).max(SEARCH_LIMITS.maxProperties),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** Where a property result leads: the dashboard focused on it (spec 01 §2). */
export function propertyResultHref(id: string): string {
  return `/dashboard?property=${encodeURIComponent(id)}`;
}
