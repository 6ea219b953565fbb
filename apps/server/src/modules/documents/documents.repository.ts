import { and, desc, eq, type SQL } from 'drizzle-orm';
import { documentPages, propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export type DocumentRow = typeof propertyDocuments.$inferSelect;
export type NewDocument = typeof propertyDocuments.$inferInsert;

export async function insertDocument(db: Database, values: NewDocument): Promise<DocumentRow> {
  const [row] = await db.insert(propertyDocuments).values(values).returning();
  return row!;
}

export function listForUser(db: Database, userId: string, propertyId?: string) {
  const where: SQL[] = [eq(propertyDocuments.userId, userId)];
  if (propertyId) where.push(eq(propertyDocuments.propertyId, propertyId));
  return db.select().from(propertyDocuments).where(and(...where)).orderBy(desc(propertyDocuments.createdAt)).limit(200);
}

export async function findForUser(db: Database, userId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.id, id), eq(propertyDocuments.userId, userId)));
  return row ?? null;
}

/** For the extraction job, which acts on behalf of the document's owner. */
export async function findById(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(propertyDocuments).where(eq(propertyDocuments.id, id));
  return row ?? null;
}

export async function updateDocument(db: Database, id: string, values: Partial<NewDocument>): Promise<DocumentRow | null> {
  const [row] = await db.update(propertyDocuments).set(values).where(eq(propertyDocuments.id, id)).returning();
  return row ?? null;
}

export async function deleteForUser(db: Database, userId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .delete(propertyDocuments)
    .where(and(eq(propertyDocuments.id, id), eq(propertyDocuments.userId, userId)))
    .returning();
  return row ?? null;
}

export function pagesForDocument(db: Database, documentId: string) {
  return db
    .select({ number: documentPages.pageNumber, text: documentPages.text, method: documentPages.method, confidence: documentPages.confidence })
    .from(documentPages)
    .where(eq(documentPages.documentId, documentId))
    .orderBy(documentPages.pageNumber);
}

/** Keeps one page as soon as it is read (a later attempt does not read it again); replaces an older reading. */
export async function savePage(db: Database, documentId: string, page: { number: number; text: string; method: string; confidence: number | null }): Promise<void> {
  const values = { documentId, pageNumber: page.number, text: page.text, method: page.method, confidence: page.confidence };
  await db
    .insert(documentPages)
    .values(values)
    .onConflictDoUpdate({ target: [documentPages.documentId, documentPages.pageNumber], set: { text: values.text, method: values.method, confidence: values.confidence } });
}

/**
 * A failed document of this user back in the queue's hands: 'uploaded', attempts from zero. Only
 * from 'error' (a document being read or read already is left alone); null when it is not one.
 */
export async function requeueFailed(db: Database, userId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .update(propertyDocuments)
    .set({ status: 'uploaded', attempts: 0, errorMessage: null, progress: null })
    .where(and(eq(propertyDocuments.id, id), eq(propertyDocuments.userId, userId), eq(propertyDocuments.status, 'error')))
    .returning();
  return row ?? null;
}

/** Stores the extracted pages and the document's outcome at once; false if the document is gone. */
export async function saveExtraction(
  db: Database,
  id: string,
  pages: { number: number; text: string; method: string; confidence: number | null }[],
  values: Partial<NewDocument>,
): Promise<DocumentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(propertyDocuments).set(values).where(eq(propertyDocuments.id, id)).returning();
    if (!row) return null;
    await tx.delete(documentPages).where(eq(documentPages.documentId, id));
    if (pages.length) {
      await tx.insert(documentPages).values(
        pages.map((p) => ({ documentId: id, pageNumber: p.number, text: p.text, method: p.method, confidence: p.confidence })),
      );
    }
    return row;
  });
}
