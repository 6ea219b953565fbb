import { and, asc, eq } from 'drizzle-orm';
import { documentPages, propertyAnalyses, propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export async function reportOf(db: Database, analysisId: string) {
  const [row] = await db
    .select({ propertyId: propertyAnalyses.propertyId, resultContent: propertyAnalyses.resultContent })
    .from(propertyAnalyses)
    .where(eq(propertyAnalyses.id, analysisId));
  return row ?? null;
}

/** The extracted pages of the property's finished documents, in a stable order. */
export function pagesOfProperty(db: Database, propertyId: string) {
  return db
    .select({ documentId: propertyDocuments.id, fileName: propertyDocuments.fileName, page: documentPages.pageNumber, text: documentPages.text })
    .from(documentPages)
    .innerJoin(propertyDocuments, eq(propertyDocuments.id, documentPages.documentId))
    .where(and(eq(propertyDocuments.propertyId, propertyId), eq(propertyDocuments.status, 'completed')))
    .orderBy(asc(propertyDocuments.createdAt), asc(propertyDocuments.id), asc(documentPages.pageNumber));
}

/** The analysis' structured result (its dossier answers the chat first). */
export async function resultOf(db: Database, analysisId: string): Promise<unknown> {
  const [row] = await db.select({ result: propertyAnalyses.result }).from(propertyAnalyses).where(eq(propertyAnalyses.id, analysisId));
  return row?.result ?? null;
}
