import { and, eq } from 'drizzle-orm';
import { properties } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

/** The property id when it belongs to the user; null otherwise (another user's id is not found). */
export async function findOwnedPropertyId(db: Database, userId: string, propertyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
  return row?.id ?? null;
}
