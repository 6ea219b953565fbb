import { and, asc, eq, inArray } from 'drizzle-orm';
import { analysisRuns, documentPages, propertyAnalyses, propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

/** The analysis' stored result, only when it belongs to this user. */
export async function findAnalysisResult(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({
      id: propertyAnalyses.id,
      propertyId: propertyAnalyses.propertyId,
      result: propertyAnalyses.result,
      runId: propertyAnalyses.runId,
      runInput: analysisRuns.input,
    })
    .from(propertyAnalyses)
    .leftJoin(analysisRuns, eq(analysisRuns.id, propertyAnalyses.runId))
    .where(and(eq(propertyAnalyses.id, id), eq(propertyAnalyses.userId, userId)));
  return row ?? null;
}

/**
 * The documents an analysis read, with their page text: the run's documents when the analysis
 * came from a run, else (the demo seed) those attached to its property. Always this user's.
 */
export async function documentsWithPages(db: Database, userId: string, where: { ids: string[] } | { propertyId: string }) {
  const docs = await db
    .select({ id: propertyDocuments.id, fileName: propertyDocuments.fileName })
    .from(propertyDocuments)
    .where(
      and(
        eq(propertyDocuments.userId, userId),
        eq(propertyDocuments.status, 'completed'),
        'ids' in where ? inArray(propertyDocuments.id, where.ids.length ? where.ids : ['00000000-0000-0000-0000-000000000000']) : eq(propertyDocuments.propertyId, where.propertyId),
      ),
    )
    .orderBy(asc(propertyDocuments.createdAt), asc(propertyDocuments.id));
  if (docs.length === 0) return [];
  const pages = await db
    .select({ documentId: documentPages.documentId, number: documentPages.pageNumber, text: documentPages.text })
    .from(documentPages)
    .where(inArray(documentPages.documentId, docs.map((d) => d.id)))
    .orderBy(documentPages.documentId, documentPages.pageNumber);
  return docs.map((d) => ({ ...d, pages: pages.filter((p) => p.documentId === d.id).map((p) => ({ number: p.number, text: p.text })) }));
}
