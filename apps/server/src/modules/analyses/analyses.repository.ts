import { and, count, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { analysisCollaborators, analysisRuns, documentPages, properties, propertyAnalyses, propertyDocuments } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import { ACCENTED, UNACCENTED } from '@viabiliza/contracts/history';

export type RunRow = typeof analysisRuns.$inferSelect;
export type NewRun = typeof analysisRuns.$inferInsert;
export type AnalysisRow = typeof propertyAnalyses.$inferSelect;
export type NewAnalysis = typeof propertyAnalyses.$inferInsert;
export type NewProperty = typeof properties.$inferInsert;

const TERMINAL = ['completed', 'failed'];

export async function insertRun(db: Database, values: NewRun): Promise<RunRow> {
  const [row] = await db.insert(analysisRuns).values(values).returning();
  return row!;
}

export async function findRunForUser(db: Database, userId: string, id: string): Promise<RunRow | null> {
  const [row] = await db.select().from(analysisRuns).where(and(eq(analysisRuns.id, id), eq(analysisRuns.userId, userId)));
  return row ?? null;
}

export async function findRun(db: Database, id: string): Promise<RunRow | null> {
  const [row] = await db.select().from(analysisRuns).where(eq(analysisRuns.id, id));
  return row ?? null;
}

/** Moves a run forward only while it is not finished; null when it already ended. */
export async function advanceRun(db: Database, id: string, values: Partial<NewRun>): Promise<RunRow | null> {
  const [row] = await db
    .update(analysisRuns)
    .set(values)
    .where(and(eq(analysisRuns.id, id), notInArray(analysisRuns.status, TERMINAL)))
    .returning();
  return row ?? null;
}

/** Takes a queued run for this worker; null when another worker (or an earlier attempt) has it. */
export async function claimRun(db: Database, id: string): Promise<RunRow | null> {
  const [row] = await db
    .update(analysisRuns)
    .set({ status: 'checking_cache' })
    .where(and(eq(analysisRuns.id, id), eq(analysisRuns.status, 'queued')))
    .returning();
  return row ?? null;
}

/** Runs left unfinished by a process that stopped (all of them in embedded mode). */
export function unfinishedRuns(db: Database, updatedBefore: Date) {
  return db
    .select()
    .from(analysisRuns)
    .where(and(notInArray(analysisRuns.status, TERMINAL), lt(analysisRuns.updatedAt, updatedBefore)));
}

export async function findCachedAnalysis(db: Database, userId: string, inputHash: string): Promise<AnalysisRow | null> {
  const [row] = await db
    .select()
    .from(propertyAnalyses)
    .where(and(eq(propertyAnalyses.userId, userId), eq(propertyAnalyses.inputHash, inputHash)))
    .orderBy(desc(propertyAnalyses.createdAt))
    .limit(1);
  return row ?? null;
}

export function documentsForUser(db: Database, userId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: propertyDocuments.id,
      fileName: propertyDocuments.fileName,
      status: propertyDocuments.status,
      sha256: propertyDocuments.sha256,
      extractedText: propertyDocuments.extractedText,
      documentType: propertyDocuments.documentType,
      keyFields: propertyDocuments.keyFields,
      propertyId: propertyDocuments.propertyId,
    })
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.userId, userId), inArray(propertyDocuments.id, ids)));
}

export function pagesForDocuments(db: Database, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ documentId: documentPages.documentId, number: documentPages.pageNumber, text: documentPages.text })
    .from(documentPages)
    .where(inArray(documentPages.documentId, ids))
    .orderBy(documentPages.documentId, documentPages.pageNumber);
}

export async function findOwnedProperty(db: Database, userId: string, id: string) {
  const [row] = await db.select().from(properties).where(and(eq(properties.id, id), eq(properties.userId, userId)));
  return row ?? null;
}

export interface SaveAnalysisInput {
  userId: string;
  runId: string | null;
  /** Existing property, or the values of the one to create. */
  propertyId: string | null;
  newProperty: Omit<NewProperty, 'userId'> | null;
  /** An existing property still untitled ('Imóvel sem endereço …'): named by what the run found. */
  fillProperty?: Pick<NewProperty, 'title' | 'address' | 'city' | 'state'> | null;
  questionnaire: Record<string, unknown>;
  documentIds: string[];
  analysis: Omit<NewAnalysis, 'propertyId' | 'userId' | 'runId'>;
}

/**
 * Saves everything a finished run produces in one transaction: the property (created when none
 * exists, pending → analyzed), the documents attached to it, the analysis and the run's outcome.
 * Either all of it is there afterwards or none of it.
 */
export function saveAnalysis(db: Database, input: SaveAnalysisInput) {
  return db.transaction(async (tx) => {
    let propertyId = input.propertyId;
    if (!propertyId) {
      const [created] = await tx
        .insert(properties)
        .values({ ...input.newProperty!, userId: input.userId, status: 'pending' })
        .returning({ id: properties.id });
      propertyId = created!.id;
    }
    if (input.documentIds.length) {
      // Only documents not yet on a property: one already attached to another property stays
      // there (it is that property's document); the run keeps the ids of what it read.
      await tx
        .update(propertyDocuments)
        .set({ propertyId })
        .where(and(eq(propertyDocuments.userId, input.userId), inArray(propertyDocuments.id, input.documentIds), isNull(propertyDocuments.propertyId)));
    }
    const [analysis] = await tx
      .insert(propertyAnalyses)
      .values({ ...input.analysis, propertyId, userId: input.userId, runId: input.runId })
      .returning();
    await tx
      .update(properties)
      .set({ status: 'analyzed', questionnaire: input.questionnaire, ...(input.fillProperty ?? {}) })
      .where(eq(properties.id, propertyId));
    if (input.runId) {
      await tx
        .update(analysisRuns)
        .set({ status: 'completed', analysisId: analysis!.id, propertyId, finishedAt: new Date(), error: null })
        .where(eq(analysisRuns.id, input.runId));
    }
    return analysis!;
  });
}

export async function findAnalysisForUser(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({
      analysis: propertyAnalyses,
      property: { id: properties.id, title: properties.title, address: properties.address, city: properties.city, state: properties.state },
    })
    .from(propertyAnalyses)
    .innerJoin(properties, eq(properties.id, propertyAnalyses.propertyId))
    // The owner, or a user it was shared with read-only (Colaboração): reading an analysis and its
    // reports is allowed to both; changing it is checked elsewhere against the owner alone.
    .where(and(eq(propertyAnalyses.id, id), or(eq(propertyAnalyses.userId, userId), isCollaborator(id, userId))));
  return row ?? null;
}

function isCollaborator(analysisId: string, userId: string) {
  return sql`exists (select 1 from ${analysisCollaborators} where ${analysisCollaborators.analysisId} = ${analysisId} and ${analysisCollaborators.userId} = ${userId})`;
}

export async function countPropertiesForUser(db: Database, userId: string): Promise<number> {
  const rows = await db.select({ id: properties.id }).from(properties).where(eq(properties.userId, userId)).limit(1);
  return rows.length;
}

// ------------------------------------------------------------------------------------------------
// History (spec 01 §2 'History'): filtered, paged list and a property's analyses over time

/** A column lower-cased with the accents removed by the fixed map, like `foldText` (contracts/history). */
function folded(column: SQLWrapper) {
  return sql`lower(translate(coalesce(${column}, ''), ${ACCENTED}, ${UNACCENTED}))`;
}

function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A number of the engine's result, by its JSON path (a constant of this file, never user input). */
function resultNumber(path: string) {
  return sql<number | null>`(${propertyAnalyses.result} #>> ${sql.raw(`'{${path}}'`)})::float8`.mapWith(Number);
}

export interface HistoryFilter {
  /** Already folded (`foldText`). */
  q?: string;
  /** Type codes whose label matches q (the label lives in contracts, not in the database). */
  typesMatchingQ: string[];
  type?: string;
  provider?: string;
}

function historyWhere(userId: string, filter: HistoryFilter) {
  const conditions: SQL[] = [eq(propertyAnalyses.userId, userId)];
  if (filter.type) conditions.push(eq(propertyAnalyses.analysisType, filter.type));
  if (filter.provider) conditions.push(eq(propertyAnalyses.providerUsed, filter.provider));
  if (filter.q) {
    const pattern = likeContains(filter.q);
    const matches: SQL[] = [
      sql`${folded(properties.title)} like ${pattern}`,
      sql`${folded(properties.city)} like ${pattern}`,
      sql`${folded(propertyAnalyses.analysisType)} like ${pattern}`,
    ];
    if (filter.typesMatchingQ.length) matches.push(inArray(propertyAnalyses.analysisType, filter.typesMatchingQ));
    conditions.push(or(...matches)!);
  }
  return and(...conditions);
}

/** What a list row needs: the first characters of the report for the preview, never the whole of it or the result. */
const listColumns = {
  id: propertyAnalyses.id,
  propertyId: propertyAnalyses.propertyId,
  property: { id: properties.id, title: properties.title, address: properties.address, city: properties.city, state: properties.state },
  analysisType: propertyAnalyses.analysisType,
  providerUsed: propertyAnalyses.providerUsed,
  tokensUsed: propertyAnalyses.tokensUsed,
  confidenceScore: propertyAnalyses.confidenceScore,
  viabilityScore: propertyAnalyses.viabilityScore,
  completeness: propertyAnalyses.completeness,
  createdAt: propertyAnalyses.createdAt,
  scoreBand: sql<string | null>`${propertyAnalyses.result} #>> '{score,band}'`,
  /** Enough Markdown for a 200-character plain-text preview once headings and tables are unwrapped. */
  head: sql<string | null>`left(${propertyAnalyses.resultContent}, 2000)`,
};

export type HistoryRow = Awaited<ReturnType<typeof listHistoryPage>>[number];

export function listHistoryPage(db: Database, userId: string, filter: HistoryFilter, page: { limit: number; offset: number }) {
  return db
    .select(listColumns)
    .from(propertyAnalyses)
    .innerJoin(properties, eq(properties.id, propertyAnalyses.propertyId))
    .where(historyWhere(userId, filter))
    .orderBy(desc(propertyAnalyses.createdAt), desc(propertyAnalyses.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countHistory(db: Database, userId: string, filter: HistoryFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(propertyAnalyses)
    .innerJoin(properties, eq(properties.id, propertyAnalyses.propertyId))
    .where(historyWhere(userId, filter));
  return row?.n ?? 0;
}

/** Distinct providers and types of this user's analyses, for the history's selects. */
export async function historyFacets(db: Database, userId: string): Promise<{ providers: string[]; types: string[] }> {
  const [providers, types] = await Promise.all([
    db
      .selectDistinct({ value: propertyAnalyses.providerUsed })
      .from(propertyAnalyses)
      .where(and(eq(propertyAnalyses.userId, userId), isNotNull(propertyAnalyses.providerUsed)))
      .orderBy(propertyAnalyses.providerUsed),
    db
      .selectDistinct({ value: propertyAnalyses.analysisType })
      .from(propertyAnalyses)
      .where(eq(propertyAnalyses.userId, userId))
      .orderBy(propertyAnalyses.analysisType),
  ]);
  return { providers: providers.map((r) => r.value!), types: types.map((r) => r.value) };
}

export async function findPropertyForUser(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({
      id: properties.id,
      title: properties.title,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      status: properties.status,
      createdAt: properties.createdAt,
    })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.userId, userId)));
  return row ?? null;
}

/**
 * All analyses of one property, newest first, with the key figures read out of the stored result
 * in the database (the result itself, cash flows and schedules included, stays there).
 */
export function listPropertyAnalyses(db: Database, userId: string, propertyId: string) {
  return db
    .select({
      ...listColumns,
      figures: {
        price: sql<number | null>`coalesce(${resultNumber('financial,price,value')}, ${resultNumber('development,landCost,value')})`.mapWith(Number),
        // A development's own return is what its score weighs, so it comes before the buy-and-hold one.
        irr: sql<number | null>`coalesce(${resultNumber('development,irr,value')}, ${resultNumber('financial,irr,value')})`.mapWith(Number),
        npv: sql<number | null>`coalesce(${resultNumber('development,npv,value')}, ${resultNumber('financial,npv,value')})`.mapWith(Number),
        grossYield: resultNumber('financial,grossYield,value'),
        vgv: resultNumber('development,vgv,value'),
        margin: resultNumber('development,marginOnVgv,value'),
        marketDeviation: resultNumber('market,deviation,value'),
      },
    })
    .from(propertyAnalyses)
    .innerJoin(properties, eq(properties.id, propertyAnalyses.propertyId))
    .where(and(eq(propertyAnalyses.userId, userId), eq(propertyAnalyses.propertyId, propertyId)))
    .orderBy(desc(propertyAnalyses.createdAt), desc(propertyAnalyses.id));
}
