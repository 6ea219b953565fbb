import { and, asc, eq, inArray } from 'drizzle-orm';
import { documentPages, properties, propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export async function ownedPropertyExists(db: Database, userId: string, propertyId: string): Promise<boolean> {
  const [row] = await db.select({ id: properties.id }).from(properties).where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
  return !!row;
}

/** The property's completed documents (this user's), with their key fields, oldest first. */
export function completedDocumentsOfProperty(db: Database, userId: string, propertyId: string) {
  return db
    .select({ id: propertyDocuments.id, fileName: propertyDocuments.fileName, documentType: propertyDocuments.documentType, keyFields: propertyDocuments.keyFields })
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.propertyId, propertyId), eq(propertyDocuments.userId, userId), eq(propertyDocuments.status, 'completed')))
    .orderBy(asc(propertyDocuments.createdAt), asc(propertyDocuments.id));
}

export function pagesOf(db: Database, documentIds: string[]) {
  if (!documentIds.length) return Promise.resolve([]);
  return db
    .select({ documentId: documentPages.documentId, number: documentPages.pageNumber, text: documentPages.text })
    .from(documentPages)
    .where(inArray(documentPages.documentId, documentIds))
    .orderBy(asc(documentPages.documentId), asc(documentPages.pageNumber));
}
