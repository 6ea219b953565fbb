import type { AnalysisResult, FigureSource, Insight, Severity } from '@viabiliza/contracts/analysis-result';
import type { InsightCard, InsightLink } from '@viabiliza/contracts/intelligence';
import { formatDate } from './report.ts';

/**
 * 'Insights IA' and the /phase4 insights engine (spec 02 §3 'Insight'): the engine's risks and
 * opportunities as cards with an impact (from the severity) and a confidence (from the kind of
 * evidence behind them), each linking to the document page or the figure it rests on.
 */

export const IMPACT_BY_SEVERITY: Record<Severity, InsightCard['impact']> = { alta: 'high', media: 'medium', baixa: 'low' };

/**
 * How much a source can be trusted, 0–100: a document read on a page is the strongest evidence,
 * an assumption the weakest. The card's confidence is the mean over its sources (50 without any).
 */
export function sourceConfidence(source: FigureSource): number {
  switch (source.kind) {
    case 'document':
      return 90;
    case 'reference':
      return source.uncertain ? 60 : 85;
    case 'computed':
      return 80;
    case 'questionnaire':
      return 75;
    case 'assumption':
      return source.overridden ? 75 : 65;
  }
}

export function evidenceConfidence(sources: readonly FigureSource[]): number {
  if (sources.length === 0) return 50;
  return Math.round(sources.reduce((n, s) => n + sourceConfidence(s), 0) / sources.length);
}

/** Document pages first (deduplicated), then the figures, in the order the engine gave them. */
export function linksOf(sources: readonly FigureSource[]): InsightLink[] {
  const links: InsightLink[] = [];
  const seen = new Set<string>();
  for (const s of sources) {
    let link: InsightLink;
    if (s.kind === 'document') link = { kind: 'document', documentId: s.documentId, fileName: s.fileName, page: s.page, label: s.label };
    else if (s.kind === 'questionnaire') link = { kind: 'figure', label: `Questionário: ${s.label}` };
    else if (s.kind === 'reference') link = { kind: 'figure', label: `${s.label} (${s.source}, ${formatDate(s.asOf)})` };
    else if (s.kind === 'assumption') link = { kind: 'figure', label: `Premissa: ${s.label}${s.overridden ? ' (alterada)' : ''}` };
    else link = { kind: 'figure', label: `Cálculo: ${s.formula}` };
    const key = link.kind === 'document' ? `d:${link.documentId}:${link.page}` : `f:${link.label}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(link);
  }
  return links.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'document' ? -1 : 1));
}

function card(insight: Insight, type: InsightCard['type']): InsightCard {
  return {
    id: insight.id,
    type,
    title: insight.title,
    description: insight.detail,
    confidence: evidenceConfidence(insight.sources),
    impact: IMPACT_BY_SEVERITY[insight.severity] ?? 'low',
    links: linksOf(insight.sources),
  };
}

const IMPACT_ORDER: Record<InsightCard['impact'], number> = { high: 0, medium: 1, low: 2 };

/** Opportunities and risks, highest impact first, then the most confident; opportunities before risks on a tie. */
export function insightCards(result: AnalysisResult): InsightCard[] {
  const cards = [...result.opportunities.map((i) => card(i, 'opportunity')), ...result.risks.map((i) => card(i, 'risk'))];
  return cards
    .map((c, i) => ({ c, i }))
    .sort((a, b) => IMPACT_ORDER[a.c.impact] - IMPACT_ORDER[b.c.impact] || b.c.confidence - a.c.confidence || a.i - b.i)
    .map(({ c }) => c);
}
