import { parseAnalysisResult } from '@viabiliza/contracts/analysis-result';
import { INTELLIGENCE_MESSAGES, type IntelligenceResponse, type ProjectionResult } from '@viabiliza/contracts/intelligence';
import { ANALYSIS_MESSAGES } from '@viabiliza/contracts/analysis';
import { insightCards } from '@viabiliza/engine/insight-cards';
import { computeProjections } from '@viabiliza/engine/projections';
import { computeSentiment } from '@viabiliza/engine/sentiment';
import { buildSuggestions } from '@viabiliza/engine/suggestions';
import { explainValuation } from '@viabiliza/engine/valuation-explained';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireReader } from '../collaboration/collaboration.service.ts';
import * as repo from './intelligence.repository.ts';

/**
 * The saved result of an analysis this user may read: their own, or one shared with them
 * (Colaboração, read-only, like the analysis and its reports); anyone else's (or none) is 404.
 * What follows is read as the owner's: the analysis and its documents are theirs.
 */
async function loadResult(ctx: AppContext, userId: string, id: string) {
  const { ownerId } = await requireReader(ctx, userId, id);
  const row = await repo.findAnalysisResult(ctx.db, ownerId, id);
  if (!row) throw new AppError('NOT_FOUND', ANALYSIS_MESSAGES.notFound);
  const result = parseAnalysisResult(row.result);
  if (!result) throw new AppError('NOT_FOUND', INTELLIGENCE_MESSAGES.noResult);
  return { row, ownerId, result };
}

function documentIdsOfRun(input: Record<string, unknown> | null): string[] | null {
  const ids = input?.documentIds;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : null;
}

/**
 * Sentiment, insights, valuation and suggestions of one analysis, recomputed from its saved result
 * and its documents' pages on every call ('Atualizar' asks again). Deterministic: the engine's.
 */
export async function getIntelligence(ctx: AppContext, userId: string, id: string): Promise<IntelligenceResponse> {
  const { row, ownerId, result } = await loadResult(ctx, userId, id);
  const runDocs = row.runId ? documentIdsOfRun(row.runInput) : null;
  const documents = await repo.documentsWithPages(ctx.db, ownerId, runDocs ? { ids: runDocs } : { propertyId: row.propertyId });
  return {
    analysisId: row.id,
    generatedAt: result.generatedAt,
    sentiment: computeSentiment(result, documents),
    insights: insightCards(result),
    valuation: explainValuation(result),
    suggestions: buildSuggestions(result),
  };
}

export async function getProjections(ctx: AppContext, userId: string, id: string, realRate: number): Promise<ProjectionResult> {
  const { result } = await loadResult(ctx, userId, id);
  return computeProjections(result, realRate);
}
