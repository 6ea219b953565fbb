import { MutationCache, QueryClient } from '@tanstack/react-query';

import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * How a failed mutation is announced. By default the toast shows the error's own message;
 * `errorTitle` puts a fixed title first and the error's message (or `errorDescription`) beneath it;
 * `errorToast: false` keeps the failure silent (logged only, as the spec asks for some calls).
 */
export interface MutationMeta extends Record<string, unknown> {
  errorToast?: boolean;
  errorTitle?: string;
  errorDescription?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/** Spec 01 §9 'Data cache'. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_GC_TIME_MS = 30 * 60_000;
const QUERY_RETRIES = 3;
const MUTATION_RETRIES = 1;

function retryUnlessClientError(max: number) {
  return (failureCount: number, error: unknown) => {
    if (error instanceof ApiError && error.isClientError) return false;
    return failureCount < max;
  };
}

export function showMutationError(error: unknown, meta: MutationMeta | undefined): void {
  if (meta?.errorToast === false) {
    console.warn(error);
    return;
  }
  const message = errorMessage(error);
  if (meta?.errorTitle) {
    const description = meta.errorDescription ?? message;
    toast.error(meta.errorTitle, description !== meta.errorTitle ? { description } : undefined);
    return;
  }
  toast.error(message);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: retryUnlessClientError(QUERY_RETRIES),
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: retryUnlessClientError(MUTATION_RETRIES),
      },
    },
    // The one place mutation failures are shown (STYLE.md principle 6).
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => showMutationError(error, mutation.meta),
    }),
  });
}

export const queryClient = createQueryClient();
