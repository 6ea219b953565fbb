import { queryOptions, useQuery } from '@tanstack/react-query';
import { profile, type Profile } from '@viabiliza/contracts/profile';

import { api } from '@/lib/api-client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return api.get('/api/profile', { signal, schema: profile });
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => getProfile({ signal }) });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
