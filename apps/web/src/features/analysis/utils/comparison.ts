import type { AnalysisDetail } from '@viabiliza/contracts/analysis';

import { keyFigures, type KeyFigure } from '@/features/analysis/utils/engine-in-browser';

/** Up to 4 analyses side by side (issue 18): the ids of `/comparar?ids=a,b,c`. */
export const COMPARE_MAX = 4;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of the query string: valid, distinct, at most four, in the order given. */
export function compareIds(raw: string | null): string[] {
  const ids = (raw ?? '').split(',').map((s) => s.trim()).filter((s) => UUID.test(s));
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

export function comparePath(ids: string[]): string {
  return `/comparar?ids=${ids.slice(0, COMPARE_MAX).join(',')}`;
}

export interface ComparedColumn {
  id: string;
  title: string;
  createdAt: string;
  analysisType: string;
  verdict: string | null;
  figures: KeyFigure[];
}

export function comparedColumn(a: AnalysisDetail): ComparedColumn {
  return {
    id: a.id,
    title: a.property.title,
    createdAt: a.createdAt,
    analysisType: a.analysisType,
    verdict: a.result?.score.label ?? null,
    figures: a.result ? keyFigures(a.result) : [],
  };
}

/** The difference of a figure against the first analysis'; null when either is missing. */
export function deltaAgainst(first: KeyFigure | undefined, other: KeyFigure | undefined): number | null {
  if (!first || !other || first.value === null || other.value === null) return null;
  return other.value - first.value;
}
