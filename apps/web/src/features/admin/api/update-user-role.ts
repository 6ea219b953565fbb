import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserList, UpdateUserRoleResponse } from '@viabiliza/contracts/admin-users';
import { updateUserRoleResponse } from '@viabiliza/contracts/admin-users';
import type { Role } from '@viabiliza/contracts/auth';

import { ADMIN_USERS_QUERY_KEY } from '@/features/admin/api/get-admin-users';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function updateUserRole({ userId, role }: { userId: string; role: Role }): Promise<UpdateUserRoleResponse> {
  return api.post(`/api/admin/users/${encodeURIComponent(userId)}/role`, { role }, { schema: updateUserRoleResponse });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    // Admin calls have a tight budget (3/min): one attempt only.
    retry: false,
    onSuccess: ({ id, role }) => {
      queryClient.setQueryData<AdminUserList>(ADMIN_USERS_QUERY_KEY, (list) =>
        list ? { users: list.users.map((u) => (u.id === id ? { ...u, role } : u)) } : list,
      );
      toast.success('Papel atualizado');
    },
  });
}
