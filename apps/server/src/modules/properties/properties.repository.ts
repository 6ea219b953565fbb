import { and, eq } from 'drizzle-orm';
import { properties } from '@viabiliza/db/schema';
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
