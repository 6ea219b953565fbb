/**
 * The session query is shared by every feature (auth pages, notifications, profile, admin) and by the
 * layout, so it lives here rather than in features/auth: features may not import one another.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '@viabiliza/contracts/auth';

import { api } from '@/lib/api-client';

export const SESSION_QUERY_KEY = ['session'] as const;

export function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<SessionResponse> {
  // Every page asks for the session at start: its schema (and zod) load beside the request instead
  // of in the first chunk.
  return api.get('/api/auth/session', { signal, schema: () => import('@viabiliza/contracts/auth').then((m) => m.sessionResponse) });
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getSession({ signal }),
  });
}

export interface SessionState {
  user: SessionUser | null;
  isLoading: boolean;
  isAdmin: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** Role defaults to 'user' while loading or on error (spec 01 §4). */
export function useSession(): SessionState {
  const query = useQuery(getSessionQueryOptions());
  const user = query.data?.user ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAdmin: user?.role === 'admin',
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}

/**
 * After a sign-in, sign-up or sign-out: store the new session at once, drop every other cached query
 * (they belonged to the previous user) and refetch the session from the server.
 */
export function replaceSession(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** Initial of the avatar: first letter of the e-mail, upper-cased, or 'U' (spec 01 §2). */
export function avatarInitial(user: Pick<SessionUser, 'email'> | null | undefined): string {
  const first = user?.email?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

/** Greeting name: full name, else e-mail (spec 01 §2 'Dashboard'). */
export function displayName(user: Pick<SessionUser, 'email' | 'fullName'>): string {
  return user.fullName?.trim() || user.email;
}
