import { queryOptions, useQuery } from '@tanstack/react-query';
import { providerInfo, type ProviderInfo } from '@viabiliza/contracts/analysis';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const providersResponse = z.object({ providers: z.array(providerInfo) });

/** GET /api/ai/providers: every provider the server knows, configured or not, with its priority. */
export function getAiProviders({ signal }: { signal?: AbortSignal } = {}): Promise<{ providers: ProviderInfo[] }> {
  return api.get('/api/ai/providers', { signal, schema: providersResponse });
}

export function getAiProvidersQueryOptions() {
  return queryOptions({ queryKey: ['ai', 'providers'] as const, queryFn: ({ signal }) => getAiProviders({ signal }) });
}

export function useAiProviders() {
  return useQuery(getAiProvidersQueryOptions());
}
