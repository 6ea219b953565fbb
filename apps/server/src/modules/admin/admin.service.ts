import type { FastifyRequest } from 'fastify';
import type { Role } from '@viabiliza/contracts/auth';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { listUsers, setUserRole } from '../auth/users.repository.ts';

export async function listAllUsers(ctx: AppContext) {
  const rows = await listUsers(ctx.db);
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    role: (u.role === 'admin' ? 'admin' : 'user') as Role,
    createdAt: u.createdAt.toISOString(),
  }));
}

export async function changeRole(ctx: AppContext, request: FastifyRequest, actorId: string, userId: string, role: Role) {
  if (actorId === userId && role !== 'admin') {
    throw new AppError('VALIDATION', 'Você não pode remover o seu próprio papel de administrador.');
  }
  const row = await setUserRole(ctx.db, userId, role);
  await audit(ctx.db, request.log, {
    userId: actorId,
    action: role === 'admin' ? 'role_grant' : 'role_revoke',
    resource: 'user',
    success: Boolean(row),
    details: { targetUserId: userId, role },
    ...requestMeta(request),
  });
  if (!row) throw notFound();
  return { id: row.id, role: (row.role === 'admin' ? 'admin' : 'user') as Role };
}
