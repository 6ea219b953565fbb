import { SEARCH_LIMITS, type SearchResponse } from '@viabiliza/contracts/search';
import type { AppContext } from '../../context.ts';
import * as repo from './search.repository.ts';

/** Spec 01 §2 'Global search': the signed-in user's properties only, at most 5. */
export async function searchForUser(ctx: AppContext, userId: string, q: string): Promise<SearchResponse> {
  const rows = await repo.searchProperties(ctx.db, userId, q, SEARCH_LIMITS.maxProperties);
  return { properties: rows };
}
