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
import * as repo from './intelligence.repository.ts';

/** The saved result of one of this user's analyses; someone else's (or none) is 404. */
async function loadResult(ctx: AppContext, userId: string, id: string) {
  const row = await repo.findAnalysisResult(ctx.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', ANALYSIS_MESSAGES.notFound);
  const result = parseAnalysisResult(row.result);
  if (!result) throw new AppError('NOT_FOUND', INTELLIGENCE_MESSAGES.noResult);
  return { row, result };
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
  const { row, result } = await loadResult(ctx, userId, id);
  const runDocs = row.runId ? documentIdsOfRun(row.runInput) : null;
  const documents = await repo.documentsWithPages(ctx.db, userId, runDocs ? { ids: runDocs } : { propertyId: row.propertyId });
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
