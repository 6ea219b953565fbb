import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserList, type AdminUserList } from '@viabiliza/contracts/admin-users';

import { api } from '@/lib/api-client';

export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

export function getAdminUsers({ signal }: { signal?: AbortSignal } = {}): Promise<AdminUserList> {
  return api.get('/api/admin/users', { signal, schema: adminUserList });
}

export function getAdminUsersQueryOptions() {
  return queryOptions({ queryKey: ADMIN_USERS_QUERY_KEY, queryFn: ({ signal }) => getAdminUsers({ signal }) });
}

export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions());
}
