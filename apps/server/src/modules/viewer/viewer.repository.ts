import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { properties, propertyDocuments, propertyRooms } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export type RoomRow = typeof propertyRooms.$inferSelect;

export async function findProperty(db: Database, propertyId: string) {
  const [row] = await db
    .select({
      id: properties.id,
      userId: properties.userId,
      title: properties.title,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      propertyType: properties.propertyType,
      questionnaire: properties.questionnaire,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row ?? null;
}

export async function findOwnedPropertyId(db: Database, userId: string, propertyId: string): Promise<string | null> {
  const [row] = await db.select({ id: properties.id }).from(properties).where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
  return row?.id ?? null;
}

export function listRooms(db: Database, propertyId: string) {
  return db.select().from(propertyRooms).where(eq(propertyRooms.propertyId, propertyId)).orderBy(asc(propertyRooms.position), asc(propertyRooms.createdAt));
}

export async function countRooms(db: Database, propertyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(propertyRooms).where(eq(propertyRooms.propertyId, propertyId));
  return row?.n ?? 0;
}

export async function insertRoom(db: Database, values: { propertyId: string; name: string; areaM2: number; position: number }) {
  const [row] = await db.insert(propertyRooms).values(values).returning();
  return row!;
}

export async function updateRoom(db: Database, propertyId: string, roomId: string, values: { name: string; areaM2: number }) {
  const [row] = await db
    .update(propertyRooms)
    .set(values)
    .where(and(eq(propertyRooms.id, roomId), eq(propertyRooms.propertyId, propertyId)))
    .returning();
  return row ?? null;
}

export async function deleteRoom(db: Database, propertyId: string, roomId: string): Promise<boolean> {
  const rows = await db
    .delete(propertyRooms)
    .where(and(eq(propertyRooms.id, roomId), eq(propertyRooms.propertyId, propertyId)))
    .returning({ id: propertyRooms.id });
  return rows.length > 0;
}

/** The property's accepted images (never quarantined ones), oldest first. */
export function listPhotos(db: Database, propertyId: string, kinds: string[]) {
  return db
    .select({ id: propertyDocuments.id, fileName: propertyDocuments.fileName, fileType: propertyDocuments.fileType, storageKey: propertyDocuments.storageKey })
    .from(propertyDocuments)
    .where(
      and(
        eq(propertyDocuments.propertyId, propertyId),
        inArray(propertyDocuments.fileType, kinds),
        inArray(propertyDocuments.status, ['uploaded', 'processing', 'completed', 'error']),
      ),
    )
    .orderBy(asc(propertyDocuments.createdAt), asc(propertyDocuments.id));
}
