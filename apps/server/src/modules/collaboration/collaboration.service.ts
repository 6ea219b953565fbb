import type { FastifyRequest } from 'fastify';
import {
  COLLABORATION_MESSAGES,
  type CollaboratorsResponse,
  type Comment,
  type CommentsResponse,
  type SharedAnalysesResponse,
} from '@viabiliza/contracts/collaboration';
import { ANALYSIS_MESSAGES } from '@viabiliza/contracts/analysis';
import { DEMO_SANDBOX_MESSAGES } from '@viabiliza/contracts/auth';
import { ACCOUNT_MAIL_MESSAGES } from '@viabiliza/contracts/account-mail';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import * as repo from './collaboration.repository.ts';

const notFound = () => new AppError('NOT_FOUND', ANALYSIS_MESSAGES.notFound);

/** Owner or collaborator; anyone else gets the same 404 as for an analysis that does not exist. */
export async function requireReader(ctx: AppContext, userId: string, analysisId: string): Promise<repo.AnalysisAccessRow> {
  const access = await repo.findAccess(ctx.db, userId, analysisId);
  if (!access) throw notFound();
  return access;
}

/** Only the owner changes who can see an analysis; a collaborator is told so (403), a stranger sees 404. */
export async function requireOwner(ctx: AppContext, userId: string, analysisId: string): Promise<repo.AnalysisAccessRow> {
  const access = await requireReader(ctx, userId, analysisId);
  if (access.ownerId !== userId) throw new AppError('FORBIDDEN', COLLABORATION_MESSAGES.onlyOwner);
  return access;
}

export async function listCollaborators(ctx: AppContext, userId: string, analysisId: string): Promise<CollaboratorsResponse> {
  const access = await requireReader(ctx, userId, analysisId);
  const [owner, rows] = await Promise.all([repo.findUserById(ctx.db, access.ownerId), repo.listCollaborators(ctx.db, analysisId)]);
  return {
    access: access.ownerId === userId ? 'owner' : 'collaborator',
    owner: { userId: access.ownerId, name: owner?.name ?? '', email: owner?.email ?? '' },
    collaborators: rows.map((r) => ({ userId: r.userId, name: r.name, email: r.email, addedAt: r.addedAt.toISOString() })),
  };
}

export async function share(ctx: AppContext, request: FastifyRequest, owner: { id: string; fullName: string; isDemo?: boolean; emailVerified?: boolean }, analysisId: string, email: string) {
  // A demo sandbox is anonymous and made in one click: sharing from it would let anyone notify any
  // registered person (and learn which e-mails are registered). Nothing a visitor does leaves it.
  if (owner.isDemo) throw new AppError('FORBIDDEN', DEMO_SANDBOX_MESSAGES.notInDemo);
  const access = await requireOwner(ctx, owner.id, analysisId);
  // The invitee is notified in the owner's name: that name must belong to an address someone
  // has proved to hold (modules/account-mail). Checked after ownership, so others still get 404.
  if (!owner.emailVerified) throw new AppError('FORBIDDEN', ACCOUNT_MAIL_MESSAGES.verifyBeforeSharing);
  const invitee = await repo.findUserByEmail(ctx.db, email);
  if (!invitee) throw new AppError('VALIDATION', COLLABORATION_MESSAGES.userNotFound);
  if (invitee.id === owner.id) throw new AppError('VALIDATION', COLLABORATION_MESSAGES.self);
  const added = await repo.insertCollaborator(ctx.db, { analysisId, userId: invitee.id, addedBy: owner.id });
  if (!added) throw new AppError('CONFLICT', COLLABORATION_MESSAGES.alreadyShared);
  await audit(ctx.db, request.log, {
    userId: owner.id,
    action: 'analysis_shared',
    resource: `analysis:${analysisId}`,
    success: true,
    details: { collaboratorId: invitee.id },
    ...requestMeta(request),
  });
  await createNotification(ctx, {
    userId: invitee.id,
    title: COLLABORATION_MESSAGES.notificationTitle,
    message: COLLABORATION_MESSAGES.notificationMessage(owner.fullName, access.propertyTitle),
    type: 'info',
    data: { analysisId, link: `/dashboard/analysis/${analysisId}` },
  });
  return listCollaborators(ctx, owner.id, analysisId);
}

export async function unshare(ctx: AppContext, request: FastifyRequest, ownerId: string, analysisId: string, collaboratorId: string) {
  await requireOwner(ctx, ownerId, analysisId);
  if (!(await repo.deleteCollaborator(ctx.db, analysisId, collaboratorId))) throw new AppError('NOT_FOUND');
  await audit(ctx.db, request.log, {
    userId: ownerId,
    action: 'analysis_unshared',
    resource: `analysis:${analysisId}`,
    success: true,
    details: { collaboratorId },
    ...requestMeta(request),
  });
}

export async function listComments(ctx: AppContext, userId: string, analysisId: string): Promise<CommentsResponse> {
  await requireReader(ctx, userId, analysisId);
  const rows = await repo.listComments(ctx.db, analysisId);
  return { comments: rows.map((r) => toComment(r, userId)) };
}

export async function addComment(ctx: AppContext, userId: string, analysisId: string, body: string): Promise<Comment> {
  await requireReader(ctx, userId, analysisId);
  const row = await repo.insertComment(ctx.db, { analysisId, userId, body });
  const author = await repo.findUserById(ctx.db, userId);
  return toComment({ ...row, userId, name: author?.name ?? '' }, userId);
}

function toComment(r: { id: string; body: string; createdAt: Date; userId: string; name: string }, viewerId: string): Comment {
  return { id: r.id, body: r.body, createdAt: r.createdAt.toISOString(), author: { userId: r.userId, name: r.name }, mine: r.userId === viewerId };
}

export async function sharedWithMe(ctx: AppContext, userId: string): Promise<SharedAnalysesResponse> {
  const rows = await repo.listSharedWith(ctx.db, userId);
  return {
    items: rows.map((r) => ({
      id: r.id,
      analysisType: r.analysisType,
      createdAt: r.createdAt.toISOString(),
      sharedAt: r.sharedAt.toISOString(),
      property: { title: r.title, city: r.city, state: r.state },
      owner: { name: r.ownerName },
    })),
  };
}
