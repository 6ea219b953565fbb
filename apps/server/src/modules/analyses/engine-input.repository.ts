import { and, asc, eq, inArray } from 'drizzle-orm';
import { analysisRuns, properties, propertyAnalyses, propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

/** The analysis, its property and the run that saved it: only when `userId` owns it (a collaborator's read passes the owner's id). */
export async function findOwnedAnalysisWithRun(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({
      id: propertyAnalyses.id,
      propertyId: propertyAnalyses.propertyId,
      analysisType: propertyAnalyses.analysisType,
      result: propertyAnalyses.result,
      createdAt: propertyAnalyses.createdAt,
      runInput: analysisRuns.input,
      propertyTitle: properties.title,
      propertyQuestionnaire: properties.questionnaire,
    })
    .from(propertyAnalyses)
    .innerJoin(properties, eq(properties.id, propertyAnalyses.propertyId))
    .leftJoin(analysisRuns, eq(analysisRuns.id, propertyAnalyses.runId))
    .where(and(eq(propertyAnalyses.id, id), eq(propertyAnalyses.userId, userId)));
  return row ?? null;
}

const documentColumns = {
  id: propertyDocuments.id,
  fileName: propertyDocuments.fileName,
  sha256: propertyDocuments.sha256,
  status: propertyDocuments.status,
  documentType: propertyDocuments.documentType,
  keyFields: propertyDocuments.keyFields,
};

export function ownedDocuments(db: Database, userId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select(documentColumns)
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.userId, userId), inArray(propertyDocuments.id, ids)));
}

/** A property's documents in the order they were stored (an analysis saved without a run: the demo seed). */
export function propertyDocumentsInOrder(db: Database, userId: string, propertyId: string) {
  return db
    .select(documentColumns)
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.userId, userId), eq(propertyDocuments.propertyId, propertyId)))
    .orderBy(asc(propertyDocuments.createdAt), asc(propertyDocuments.id));
}
