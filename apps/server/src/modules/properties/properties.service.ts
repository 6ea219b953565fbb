import type { FastifyRequest } from 'fastify';
import {
  PROPERTY_MESSAGES,
  type MoveDocumentResponse,
  type PropertyDetail,
  type PropertyList,
  type UpdatePropertyBody,
} from '@viabiliza/contracts/properties';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import * as repo from './properties.repository.ts';

function toDetail(row: NonNullable<repo.PropertyRow>): PropertyDetail {
  return {
    ...row,
    questionnaire: row.questionnaire && typeof row.questionnaire === 'object' && !Array.isArray(row.questionnaire) ? row.questionnaire : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/properties/:id: the property and the questionnaire a new analysis of it starts from. */
export async function getProperty(ctx: AppContext, userId: string, id: string): Promise<PropertyDetail> {
  const row = await repo.findPropertyDetail(ctx.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', PROPERTY_MESSAGES.notFound);
  return toDetail(row);
}

/** PATCH /api/properties/:id: only the owner renames; anyone else gets the same 404 as a missing id. */
export async function updateProperty(ctx: AppContext, userId: string, id: string, body: Required<UpdatePropertyBody>): Promise<PropertyDetail> {
  const row = await repo.updatePropertyTitle(ctx.db, userId, id, body.title);
  if (!row) throw new AppError('NOT_FOUND', PROPERTY_MESSAGES.notFound);
  return toDetail(row);
}

/** GET /api/properties: the user's own properties only. */
export async function listProperties(ctx: AppContext, userId: string): Promise<PropertyList> {
  const rows = await repo.listPropertiesForUser(ctx.db, userId);
  return { properties: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/**
 * POST /api/properties/:id/documents: the explicit move of a document between the user's own
 * properties (a run never moves one). Another user's property or document is a 404.
 */
export async function moveDocument(ctx: AppContext, request: FastifyRequest, userId: string, propertyId: string, documentId: string): Promise<MoveDocumentResponse> {
  const moved = await repo.moveDocument(ctx.db, userId, propertyId, documentId);
  if (!moved) throw new AppError('NOT_FOUND', PROPERTY_MESSAGES.documentNotFound);
  await audit(ctx.db, request.log, {
    userId,
    action: 'document_move',
    resource: 'document',
    success: true,
    details: { documentId, fileName: moved.fileName, fromPropertyId: moved.from, toPropertyId: propertyId },
    ...requestMeta(request),
  });
  return { documentId, propertyId, fromPropertyId: moved.from, message: PROPERTY_MESSAGES.documentMoved(moved.target.title) };
}
