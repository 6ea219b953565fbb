import { and, desc, eq, sql } from 'drizzle-orm';
import { properties, propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

const detailColumns = {
  id: properties.id,
  title: properties.title,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  propertyType: properties.propertyType,
  status: properties.status,
  questionnaire: properties.questionnaire,
  createdAt: properties.createdAt,
  updatedAt: properties.updatedAt,
};

export type PropertyRow = Awaited<ReturnType<typeof findPropertyDetail>>;

/** The user's own property; null for another user's (answered as not found). */
export async function findPropertyDetail(db: Database, userId: string, id: string) {
  const [row] = await db
    .select(detailColumns)
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.userId, userId)));
  return row ?? null;
}

/** Renames the user's own property; null when it is not theirs (nothing is changed then). */
export async function updatePropertyTitle(db: Database, userId: string, id: string, title: string) {
  const [row] = await db
    .update(properties)
    .set({ title })
    .where(and(eq(properties.id, id), eq(properties.userId, userId)))
    .returning(detailColumns);
  return row ?? null;
}

/** The user's properties, newest first, each with how many documents it holds (the 'Mover para' list). */
export function listPropertiesForUser(db: Database, userId: string) {
  return db
    .select({
      id: properties.id,
      title: properties.title,
      // Written out: drizzle leaves columns unqualified inside sql``, and "id" would be the document's.
      documentCount: sql<number>`(select count(*)::int from property_documents d where d.property_id = "properties"."id")`,
      createdAt: properties.createdAt,
    })
    .from(properties)
    .where(eq(properties.userId, userId))
    .orderBy(desc(properties.createdAt))
    .limit(200);
}

/** Moves one of the user's documents to one of the user's properties; null when either is not theirs. */
export function moveDocument(db: Database, userId: string, propertyId: string, documentId: string) {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: properties.id, title: properties.title })
      .from(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
    if (!target) return null;
    const [before] = await tx
      .select({ propertyId: propertyDocuments.propertyId, fileName: propertyDocuments.fileName })
      .from(propertyDocuments)
      .where(and(eq(propertyDocuments.id, documentId), eq(propertyDocuments.userId, userId)));
    if (!before) return null;
    await tx.update(propertyDocuments).set({ propertyId }).where(eq(propertyDocuments.id, documentId));
    return { target, from: before.propertyId, fileName: before.fileName };
  });
}
