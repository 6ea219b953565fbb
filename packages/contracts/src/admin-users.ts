import { z } from 'zod';

import { roleSchema } from './auth.ts';

/** GET /api/admin/users and POST /api/admin/users/{id}/role (admin only; the server checks the role). */
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserList = z.object({ users: z.array(adminUser) });
export type AdminUserList = z.infer<typeof adminUserList>;

export const updateUserRoleInput = z.object({ role: roleSchema });
export type UpdateUserRoleInput = z.infer<typeof updateUserRoleInput>;

export const updateUserRoleResponse = z.object({ id: z.string(), role: roleSchema });
export type UpdateUserRoleResponse = z.infer<typeof updateUserRoleResponse>;

/** The server refuses an admin removing their own role; the web app disables that button with this text. */
export const SELF_ROLE_CHANGE_MESSAGE = 'Você não pode remover o seu próprio papel de administrador.';
