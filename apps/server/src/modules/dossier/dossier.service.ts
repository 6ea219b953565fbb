import type { Dossier, DossierDocument } from '@viabiliza/contracts/dossier';
import { buildDossier } from '@viabiliza/extract/dossier/index';
import { referenceDataset, type ReferenceRow } from '@viabiliza/engine/reference-data';
import { analysisDate } from '@viabiliza/engine/resolve-inputs';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOwnedProperty, pagesForDocuments } from '../analyses/analyses.repository.ts';
import * as repo from './dossier.repository.ts';
import { loadReferenceRows } from '../reference-data/reference-data.service.ts';

/**
 * The ITBI rate (percent) a city charges on `asOf`, from the same dataset the engine reads: the
 * shipped rows plus the database's (an administrator's import of a new rate wins from its date).
 * The typical-rate row is not a city's rate, so a city without its own row gets none.
 */
export function itbiRateOf(referenceRows: readonly ReferenceRow[], asOf: string) {
  const refs = referenceDataset(referenceRows);
  return (city: string, uf: string | null): { rate: number; source: string } | null => {
    const row = refs.byCity('itbi', city, uf, asOf);
    if (!row || row.unit !== 'fraction') return null;
    return { rate: Math.round(row.value * 100 * 1e6) / 1e6, source: `${row.source} (${row.label}, ${row.asOf})` };
  };
}

/**
 * The due-diligence dossier (issue 16) of a set of completed documents, judged on `asOf`, with the
 * ITBI rates of `referenceRows` (the database's rows; the shipped ones are always there).
 */
export function dossierOf(documents: readonly DossierDocument[], asOf: string, referenceRows: readonly ReferenceRow[] = []): Dossier | null {
  if (documents.length === 0) return null;
  return buildDossier([...documents], { asOf, itbiRate: itbiRateOf(referenceRows, asOf) });
}

/** Stored document rows and their pages as the dossier and the engine read them. */
export function asDossierDocuments(
  rows: readonly { id: string; fileName: string; documentType: string | null; keyFields: unknown[] | null }[],
  pages: readonly { documentId: string; number: number; text: string }[],
): DossierDocument[] {
  const byDocument = new Map<string, { number: number; text: string }[]>();
  for (const p of pages) {
    const list = byDocument.get(p.documentId);
    if (list) list.push(p);
    else byDocument.set(p.documentId, [p]);
  }
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    documentType: r.documentType,
    keyFields: (r.keyFields ?? []) as DossierDocument['keyFields'],
    pages: (byDocument.get(r.id) ?? []).map((p) => ({ number: p.number, text: p.text })),
  }));
}

/** Today in Brasília, the day a report made now would print. */
export function today(now: Date = new Date()): string {
  return analysisDate(now.toISOString()) ?? now.toISOString().slice(0, 10);
}

/** GET /api/properties/:id/dossier: the dossier of the property's completed documents, as of today. */
export async function propertyDossier(ctx: AppContext, userId: string, propertyId: string, now: Date = new Date()): Promise<Dossier | null> {
  if (!(await findOwnedProperty(ctx.db, userId, propertyId))) throw notFound();
  const rows = await repo.completedDocumentsOfProperty(ctx.db, userId, propertyId);
  const pages = await pagesForDocuments(ctx.db, rows.map((r) => r.id));
  return dossierOf(asDossierDocuments(rows, pages), today(now), await loadReferenceRows(ctx));
}
