import type { FastifyRequest } from 'fastify';
import type { Role } from '@viabiliza/contracts/auth';
import { SELF_ROLE_CHANGE_MESSAGE } from '@viabiliza/contracts/admin-users';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { listUsers, setUserRole } from '../auth/users.repository.ts';
import { createNotification } from '../notifications/notifications.service.ts';

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
    throw new AppError('VALIDATION', SELF_ROLE_CHANGE_MESSAGE);
  }
  const row = await setUserRole(ctx.db, userId, role);
  // Before the audit row is published: a demoted admin's streams end before it could reach them.
  if (row) await ctx.events.userChanged(userId);
  await audit(ctx.db, request.log, {
    userId: actorId,
    action: role === 'admin' ? 'role_grant' : 'role_revoke',
    resource: 'user',
    success: Boolean(row),
    details: { targetUserId: userId, role },
    ...requestMeta(request),
  });
  if (!row) throw notFound();
  await createNotification(ctx, {
    userId,
    title: 'Papel atualizado',
    message: role === 'admin' ? 'Você agora é administrador do Viabiliza.' : 'Seu acesso de administrador foi removido.',
    type: 'info',
    data: { role },
  });
  return { id: row.id, role: (row.role === 'admin' ? 'admin' : 'user') as Role };
}
