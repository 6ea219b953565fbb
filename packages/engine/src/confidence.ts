/**
 * The confidence score of a report's text, exactly as spec 01 §9 gives it: start 50; +20 if the
 * text is over 1000 characters, or +10 if over 500; +5 per Markdown feature found (numbered list,
 * bullets, dashes, headings, bold); +2 per domain keyword found (case-insensitive); clamp 0–100.
 * It measures the text, not the data: the report shows it beside the data completeness.
 */

export const CONFIDENCE_KEYWORDS = [
  'viabilidade',
  'análise',
  'mercado',
  'investimento',
  'retorno',
  'ROI',
  'fluxo de caixa',
  'risco',
  'recomendação',
  'conclusão',
] as const;

/** The five Markdown features, each counted once however often it appears. */
export const MARKDOWN_FEATURES: readonly { id: string; label: string; test: (text: string) => boolean }[] = [
  { id: 'numbered', label: 'lista numerada (linha iniciada por "1. ")', test: (t) => /^[ \t]*\d+\.[ \t]/m.test(t) },
  { id: 'bullets', label: 'marcadores "•"', test: (t) => t.includes('•') },
  { id: 'dashes', label: 'traços "- "', test: (t) => t.includes('- ') },
  { id: 'headings', label: 'títulos "#"', test: (t) => t.includes('#') },
  { id: 'bold', label: 'negrito "**"', test: (t) => t.includes('**') },
];

export interface ConfidenceBreakdown {
  score: number;
  lengthPoints: number;
  features: string[];
  keywords: string[];
}

export function confidenceBreakdown(text: string): ConfidenceBreakdown {
  const lengthPoints = text.length > 1000 ? 20 : text.length > 500 ? 10 : 0;
  const features = MARKDOWN_FEATURES.filter((f) => f.test(text)).map((f) => f.id);
  const lower = text.toLowerCase();
  const keywords = CONFIDENCE_KEYWORDS.filter((k) => lower.includes(k.toLowerCase()));
  const raw = 50 + lengthPoints + 5 * features.length + 2 * keywords.length;
  return { score: Math.min(100, Math.max(0, raw)), lengthPoints, features, keywords };
}

export function confidenceScore(text: string): number {
  return confidenceBreakdown(text).score;
}

/** Spec 01 §5: at least 80 green, 60 to 79 yellow, below 60 red. */
export function confidenceBand(score: number): { band: 'alta' | 'moderada' | 'baixa'; label: string } {
  if (score >= 80) return { band: 'alta', label: 'Alta Confiança' };
  if (score >= 60) return { band: 'moderada', label: 'Confiança Moderada' };
  return { band: 'baixa', label: 'Baixa Confiança' };
}
