import { PROPERTY_MESSAGES, type PropertyDetail, type UpdatePropertyBody } from '@viabiliza/contracts/properties';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
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
