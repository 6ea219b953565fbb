import type { AnalysisResult, Insight } from '@viabiliza/contracts/analysis-result';
import type { Suggestion } from '@viabiliza/contracts/intelligence';
import { evidenceConfidence, linksOf } from './insight-cards.ts';
import { formatPercent } from './report.ts';

/**
 * The assistant panel's suggestions (spec 02 §3 'AI suggestion'), from the engine's result:
 * - optimization: each recommendation (something to do that improves the analysis or the deal);
 * - opportunity: each opportunity;
 * - warning: each risk of severity alta or média;
 * - insight: what the score says (its band, its strongest and weakest components) and data completeness.
 * Confidence as in insight-cards.ts (evidence kind); insights about the score rest on the
 * calculation (80), scaled by completeness.
 */

const fmtScore = (v: number) => v.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function fromInsight(i: Insight, type: Suggestion['type'], actionable: boolean): Suggestion {
  return {
    id: `${type}-${i.id}`,
    type,
    title: i.title,
    description: i.detail,
    confidence: evidenceConfidence(i.sources),
    actionable,
    links: linksOf(i.sources),
  };
}

function scoreInsights(result: AnalysisResult): Suggestion[] {
  const out: Suggestion[] = [];
  const completeness = result.completeness.percent;
  const confidence = Math.round(80 * Math.max(0.5, completeness / 100));
  const s = result.score;
  out.push({
    id: 'insight-score',
    type: 'insight',
    title: `${s.label}: ${fmtScore(s.value)}/10`,
    description: `A pontuação combina ${s.components.length} componente(s): ${s.components.map((c) => `${c.label} ${fmtScore(c.value)} (peso ${formatPercent(c.weight, 0)})`).join(', ')}.`,
    confidence,
    actionable: false,
    links: [{ kind: 'figure', label: 'Pontuação de viabilidade' }],
  });
  const ranked = [...s.components].filter((c) => c.id !== 'completeness').sort((a, b) => a.value - b.value || a.id.localeCompare(b.id));
  const weakest = ranked[0];
  const strongest = ranked[ranked.length - 1];
  if (weakest && strongest && weakest.id !== strongest.id) {
    out.push({
      id: 'insight-componentes',
      type: 'insight',
      title: `Ponto forte: ${strongest.label.toLowerCase()}; ponto fraco: ${weakest.label.toLowerCase()}`,
      description: `${strongest.label} soma ${fmtScore(strongest.value)}/10 e ${weakest.label.toLowerCase()} ${fmtScore(weakest.value)}/10: é no ponto fraco que uma negociação ou um documento a mais mudam o resultado.`,
      confidence,
      actionable: weakest.value < 7,
      links: [{ kind: 'figure', label: `Componente: ${weakest.label}` }],
    });
  }
  out.push({
    id: 'insight-completude',
    type: 'insight',
    title: `Completude dos dados: ${completeness}%`,
    description: result.completeness.missing.length
      ? `A análise usou ${result.completeness.filled} de ${result.completeness.total} dados relevantes. Faltam: ${result.completeness.missing.join('; ')}.`
      : `A análise usou todos os ${result.completeness.total} dados relevantes.`,
    confidence: 95,
    actionable: result.completeness.missing.length > 0,
    links: [{ kind: 'figure', label: 'Completude dos dados' }],
  });
  return out;
}

const TYPE_ORDER: Record<Suggestion['type'], number> = { warning: 0, opportunity: 1, optimization: 2, insight: 3 };

export function buildSuggestions(result: AnalysisResult): Suggestion[] {
  const list: Suggestion[] = [
    ...result.risks.filter((r) => r.severity !== 'baixa').map((r) => fromInsight(r, 'warning', true)),
    ...result.opportunities.map((o) => fromInsight(o, 'opportunity', true)),
    ...result.recommendations.map((r) => fromInsight(r, 'optimization', true)),
    ...scoreInsights(result),
  ];
  return list.map((s, i) => ({ s, i })).sort((a, b) => TYPE_ORDER[a.s.type] - TYPE_ORDER[b.s.type] || a.i - b.i).map(({ s }) => s);
}
