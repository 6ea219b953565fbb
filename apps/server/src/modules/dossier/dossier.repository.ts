import { and, asc, eq } from 'drizzle-orm';
import { propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

/** The property's completed documents (this user's), with their key fields, oldest first. */
export function completedDocumentsOfProperty(db: Database, userId: string, propertyId: string) {
  return db
    .select({ id: propertyDocuments.id, fileName: propertyDocuments.fileName, documentType: propertyDocuments.documentType, keyFields: propertyDocuments.keyFields })
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.propertyId, propertyId), eq(propertyDocuments.userId, userId), eq(propertyDocuments.status, 'completed')))
    .orderBy(asc(propertyDocuments.createdAt), asc(propertyDocuments.id));
}
