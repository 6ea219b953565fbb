import { and, eq } from 'drizzle-orm';
import { defaultPropertyTitle } from '@viabiliza/contracts/properties';
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

/**
 * The property of an upload that names none ('Novo imóvel' before its first file): 'Imóvel sem
 * endereço dd/mm/aaaa', which its first analysis names by the address it finds.
 */
export async function createUntitledProperty(db: Database, userId: string, now = new Date()): Promise<string> {
  const [row] = await db
    .insert(properties)
    .values({ userId, title: defaultPropertyTitle(null, now), status: 'pending' })
    .returning({ id: properties.id });
  return row!.id;
}
