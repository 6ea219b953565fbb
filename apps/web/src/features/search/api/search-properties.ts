import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_STALE_MS, searchResponse, type SearchResponse } from '@viabiliza/contracts/search';

import { api } from '@/lib/api-client';

export const SEARCH_QUERY_KEY = ['search'] as const;

/** GET /api/search?q=: the signed-in user's properties by title or address (at most 5, accent-insensitive). */
export function searchProperties(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<SearchResponse> {
  return api.get(`/api/search?q=${encodeURIComponent(q)}`, { signal, schema: searchResponse });
}

export function searchPropertiesQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...SEARCH_QUERY_KEY, 'properties', q] as const,
    queryFn: ({ signal }) => searchProperties(q, { signal }),
    // Spec 01 §9 'Search cache fresh 30 s'.
    staleTime: SEARCH_STALE_MS,
    // A failed search leaves the fixed pages usable; typing again retries.
    retry: false,
  });
}

/**
 * Spec 01 §5: the search runs only when the trimmed text is non-empty and someone is signed in.
 * `text` is expected debounced.
 */
export function useSearchProperties(text: string, { signedIn }: { signedIn: boolean }) {
  const q = text.trim();
  return useQuery({ ...searchPropertiesQueryOptions(q), enabled: signedIn && q.length > 0 });
}
