import { ALL_FILTER, HISTORY_PAGE_SIZE, historyQuery, type HistoryFilters } from '@viabiliza/contracts/history';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface HistoryFilterValues {
  q: string;
  /** 'all' or a type code. */
  type: string;
  /** 'all' or a provider id. */
  provider: string;
  page: number;
}

/**
 * The history's filters live in the URL (?q=&type=&provider=&page=): a reload, a shared link or the
 * back button shows the same list. Defaults are left out of the URL.
 */
export function useHistoryFilters() {
  const [params, setParams] = useSearchParams();

  const values = useMemo<HistoryFilterValues>(() => {
    const page = Number(params.get('page'));
    return {
      q: params.get('q') ?? '',
      type: params.get('type') || ALL_FILTER,
      provider: params.get('provider') || ALL_FILTER,
      page: Number.isInteger(page) && page >= 1 ? page : 1,
    };
  }, [params]);

  // What the server is asked for, through the same contract it validates with.
  const filters = useMemo<HistoryFilters>(() => {
    const parsed = historyQuery.safeParse({ ...values, pageSize: HISTORY_PAGE_SIZE });
    return parsed.success ? parsed.data : historyQuery.parse({ pageSize: HISTORY_PAGE_SIZE });
  }, [values]);

  /** Changes some filters; any change other than the page goes back to page 1. */
  const update = useCallback(
    (changes: Partial<HistoryFilterValues>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const text = String(value ?? '').trim();
            if (!text || text === ALL_FILTER || (key === 'page' && text === '1')) next.delete(key);
            else next.set(key, text);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        // Typing replaces the entry, so the back button does not undo letter by letter.
        { replace },
      );
    },
    [setParams],
  );

  const hasFilters = values.q.trim() !== '' || values.type !== ALL_FILTER || values.provider !== ALL_FILTER;
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  return { values, filters, update, clear, hasFilters };
}
