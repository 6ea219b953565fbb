import { z } from 'zod';
import { secureAnalysisResponse } from './analysis.ts';

/**
 * The facts `POST /api/secure-analysis` reads from its text (issue 18 item 6) with the documents'
 * reader (`@viabiliza/extract/text-facts`): each one echoed with the phrase it came from under
 * 'Dados lidos do texto', and fed to the engine as the questionnaire.
 */
export const TEXT_FACT_LABELS = {
  endereco: 'Endereço',
  cidade: 'Cidade',
  uf: 'Estado',
  area_privativa_m2: 'Área útil / privativa',
  area_total_m2: 'Área total',
  area_construida_m2: 'Área construída',
  area_terreno_m2: 'Área do terreno',
  preco: 'Preço',
  aluguel: 'Aluguel mensal',
  condominio: 'Condomínio mensal',
  iptu: 'IPTU anual',
  matricula: 'Matrícula',
  onus: 'Ônus',
} as const;
export type TextFactKey = keyof typeof TEXT_FACT_LABELS;
const textFactKey = z.enum(Object.keys(TEXT_FACT_LABELS) as [TextFactKey, ...TextFactKey[]]);

export const textFact = z.object({
  key: textFactKey,
  label: z.string(),
  /** As shown: 'São Paulo', '80 m²', 'R$ 3.200,00', 'Alienação fiduciária (R.2, ativa)'. */
  value: z.string(),
  /** m², R$ (an IPTU given by month is turned into the year's), digits of a matrícula; null for text. */
  normalized: z.union([z.number(), z.string()]).nullable(),
  /** The phrase of the text it was read from, exactly as sent. */
  phrase: z.string(),
});
export type TextFact = z.infer<typeof textFact>;

/** What a verdict needs from the text: where, how big, for how much. The rent falls back on the city's reference. */
export const TEXT_ESSENTIALS = [
  { key: 'cidade', label: 'Cidade' },
  { key: 'area', label: 'Área (m²)' },
  { key: 'preco', label: 'Preço' },
] as const;
export type TextEssential = (typeof TEXT_ESSENTIALS)[number]['key'];

export const TEXT_ANALYSIS_MESSAGES = {
  factsTitle: 'Dados lidos do texto',
  noFacts: 'Nenhum dado do imóvel foi reconhecido no texto.',
  insufficientTitle: 'Dados insuficientes',
  insufficient: (missing: readonly string[]) =>
    `Dados insuficientes para concluir sobre a viabilidade. Informe no texto: ${missing.join(', ')}.`,
} as const;

export const secureAnalysisTextResponse = secureAnalysisResponse.extend({
  /** 'insuficiente' when the text lacks what a verdict needs: no score, never 'inviável'. */
  status: z.enum(['concluida', 'insuficiente']),
  verdict: z.object({ score: z.number().nullable(), label: z.string() }),
  facts: z.array(textFact).describe('Dados lidos do texto: cada dado com o trecho de onde veio'),
  missing: z.array(z.object({ key: z.string(), label: z.string() })).describe('O que falta para um veredito (vazio quando concluída)'),
});
export type SecureAnalysisTextResponse = z.infer<typeof secureAnalysisTextResponse>;
