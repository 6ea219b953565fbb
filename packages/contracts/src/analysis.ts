import { z } from 'zod';
import { analysisResultSchema } from './analysis-result.ts';
import { ANALYSIS_TYPES } from './analysis-types.ts';
import { questionnaireSchema } from './questionnaire.ts';

/** Analysis types a person can run (spec 01 §3): see analysis-types.ts. */
export { ANALYSIS_TYPES, ANALYSIS_TYPE_DESCRIPTIONS, ANALYSIS_TYPE_LABELS, analysisTypeLabel } from './analysis-types.ts';
export const analysisType = z.enum(ANALYSIS_TYPES);
export type AnalysisType = z.infer<typeof analysisType>;

// ------------------------------------------------------------------------------------------------
// Assumptions the person may override for one analysis (DESIGN: every figure explained, every
// assumption changeable). Rates are fractions (0.03 = 3%).

export const ASSUMPTION_IDS = [
  'itbiRate',
  'notaryRate',
  'downPaymentRate',
  'financingRateAnnual',
  'financingTermMonths',
  'discountRateAnnual',
  'holdingYears',
  'appreciationAnnual',
  'rentPerSqm',
  'vacancyRate',
  'managementRate',
  'maintenanceRate',
  'salePricePerSqm',
  'constructionCostPerSqm',
  'sellableEfficiency',
  'softCostRate',
  'commissionRate',
  'retRate',
  'targetMargin',
  'constructionMonths',
  'salesMonths',
  // time-tax (issue 17): hurdle rate, indexation, tax on rent, exit
  'riskPremium',
  'inflationAnnual',
  'igpmAnnual',
  'rentIndex',
  'ownerType',
  'exitCostRate',
  'exitCapRate',
  // development (issue 17, item 2): incorporação phases, budget, distratos, plano empresário
  'approvalMonths',
  'cubExclusionsRate',
  'inccAnnual',
  'distratoRate',
  'constructionLoanShare',
  'constructionLoanRateAnnual',
  // financing (issue 17, item 4b): TR, MIP/DFI insurance, bank fee, borrower's age
  'trMonthly',
  'borrowerAge',
  'mipRateMonthly',
  'dfiRateMonthly',
  'loanAdminFeeMonthly',
] as const;
export type AssumptionId = (typeof ASSUMPTION_IDS)[number];

/**
 * Bounds of each assumption a person may override (inclusive). Rates of change (appreciation, index,
 * inflation) may be negative, for stress tests; the rest cannot. Codes: rentIndex 0 = IPCA, 1 = IGP-M;
 * ownerType 0 = pessoa física, 1 = pessoa jurídica (lucro presumido), 2 = sem imposto na análise. exitCapRate 0 = exit value by
 * appreciation instead of by exit yield.
 */
export const ASSUMPTION_BOUNDS: Record<AssumptionId, { min: number; max: number }> = {
  itbiRate: { min: 0, max: 0.2 },
  notaryRate: { min: 0, max: 0.2 },
  downPaymentRate: { min: 0, max: 1 },
  financingRateAnnual: { min: 0, max: 1 },
  financingTermMonths: { min: 0, max: 600 },
  discountRateAnnual: { min: 0, max: 1 },
  holdingYears: { min: 0, max: 50 },
  // Beyond ±30 % a year the engine computes and warns (a flip or a distressed purchase can do it).
  appreciationAnnual: { min: -0.9, max: 3 },
  rentPerSqm: { min: 0, max: 10_000 },
  vacancyRate: { min: 0, max: 1 },
  managementRate: { min: 0, max: 1 },
  maintenanceRate: { min: 0, max: 0.2 },
  salePricePerSqm: { min: 0, max: 1e6 },
  constructionCostPerSqm: { min: 0, max: 1e6 },
  sellableEfficiency: { min: 0, max: 1 },
  softCostRate: { min: 0, max: 5 },
  commissionRate: { min: 0, max: 1 },
  retRate: { min: 0, max: 1 },
  targetMargin: { min: -1, max: 1 },
  constructionMonths: { min: 0, max: 600 },
  salesMonths: { min: 0, max: 600 },
  riskPremium: { min: -0.1, max: 0.5 },
  inflationAnnual: { min: -0.3, max: 1 },
  igpmAnnual: { min: -0.3, max: 1 },
  rentIndex: { min: 0, max: 1 },
  ownerType: { min: 0, max: 2 },
  exitCostRate: { min: 0, max: 0.5 },
  exitCapRate: { min: 0, max: 0.5 },
  approvalMonths: { min: 0, max: 120 },
  cubExclusionsRate: { min: 0, max: 3 },
  inccAnnual: { min: -0.2, max: 0.5 },
  distratoRate: { min: 0, max: 0.9 },
  constructionLoanShare: { min: 0, max: 1 },
  constructionLoanRateAnnual: { min: 0, max: 1 },
  trMonthly: { min: -0.01, max: 0.05 },
  borrowerAge: { min: 18, max: 80 },
  mipRateMonthly: { min: 0, max: 0.01 },
  dfiRateMonthly: { min: 0, max: 0.01 },
  loanAdminFeeMonthly: { min: 0, max: 1000 },
};

function formatBound(x: number): string {
  return x.toLocaleString('pt-BR', { maximumFractionDigits: 4 });
}

export const assumptionOverrides = z
  .partialRecord(z.enum(ASSUMPTION_IDS), z.number().finite())
  .superRefine((overrides, ctx) => {
    for (const [id, value] of Object.entries(overrides) as [AssumptionId, number | undefined][]) {
      const b = ASSUMPTION_BOUNDS[id];
      if (typeof value !== 'number' || !b) continue;
      if (value < b.min || value > b.max) {
        ctx.addIssue({
          code: 'custom',
          path: [id],
          message: `Premissa ${id} fora dos limites: use um valor entre ${formatBound(b.min)} e ${formatBound(b.max)}.`,
        });
      }
    }
  });
export type AssumptionOverrides = z.infer<typeof assumptionOverrides>;

// ------------------------------------------------------------------------------------------------
// Runs (spec 01 §4 'Analysis run')

export const RUN_STATUSES = [
  'queued',
  'checking_cache',
  'preparing',
  'building_content',
  'creating_property',
  'secure_analysis',
  'saving',
  'completed',
  'failed',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STEP_LABELS: Record<RunStatus, string> = {
  queued: 'Na fila...',
  checking_cache: 'Verificando cache...',
  preparing: 'Preparando análise...',
  building_content: 'Montando conteúdo dos documentos...',
  creating_property: 'Criando registro da propriedade...',
  secure_analysis: 'Calculando a análise...',
  saving: 'Salvando resultados...',
  completed: 'Análise concluída!',
  failed: 'Análise falhou',
};

export const ANALYSIS_MESSAGES = {
  noData: 'Preencha pelo menos algumas informações do questionário ou faça upload de documentos',
  loginRequired: 'Você precisa estar logado para realizar análises',
  filesWithoutText: (names: string[]) => `Arquivos sem texto válido: ${names.join(', ')}`,
  /** Issue 18: a run waits for every document still being read (uploaded or processing). */
  documentsReading: (count: number) => (count === 1 ? 'Aguarde: 1 documento em leitura' : `Aguarde: ${count} documentos em leitura`),
  insufficientContent: 'Conteúdo insuficiente para análise. Preencha mais informações no questionário ou adicione documentos.',
  failedToast: (message: string) => `Erro na análise: ${message}`,
  failedTitle: 'Análise Falhou',
  unknownError: 'Erro desconhecido',
  rateLimited: 'Limite de uso excedido. Aguarde alguns minutos antes de tentar novamente.',
  timeout: 'Timeout na análise. Tente com arquivos menores ou aguarde alguns minutos.',
  saved: 'Análise salva com sucesso!',
  savedDescription: 'Você pode encontrá-la no seu histórico de análises.',
  cached: 'Resultado idêntico encontrado: a análise anterior foi reaproveitada.',
  propertyNotFound: 'Não foi possível identificar a propriedade para salvar a análise',
  notFound: 'Análise não encontrada',
  interrupted: 'A análise foi interrompida por uma reinicialização do servidor.',
} as const;

/** Spec 01 §5 'Analysis run preconditions'. */
export const ANALYSIS_LIMITS = { minFileTextChars: 10, minCombinedChars: 50 } as const;

export const startRunBody = z.object({
  analysisType,
  questionnaire: questionnaireSchema.default({}),
  documentIds: z.array(z.uuid()).max(20).default([]),
  /** Save against this property (it must be the user's); without it the run creates one, titled by its address (`defaultPropertyTitle`). */
  propertyId: z.uuid().optional(),
  /** A provider id from GET /api/ai/providers; without it the built-in engine ('local') writes the report. */
  provider: z.string().max(40).optional(),
  overrides: assumptionOverrides.default({}),
});
export type StartRunBody = z.input<typeof startRunBody>;

export const runSummary = z.object({
  id: z.uuid(),
  status: z.enum(RUN_STATUSES),
  stepLabel: z.string(),
  analysisType,
  /** Identical inputs returned an earlier result at once. */
  cached: z.boolean(),
  analysisId: z.uuid().nullable(),
  propertyId: z.uuid().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RunSummary = z.infer<typeof runSummary>;

export const analysisDetail = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  property: z.object({
    id: z.uuid(),
    title: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  analysisType: z.string(),
  resultContent: z.string(),
  /**
   * The engine's structured result, current version (the server upgrades older stored results
   * with parseAnalysisResult; null when there is none or it cannot be read).
   */
  result: analysisResultSchema.nullable(),
  providerUsed: z.string().nullable(),
  providerName: z.string().nullable(),
  model: z.string().nullable(),
  tokensUsed: z.number().int().nullable(),
  confidenceScore: z.number().nullable(),
  completeness: z.number().nullable(),
  viabilityScore: z.number().nullable(),
  createdAt: z.string(),
});
export type AnalysisDetail = z.infer<typeof analysisDetail>;

// ------------------------------------------------------------------------------------------------
// Providers (spec 01 §3 'Providers', §7 'Secure analysis service')

export const providerInfo = z.object({
  id: z.string(),
  name: z.string(),
  configured: z.boolean(),
  priority: z.number().int(),
});
export type ProviderInfo = z.infer<typeof providerInfo>;

export const PROVIDER_NAMES: Record<string, string> = {
  local: 'Motor Viabiliza',
  gemini: 'Gemini',
  openai: 'OpenAI',
  huggingface: 'Hugging Face',
  'openai-compatible': 'Servidor compatível com OpenAI',
};

/** The report card's badge (spec 01 §2: 'Gerado com Gemini' / 'Gerado com OpenAI'). */
export function providerBadge(provider: string | null | undefined): string {
  return `Gerado com ${PROVIDER_NAMES[provider ?? 'local'] ?? provider}`;
}

export const secureAnalysisBody = z.object({
  /** The spec's prototype defaulted to openai; here the default is the provider always present, 'local'. */
  provider: z.string().max(40).default('local'),
  text: z.string().min(1).max(200_000),
  analysisType: z.string().max(40),
});
export const secureAnalysisResponse = z.object({
  content: z.string(),
  provider: z.string(),
  tokens_used: z.number().int(),
  model: z.string(),
});
export type SecureAnalysisResponse = z.infer<typeof secureAnalysisResponse>;

/** Spec 01 §9 'Analysis service retry'. */
export const PROVIDER_RETRY = { retries: 3, baseDelayMs: 2000, maxDelayMs: 10_000, factor: 2 } as const;
export const PROVIDER_MESSAGES = {
  rateLimited: 'Rate limit exceeded. Please try again later.',
  invalidResponse: 'Invalid response from secure analysis service',
  timeout: 'Timeout na análise. Tente com arquivos menores ou aguarde alguns minutos.',
  notConfigured: (name: string) => `Provedor ${name} não está configurado`,
} as const;

/** Demo mode ('Ver Exemplo', 'Ver Análise Demo'): the engine run on a shipped example property. */
export const exampleAnalysis = analysisDetail
  .omit({ id: true, propertyId: true, createdAt: true })
  .extend({ exampleId: z.string(), property: analysisDetail.shape.property.omit({ id: true }) });
export type ExampleAnalysis = z.infer<typeof exampleAnalysis>;
