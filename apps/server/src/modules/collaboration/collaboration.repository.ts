import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { analysisCollaborators, analysisComments, properties, propertyAnalyses, user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export interface AnalysisAccessRow {
  analysisId: string;
  ownerId: string;
  propertyId: string;
  propertyTitle: string;
  isCollaborator: boolean;
}

/**
 * The analysis as `userId` may see it: as its owner, or as a collaborator it was shared with.
 * Null for anyone else (the routes answer 404, so an analysis's existence is not revealed).
 */
export async function findAccess(db: Database, userId: string, analysisId: string): Promise<AnalysisAccessRow | null> {
  const [row] = await db
    .select({
      analysisId: propertyAnalyses.id,
      ownerId: propertyAnalyses.userId,
      propertyId: propertyAnalyses.propertyId,
      propertyTitle: properties.title,
      isCollaborator: sql<boolean>`${analysisCollaborators.userId} is not null`,
    })
    .from(propertyAnalyses)
    .innerJoin(properties, eq(properties.id, propertyAnalyses.propertyId))
    .leftJoin(
      analysisCollaborators,
      and(eq(analysisCollaborators.analysisId, propertyAnalyses.id), eq(analysisCollaborators.userId, userId)),
    )
    .where(eq(propertyAnalyses.id, analysisId));
  if (!row) return null;
  if (row.ownerId !== userId && !row.isCollaborator) return null;
  return row;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function findUserById(db: Database, id: string) {
  const [row] = await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, id));
  return row ?? null;
}

/** Inserts the share; false when it already existed. */
export async function insertCollaborator(db: Database, values: { analysisId: string; userId: string; addedBy: string }): Promise<boolean> {
  const rows = await db.insert(analysisCollaborators).values(values).onConflictDoNothing().returning({ userId: analysisCollaborators.userId });
  return rows.length > 0;
}

export async function deleteCollaborator(db: Database, analysisId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(analysisCollaborators)
    .where(and(eq(analysisCollaborators.analysisId, analysisId), eq(analysisCollaborators.userId, userId)))
    .returning({ userId: analysisCollaborators.userId });
  return rows.length > 0;
}

export function listCollaborators(db: Database, analysisId: string) {
  return db
    .select({ userId: user.id, name: user.name, email: user.email, addedAt: analysisCollaborators.createdAt })
    .from(analysisCollaborators)
    .innerJoin(user, eq(user.id, analysisCollaborators.userId))
    .where(eq(analysisCollaborators.analysisId, analysisId))
    .orderBy(asc(analysisCollaborators.createdAt), asc(user.email));
}

export async function insertComment(db: Database, values: { analysisId: string; userId: string; body: string }) {
  const [row] = await db.insert(analysisComments).values(values).returning();
  return row!;
}

/** The thread, oldest first; bounded so a long thread cannot make one response huge. */
export function listComments(db: Database, analysisId: string, limit = 500) {
  return db
    .select({ id: analysisComments.id, body: analysisComments.body, createdAt: analysisComments.createdAt, userId: user.id, name: user.name })
    .from(analysisComments)
    .innerJoin(user, eq(user.id, analysisComments.userId))
    .where(eq(analysisComments.analysisId, analysisId))
    .orderBy(asc(analysisComments.createdAt), asc(analysisComments.id))
    .limit(limit);
}

/** Analyses other users shared with `userId`, most recently shared first. */
export function listSharedWith(db: Database, userId: string, limit = 100) {
  return db
    .select({
      id: propertyAnalyses.id,
      analysisType: propertyAnalyses.analysisType,
      createdAt: propertyAnalyses.createdAt,
      sharedAt: analysisCollaborators.createdAt,
      title: properties.title,
      city: properties.city,
      state: properties.state,
      ownerName: user.name,
    })
    .from(analysisCollaborators)
    .innerJoin(propertyAnalyses, eq(propertyAnalyses.id, analysisCollaborators.analysisId))
    .innerJoin(properties, eq(properties.id, propertyAnalyses.propertyId))
    .innerJoin(user, eq(user.id, propertyAnalyses.userId))
    .where(eq(analysisCollaborators.userId, userId))
    .orderBy(desc(analysisCollaborators.createdAt))
    .limit(limit);
}
