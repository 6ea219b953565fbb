import { readFile } from 'node:fs/promises';
import { parseBrNumber } from '@viabiliza/contracts/questionnaire';
import { PHOTO_MEDIA_TYPES, VIEWER_LIMITS, VIEWER_MESSAGES, type Room, type RoomBody, type ViewerResponse } from '@viabiliza/contracts/viewer';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { requireReader } from '../collaboration/collaboration.service.ts';
import * as repo from './viewer.repository.ts';

const PHOTO_KINDS = Object.keys(PHOTO_MEDIA_TYPES);

const toRoom = (r: repo.RoomRow): Room => ({ id: r.id, name: r.name, areaM2: r.areaM2, position: r.position });

function usableAreaOf(questionnaire: Record<string, unknown> | null): number | null {
  const raw = questionnaire?.usableArea;
  if (typeof raw === 'number') return raw > 0 ? raw : null;
  const n = typeof raw === 'string' ? parseBrNumber(raw) : null;
  return n && n > 0 ? n : null;
}

/** What the Visualizador shows for one analysis its reader may see: the property, its rooms and photos. */
export async function viewer(ctx: AppContext, userId: string, analysisId: string): Promise<ViewerResponse> {
  const access = await requireReader(ctx, userId, analysisId);
  const property = await repo.findProperty(ctx.db, access.propertyId);
  if (!property) throw notFound();
  const [rooms, photos] = await Promise.all([repo.listRooms(ctx.db, property.id), repo.listPhotos(ctx.db, property.id, PHOTO_KINDS)]);
  return {
    canEdit: access.ownerId === userId,
    property: {
      id: property.id,
      title: property.title,
      address: property.address,
      city: property.city,
      state: property.state,
      propertyType: typeof property.questionnaire?.propertyType === 'string' ? property.questionnaire.propertyType : property.propertyType,
      usableArea: usableAreaOf(property.questionnaire),
    },
    rooms: rooms.map(toRoom),
    photos: photos.map((p) => ({ id: p.id, fileName: p.fileName, url: `/api/analyses/${analysisId}/photos/${p.id}` })),
  };
}

/** An image of the analysis's property, for its owner and collaborators. */
export async function photo(ctx: AppContext, userId: string, analysisId: string, documentId: string) {
  const access = await requireReader(ctx, userId, analysisId);
  const photos = await repo.listPhotos(ctx.db, access.propertyId, PHOTO_KINDS);
  const found = photos.find((p) => p.id === documentId);
  if (!found) throw notFound();
  const bytes: Buffer = await ctx.storage.withLocalCopy(found.storageKey, (path) => readFile(path));
  return { bytes, mediaType: PHOTO_MEDIA_TYPES[found.fileType]!, fileName: found.fileName };
}

async function ownedProperty(ctx: AppContext, userId: string, propertyId: string): Promise<string> {
  const id = await repo.findOwnedPropertyId(ctx.db, userId, propertyId);
  if (!id) throw notFound();
  return id;
}

export async function listRooms(ctx: AppContext, userId: string, propertyId: string): Promise<Room[]> {
  const id = await ownedProperty(ctx, userId, propertyId);
  return (await repo.listRooms(ctx.db, id)).map(toRoom);
}

export async function addRoom(ctx: AppContext, userId: string, propertyId: string, body: RoomBody): Promise<Room> {
  const id = await ownedProperty(ctx, userId, propertyId);
  const n = await repo.countRooms(ctx.db, id);
  if (n >= VIEWER_LIMITS.maxRooms) throw new AppError('VALIDATION', VIEWER_MESSAGES.tooManyRooms);
  return toRoom(await repo.insertRoom(ctx.db, { propertyId: id, name: body.name, areaM2: body.areaM2, position: n }));
}

export async function updateRoom(ctx: AppContext, userId: string, propertyId: string, roomId: string, body: RoomBody): Promise<Room> {
  const id = await ownedProperty(ctx, userId, propertyId);
  const row = await repo.updateRoom(ctx.db, id, roomId, body);
  if (!row) throw notFound();
  return toRoom(row);
}

export async function removeRoom(ctx: AppContext, userId: string, propertyId: string, roomId: string): Promise<void> {
  const id = await ownedProperty(ctx, userId, propertyId);
  if (!(await repo.deleteRoom(ctx.db, id, roomId))) throw notFound();
}
