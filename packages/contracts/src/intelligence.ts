import { z } from 'zod';

/**
 * What the analysis' intelligence tabs show (spec 01 §2 'Análise de Sentimento', §3 'Sentiment
 * result'; spec 02 §3 predictive analysis, AI suggestion, insight), each derived by the engine
 * (packages/engine: sentiment.ts, insight-cards.ts, valuation-explained.ts, projections.ts,
 * suggestions.ts) from the saved analysis, its documents and the reference data. Scores 0–100,
 * money in BRL, rates as fractions.
 */

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const sentimentLabel = z.enum(SENTIMENTS);
export type SentimentLabel = z.infer<typeof sentimentLabel>;

export const SENTIMENT_LABELS: Record<SentimentLabel, string> = { positive: 'Positivo', neutral: 'Neutro', negative: 'Negativo' };

export const SENTIMENT_ASPECTS = ['location', 'price', 'condition', 'potential'] as const;
export type SentimentAspectId = (typeof SENTIMENT_ASPECTS)[number];
export const SENTIMENT_ASPECT_LABELS: Record<SentimentAspectId, string> = {
  location: 'Localização',
  price: 'Preço',
  condition: 'Estado',
  potential: 'Potencial',
};

export const sentimentAspect = z.object({
  /** null when nothing in the analysis speaks to this aspect. */
  sentiment: sentimentLabel.nullable(),
  score: z.number().min(0).max(100).nullable(),
  /** Why the score is what it is: the engine figures and the document terms behind it. */
  reasons: z.array(z.string()),
});

export const lexiconHit = z.object({
  term: z.string(),
  polarity: z.enum(['positive', 'negative']),
  count: z.number().int(),
  /** First document and page where the term appears. */
  documentId: z.string(),
  fileName: z.string(),
  page: z.number().int(),
});

export const sentimentResult = z.object({
  overall: sentimentLabel,
  score: z.number().min(0).max(100),
  /** 0–100: how much of the analysis the sentiment rests on (aspects computed, data completeness, document terms). */
  confidence: z.number().min(0).max(100),
  aspects: z.object({
    location: sentimentAspect,
    price: sentimentAspect,
    condition: sentimentAspect,
    potential: sentimentAspect,
  }),
  keywords: z.array(z.object({ term: z.string(), weight: z.number(), count: z.number().int() })),
  lexicon: z.array(lexiconHit),
  summary: z.string(),
  documentsRead: z.number().int(),
});
export type SentimentResult = z.infer<typeof sentimentResult>;

/** Where an insight or suggestion comes from: a document page, or a figure of the analysis. */
export const insightLink = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), documentId: z.string(), fileName: z.string(), page: z.number().int(), label: z.string() }),
  z.object({ kind: z.literal('figure'), label: z.string() }),
]);
export type InsightLink = z.infer<typeof insightLink>;

export const insightCard = z.object({
  id: z.string(),
  type: z.enum(['opportunity', 'risk']),
  title: z.string(),
  description: z.string(),
  /** 0–100, from the kind of evidence behind it (document, reference, calculation, assumption). */
  confidence: z.number().min(0).max(100),
  impact: z.enum(['high', 'medium', 'low']),
  links: z.array(insightLink),
});
export type InsightCard = z.infer<typeof insightCard>;

export const IMPACT_LABELS: Record<InsightCard['impact'], string> = { high: 'Alto', medium: 'Médio', low: 'Baixo' };

export const valuationExplanation = z.object({
  available: z.boolean(),
  /** Why there is no range, when there is none. */
  reason: z.string().nullable(),
  referencePricePerSqm: z.number().nullable(),
  referenceLabel: z.string().nullable(),
  area: z.number().nullable(),
  areaLabel: z.string().nullable(),
  adjustments: z.array(z.object({ label: z.string(), rate: z.number() })),
  low: z.number().nullable(),
  mid: z.number().nullable(),
  high: z.number().nullable(),
  spread: z.number(),
  askedPrice: z.number().nullable(),
  /** (asked − mid) ÷ mid. */
  askedVsMid: z.number().nullable(),
  steps: z.array(z.string()),
  notes: z.array(z.string()),
  nbrNote: z.string(),
});
export type ValuationExplanation = z.infer<typeof valuationExplanation>;

/** The real appreciation rate the person may set for the projections (fraction a.a.). */
export const REAL_RATE_LIMITS = { min: -0.1, max: 0.1, default: 0 } as const;
export const projectionQuery = z.object({
  realRate: z.coerce
    .number({ message: 'Taxa real inválida' })
    .min(REAL_RATE_LIMITS.min, 'A taxa real deve ficar entre -10% e 10% ao ano')
    .max(REAL_RATE_LIMITS.max, 'A taxa real deve ficar entre -10% e 10% ao ano')
    .default(REAL_RATE_LIMITS.default),
});

export const RECOMMENDATION_ACTIONS = ['buy', 'hold', 'sell', 'wait'] as const;
export const RECOMMENDATION_LABELS: Record<(typeof RECOMMENDATION_ACTIONS)[number], string> = {
  buy: 'Comprar',
  hold: 'Manter / negociar',
  sell: 'Vender / não comprar',
  wait: 'Aguardar',
};
export const RISK_LEVEL_LABELS = { low: 'Baixo', medium: 'Médio', high: 'Alto' } as const;

export const projectionResult = z.object({
  /** Always true: these are scenarios from stated assumptions, not forecasts. */
  scenario: z.literal(true),
  basis: z.object({ label: z.string(), value: z.number() }).nullable(),
  assumptions: z.object({
    ipca: z.number(),
    ipcaLabel: z.string(),
    ipcaAsOf: z.string(),
    ipcaSource: z.string(),
    realRate: z.number(),
    nominalRate: z.number(),
    selic: z.number().nullable(),
    selicAsOf: z.string().nullable(),
  }),
  priceProjection: z
    .object({ current: z.number(), projected6m: z.number(), projected1y: z.number(), projected2y: z.number() })
    .nullable(),
  monthly: z.array(z.object({ month: z.string(), index: z.number().int(), value: z.number().nullable(), prediction: z.number() })),
  riskAssessment: z.object({
    level: z.enum(['low', 'medium', 'high']),
    points: z.number(),
    factors: z.array(z.object({ factor: z.string(), impact: z.enum(['high', 'medium', 'low']), description: z.string() })),
  }),
  investmentRecommendation: z.object({
    action: z.enum(RECOMMENDATION_ACTIONS),
    confidence: z.number().min(0).max(100),
    reasoning: z.array(z.string()),
    rule: z.string(),
  }),
  notes: z.array(z.string()),
});
export type ProjectionResult = z.infer<typeof projectionResult>;

export const SUGGESTION_TYPES = ['optimization', 'opportunity', 'warning', 'insight'] as const;
export const SUGGESTION_TYPE_LABELS: Record<(typeof SUGGESTION_TYPES)[number], string> = {
  optimization: 'Otimização',
  opportunity: 'Oportunidade',
  warning: 'Alerta',
  insight: 'Insight',
};
export const suggestion = z.object({
  id: z.string(),
  type: z.enum(SUGGESTION_TYPES),
  title: z.string(),
  description: z.string(),
  confidence: z.number().min(0).max(100),
  actionable: z.boolean(),
  links: z.array(insightLink),
});
export type Suggestion = z.infer<typeof suggestion>;

export const intelligenceResponse = z.object({
  analysisId: z.string(),
  generatedAt: z.string(),
  sentiment: sentimentResult.nullable(),
  insights: z.array(insightCard),
  valuation: valuationExplanation,
  suggestions: z.array(suggestion),
});
export type IntelligenceResponse = z.infer<typeof intelligenceResponse>;

export const INTELLIGENCE_MESSAGES = {
  sentimentEmpty: 'Inicie uma análise para ver os resultados de sentimento',
  insightsDone: 'Insights gerados com sucesso!',
  valuationDone: 'Avaliação automatizada concluída!',
  noAnalyses: 'Você ainda não tem análises. Faça uma análise para ver a IA avançada aplicada ao seu imóvel.',
  noResult: 'Esta análise não tem resultado estruturado.',
} as const;
