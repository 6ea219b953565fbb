import { ANALYSIS_MESSAGES, startRunBody, type AnalysisType } from '@viabiliza/contracts/analysis';
import { parseAnalysisResult } from '@viabiliza/contracts/analysis-result';
import type { EngineInputResponse } from '@viabiliza/contracts/engine-input';
import { questionnaireSchema } from '@viabiliza/contracts/questionnaire';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireReader } from '../collaboration/collaboration.service.ts';
import { asDossierDocuments } from '../dossier/dossier.service.ts';
import { listReferenceRows } from '../reference-data/reference-data.repository.ts';
import { toEngineRow } from '../reference-data/reference-data.service.ts';
import * as analysesRepo from './analyses.repository.ts';
import * as repo from './engine-input.repository.ts';

/**
 * GET /api/analyses/:id/engine-input: the engine's input of a saved analysis, rebuilt the way
 * `computeAnalysis` built it (the run's questionnaire, documents and overrides; the saved result's
 * date and dossier; the database reference rows that existed then), for the browser's what-if.
 * The owner and the collaborators it was shared with (a simulation in the browser changes nothing,
 * and a collaborator reads the same figures in the report); anyone else gets 404. The analysis and
 * its documents are read as the owner's.
 */
export async function engineInputOf(ctx: AppContext, userId: string, analysisId: string): Promise<EngineInputResponse> {
  const { ownerId } = await requireReader(ctx, userId, analysisId);
  const row = await repo.findOwnedAnalysisWithRun(ctx.db, ownerId, analysisId);
  const result = row ? parseAnalysisResult(row.result) : null;
  if (!row || !result) throw new AppError('NOT_FOUND', ANALYSIS_MESSAGES.notFound);

  const run = row.runInput ? startRunBody.safeParse(row.runInput) : null;
  let complete = true;
  let questionnaire;
  let overrides = {};
  let documentRows;
  if (run?.success) {
    questionnaire = run.data.questionnaire;
    overrides = run.data.overrides;
    const ids = [...new Set(run.data.documentIds)];
    documentRows = (await repo.ownedDocuments(ctx.db, ownerId, ids))
      // The order `loadDocuments` gives the engine.
      .sort((a, b) => a.sha256.localeCompare(b.sha256) || a.id.localeCompare(b.id));
    if (documentRows.length !== ids.length) complete = false;
  } else {
    // Saved without a run (the demo seed): the property's questionnaire and documents, no overrides.
    const parsed = questionnaireSchema.safeParse(row.propertyQuestionnaire ?? {});
    questionnaire = parsed.success ? parsed.data : {};
    if (!parsed.success) complete = false;
    documentRows = await repo.propertyDocumentsInOrder(ctx.db, ownerId, row.propertyId);
  }
  documentRows = documentRows.filter((d) => d.status === 'completed');
  const pages = await analysesRepo.pagesForDocuments(ctx.db, documentRows.map((d) => d.id));
  const documents = asDossierDocuments(documentRows, pages);

  // Rows added after the analysis was saved were not there when it was computed.
  const referenceRows = (await listReferenceRows(ctx.db)).filter((r) => r.createdAt <= row.createdAt).map(toEngineRow);

  return {
    analysisId: row.id,
    propertyId: row.propertyId,
    documentIds: documentRows.map((d) => d.id),
    input: {
      analysisType: row.analysisType as AnalysisType,
      questionnaire,
      documents,
      overrides,
      generatedAt: result.generatedAt,
      title: result.title || row.propertyTitle,
      dossier: result.dossier ?? null,
      referenceRows,
    },
    complete,
  };
}
