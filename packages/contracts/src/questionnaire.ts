import { z } from 'zod';

/**
 * The property questionnaire (spec 01 §3 'Questionnaire', §5 questionnaire rules). Every field is
 * optional; numbers travel as the strings the person typed (pt-BR, e.g. '450.000,00') and are
 * read with `parseBrNumber`, so nothing typed is lost on the way.
 */

export const PROPERTY_TYPES = ['casa', 'apartamento', 'terreno', 'comercial', 'galpao', 'cobertura', 'sala', 'outro'] as const;
export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  casa: 'Casa',
  apartamento: 'Apartamento',
  terreno: 'Terreno',
  comercial: 'Comercial',
  galpao: 'Galpão',
  cobertura: 'Cobertura',
  sala: 'Sala comercial',
  outro: 'Outro',
};

export const CONDITIONS = ['novo', 'bom', 'regular', 'reformar'] as const;
export const CONDITION_LABELS: Record<(typeof CONDITIONS)[number], string> = {
  novo: 'Novo',
  bom: 'Bom estado',
  regular: 'Regular',
  reformar: 'Precisa de reforma',
};

export const LEGAL_STATUSES = ['regular', 'pendencias', 'restricoes'] as const;
export const LEGAL_STATUS_LABELS: Record<(typeof LEGAL_STATUSES)[number], string> = {
  regular: 'Regular',
  pendencias: 'Com pendências',
  restricoes: 'Com restrições',
};

export const MAIN_OBJECTIVES = ['venda', 'locacao', 'investimento', 'desenvolvimento'] as const;
export const MAIN_OBJECTIVE_LABELS: Record<(typeof MAIN_OBJECTIVES)[number], string> = {
  venda: 'Venda',
  locacao: 'Locação',
  investimento: 'Investimento',
  desenvolvimento: 'Desenvolvimento / incorporação',
};

export const TIMEFRAMES = ['urgente', '3meses', '6meses', '1ano', 'flexivel'] as const;
export const TIMEFRAME_LABELS: Record<(typeof TIMEFRAMES)[number], string> = {
  urgente: 'Urgente',
  '3meses': 'Até 3 meses',
  '6meses': 'Até 6 meses',
  '1ano': 'Até 1 ano',
  flexivel: 'Flexível',
};

export const PURPOSES = ['residencial', 'comercial', 'investimento', 'desenvolvimento'] as const;
export const PURPOSE_LABELS: Record<(typeof PURPOSES)[number], string> = {
  residencial: 'Residencial',
  comercial: 'Comercial',
  investimento: 'Investimento',
  desenvolvimento: 'Desenvolvimento',
};

export const FEATURES = ['piscina', 'jardim', 'churrasqueira', 'elevador', 'sacada', 'garagem-coberta'] as const;
export const FEATURE_LABELS: Record<(typeof FEATURES)[number], string> = {
  piscina: 'Piscina',
  jardim: 'Jardim',
  churrasqueira: 'Churrasqueira',
  elevador: 'Elevador',
  sacada: 'Sacada',
  'garagem-coberta': 'Garagem coberta',
};

export const DOCUMENT_OPTIONS = [
  'escritura',
  'matricula',
  'iptu',
  'habite-se',
  'aprovacao-plantas',
  'certidao-negativa',
  'laudo-vistoria',
] as const;
export const DOCUMENT_OPTION_LABELS: Record<(typeof DOCUMENT_OPTIONS)[number], string> = {
  escritura: 'Escritura',
  matricula: 'Matrícula atualizada',
  iptu: 'IPTU',
  'habite-se': 'Habite-se',
  'aprovacao-plantas': 'Aprovação de plantas',
  'certidao-negativa': 'Certidão negativa de ônus',
  'laudo-vistoria': 'Laudo de vistoria',
};

export const BRAZILIAN_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN',
  'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

export const CEP_MESSAGE = 'CEP deve ter o formato 00000-000';
const CEP_PATTERN = /^\d{5}-?\d{3}$/;
export const NUMBER_MESSAGE = 'Informe um número válido';

/** Reads a number typed the Brazilian way ('1.234,56', '1234.56', 'R$ 450 mil' is not a number). */
export function parseBrNumber(raw: string | undefined | null): number | null {
  if (raw === undefined || raw === null) return null;
  let s = raw.trim().replace(/^R\$\s*/i, '').replace(/\s+/g, '').replace(/m²$|m2$|%$/i, '');
  if (s === '') return null;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const text = (max: number) => z.string().trim().max(max, `Máximo de ${max} caracteres`).optional();
const numeric = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || (parseBrNumber(v) !== null && parseBrNumber(v)! >= 0), NUMBER_MESSAGE)
  .optional();

/** Most comparables one questionnaire carries. */
export const MAX_COMPARABLES = 20;
export const COMPARABLE_KINDS = ['venda', 'aluguel'] as const;
export const COMPARABLE_KIND_LABELS: Record<(typeof COMPARABLE_KINDS)[number], string> = { venda: 'Venda', aluguel: 'Aluguel (mensal)' };
const requiredNumber = z
  .string()
  .trim()
  .max(30)
  .refine((v) => parseBrNumber(v) !== null && parseBrNumber(v)! > 0, NUMBER_MESSAGE);

/**
 * A comparable the person found (listing, deed, broker's opinion): address, area, price (the
 * monthly rent for kind 'aluguel'), date (yyyy-mm-dd or yyyy-mm) and where it came from.
 */
export const comparableSchema = z.object({
  address: z.string().trim().min(1, 'Informe o endereço').max(200, 'Máximo de 200 caracteres'),
  area: requiredNumber,
  price: requiredNumber,
  date: z.string().trim().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'Informe a data (aaaa-mm-dd)'),
  kind: z.enum(COMPARABLE_KINDS).optional(),
  source: z.string().trim().max(200, 'Máximo de 200 caracteres').optional(),
});
export type Comparable = z.output<typeof comparableSchema>;

export const LAND_DEAL_OPTIONS = ['cash', 'permuta-fisica', 'permuta-financeira'] as const;
export const TAX_REGIME_OPTIONS = ['ret', 'ret-mcmv', 'presumido'] as const;

/**
 * 'Premissas do empreendimento' (issue 17, item 2): optional inputs of a development, shown only for
 * development purposes. Numbers are typed strings like the rest; shares are percentages ('10' = 10 %).
 * Empty fields fall back on the assumptions (prazo de obra, de vendas…) or the engine's defaults.
 */
export const developmentInputsSchema = z.object({
  units: numeric,
  privateAreaPerUnit: numeric,
  pricePerSqm: numeric,
  /** Unit types; when given, they replace units × privateAreaPerUnit. */
  mix: z
    .array(z.object({ count: numeric, privateArea: numeric, pricePerSqm: numeric }))
    .max(10)
    .optional(),
  approvalMonths: numeric,
  worksMonths: numeric,
  salesMonths: numeric,
  landDeal: z.enum(LAND_DEAL_OPTIONS).optional(),
  /** Permuta: % of the units (física) or of the receipts (financeira) given to the landowner. */
  landDealShare: numeric,
  /** Plano empresário: % of the works cost financed by the bank. */
  loanShare: numeric,
  taxRegime: z.enum(TAX_REGIME_OPTIONS).optional(),
  signalShare: numeric,
  monthlyShare: numeric,
  balloonShare: numeric,
  keysShare: numeric,
});
export type DevelopmentInputs = z.output<typeof developmentInputsSchema>;

/** 'Estratégia': keep and rent, or renovate and resell (flip). */
export const DEAL_STRATEGIES = ['aluguel', 'revenda'] as const;
export const DEAL_STRATEGY_LABELS: Record<(typeof DEAL_STRATEGIES)[number], string> = {
  aluguel: 'Comprar e manter para alugar',
  revenda: 'Reformar e revender',
};
export const OWNER_TYPES = ['pf', 'pj'] as const;
export const OWNER_TYPE_LABELS: Record<(typeof OWNER_TYPES)[number], string> = {
  pf: 'Pessoa física',
  pj: 'Pessoa jurídica (lucro presumido)',
};
export const FINANCING_SYSTEMS = ['SAC', 'PRICE'] as const;

const isoMonth = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}(-\d{2})?$/.test(v), 'Informe a data (aaaa-mm ou aaaa-mm-dd)')
  .optional();

/**
 * 'Estratégia, financiamento e impostos do comprador': a block of its own, like the development's
 * premissas (not a counted field). Financing is the buyer's choice ('Pretende financiar?');
 * 'Aceita financiamento' (a field above) says the seller accepts a financed buyer. Rates and shares
 * are percentages ('12' = 12 % a.a.). Every field is optional; old questionnaires parse unchanged.
 */
export const dealInputsSchema = z.object({
  strategy: z.enum(DEAL_STRATEGIES).optional(),
  // Financing chosen by the buyer
  wantsFinancing: z.boolean().optional(),
  downPayment: numeric,
  financingSystem: z.enum(FINANCING_SYSTEMS).optional(),
  financingTermMonths: numeric,
  financingRate: numeric,
  // Renovate and resell
  renovationBudget: numeric,
  renovationPerSqm: numeric,
  worksMonths: numeric,
  sellMonths: numeric,
  targetSalePrice: numeric,
  /** Water, power, gas while the unit is empty (R$/month). */
  utilitiesMonthly: numeric,
  // Owner's tax profile
  ownerType: z.enum(OWNER_TYPES).optional(),
  /** Other rent the owner already receives (R$/month): carnê-leão applies on the total. */
  otherRentalIncome: numeric,
  /** Owns other properties: the R$ 440 mil single-property exemption does not apply. */
  otherProperties: z.boolean().optional(),
  /** When the owner bought it (an owned property): FR1 before 12/2005, FR2 from then. */
  acquisitionDate: isoMonth,
  /** The cost declared for that acquisition (IR), the capital-gains basis. */
  acquisitionCost: numeric,
  // Hurdle
  /** The return the person requires (% a.a.), replacing the engine's hurdle. */
  hurdleRate: numeric,
});
export type DealInputs = z.output<typeof dealInputsSchema>;
export type DealField = keyof DealInputs;

/** Portuguese labels of the block's fields (errors and sources name them). */
export const DEAL_FIELD_LABELS: Record<DealField, string> = {
  strategy: 'Estratégia',
  wantsFinancing: 'Pretende financiar?',
  downPayment: 'Entrada (R$)',
  financingSystem: 'Sistema de amortização',
  financingTermMonths: 'Prazo do financiamento (meses)',
  financingRate: 'Taxa de juros do financiamento (% a.a.)',
  renovationBudget: 'Orçamento da reforma (R$)',
  renovationPerSqm: 'Orçamento da reforma (R$/m²)',
  worksMonths: 'Meses de obra',
  sellMonths: 'Meses para vender',
  targetSalePrice: 'Preço de venda pretendido (R$)',
  utilitiesMonthly: 'Contas de consumo com o imóvel vazio (R$/mês)',
  ownerType: 'Proprietário',
  otherRentalIncome: 'Outros aluguéis recebidos (R$/mês)',
  otherProperties: 'Possui outros imóveis?',
  acquisitionDate: 'Data da aquisição (imóvel já possuído)',
  acquisitionCost: 'Custo de aquisição declarado (R$)',
  hurdleRate: 'Retorno mínimo exigido (TMA, % a.a.)',
};

export const questionnaireSchema = z.object({
  // Informações Básicas
  address: text(200),
  // A codec, not a transform: the digits it keeps are themselves a valid CEP, so a parsed
  // questionnaire encodes back (a response schema serializes with z.encode; a one-way transform
  // made GET /api/analyses/:id/engine-input answer 500 on every questionnaire with a CEP).
  zipCode: z
    .codec(z.string().trim().refine((v) => v === '' || CEP_PATTERN.test(v), CEP_MESSAGE), z.string(), {
      decode: (v) => v.replace(/\D/g, ''),
      encode: (v) => v,
    })
    .optional(),
  city: text(100),
  state: text(2),
  neighborhood: text(100),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  purpose: z.array(z.enum(PURPOSES)).max(PURPOSES.length).optional(),
  // Características Físicas
  totalArea: numeric,
  builtArea: numeric,
  usableArea: numeric,
  bedrooms: numeric,
  bathrooms: numeric,
  parkingSpaces: numeric,
  features: z.array(z.enum(FEATURES)).max(FEATURES.length).optional(),
  condition: z.enum(CONDITIONS).optional(),
  // Aspectos Financeiros
  targetValue: numeric,
  pricePerSqm: numeric,
  annualTax: numeric,
  condominiumFee: numeric,
  acceptsFinancing: z.boolean().optional(),
  minimumDownPayment: numeric,
  /** Monthly rent the owner expects or charges; the engine uses the city's reference when empty. */
  monthlyRent: numeric,
  // Documentação e Legal
  availableDocuments: z.array(z.enum(DOCUMENT_OPTIONS)).max(DOCUMENT_OPTIONS.length).optional(),
  legalStatus: z.enum(LEGAL_STATUSES).optional(),
  licenses: z.array(z.string().max(100)).max(20).optional(),
  // Objetivos e Observações
  mainObjective: z.enum(MAIN_OBJECTIVES).optional(),
  timeframe: z.enum(TIMEFRAMES).optional(),
  additionalNotes: text(2000),
  /** Comparables (issue 17 item 5): not a questionnaire 'field' (not counted, not in the content text). */
  comparables: z.array(comparableSchema).max(MAX_COMPARABLES, `Máximo de ${MAX_COMPARABLES} comparáveis`).optional(),
  /** Premissas do empreendimento (issue 17 item 2): a block of its own, not a 'field' (not counted, not in the content text). */
  development: developmentInputsSchema.optional(),
  /** Estratégia, financiamento e impostos do comprador: a block of its own, not a 'field'. */
  deal: dealInputsSchema.optional(),
});
export type QuestionnaireInput = z.input<typeof questionnaireSchema>;
export type Questionnaire = z.output<typeof questionnaireSchema>;
/** The form's fields; comparables are a list of their own, not a field. */
export type QuestionnaireField = Exclude<keyof Questionnaire, 'comparables' | 'development' | 'deal'>;

/** Portuguese labels of every field, in form order; the engine cites these as sources. */
export const QUESTIONNAIRE_FIELD_LABELS: Record<QuestionnaireField, string> = {
  address: 'Endereço',
  zipCode: 'CEP',
  city: 'Cidade',
  state: 'Estado',
  neighborhood: 'Bairro',
  propertyType: 'Tipo de imóvel',
  purpose: 'Finalidade',
  totalArea: 'Área total (m²)',
  builtArea: 'Área construída (m²)',
  usableArea: 'Área útil (m²)',
  bedrooms: 'Quartos',
  bathrooms: 'Banheiros',
  parkingSpaces: 'Vagas de garagem',
  features: 'Características',
  condition: 'Estado de conservação',
  targetValue: 'Valor pretendido (R$)',
  pricePerSqm: 'Preço por m² (R$)',
  annualTax: 'IPTU anual (R$)',
  condominiumFee: 'Condomínio mensal (R$)',
  acceptsFinancing: 'Aceita financiamento',
  minimumDownPayment: 'Entrada mínima (R$)',
  monthlyRent: 'Aluguel mensal (R$)',
  availableDocuments: 'Documentos disponíveis',
  legalStatus: 'Situação legal',
  licenses: 'Licenças',
  mainObjective: 'Objetivo principal',
  timeframe: 'Prazo',
  additionalNotes: 'Observações adicionais',
};

export const QUESTIONNAIRE_SECTIONS = [
  { id: 'basic', title: 'Informações Básicas', fields: ['address', 'zipCode', 'city', 'state', 'neighborhood', 'propertyType', 'purpose'] },
  {
    id: 'physical',
    title: 'Características Físicas',
    fields: ['totalArea', 'builtArea', 'usableArea', 'bedrooms', 'bathrooms', 'parkingSpaces', 'features', 'condition'],
  },
  {
    id: 'financial',
    title: 'Aspectos Financeiros',
    fields: ['targetValue', 'pricePerSqm', 'annualTax', 'condominiumFee', 'monthlyRent', 'acceptsFinancing', 'minimumDownPayment'],
  },
  { id: 'legal', title: 'Documentação e Legal', fields: ['availableDocuments', 'legalStatus'] },
  { id: 'goals', title: 'Objetivos e Observações', fields: ['mainObjective', 'timeframe', 'additionalNotes'] },
] as const satisfies readonly { id: string; title: string; fields: readonly QuestionnaireField[] }[];

/** Spec 01 §5: a non-empty list, a non-blank string or any other non-null value counts as data. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/**
 * The fields the progress counts: every field the form has an input for (the five sections). The
 * spec's prototype divided by a fixed 25 while its form had more inputs, so it read '26 de 25 campos
 * preenchidos' and reached 100 % with fields empty; the total here is the fields themselves.
 * `licenses` (no input), the comparables and 'Premissas do empreendimento' are not counted.
 */
export const QUESTIONNAIRE_COUNTED_FIELDS: readonly QuestionnaireField[] = QUESTIONNAIRE_SECTIONS.flatMap((s) => s.fields);
export const QUESTIONNAIRE_PROGRESS_TOTAL = QUESTIONNAIRE_COUNTED_FIELDS.length;

/** Counted fields that hold data: never more than `QUESTIONNAIRE_PROGRESS_TOTAL`. */
export function filledFieldCount(q: QuestionnaireInput): number {
  return QUESTIONNAIRE_COUNTED_FIELDS.filter((field) => isFilled(q[field])).length;
}

/** Spec 01 §9: filled fields over the total, as a percentage; 100 only when every counted field is filled. */
export function questionnaireProgress(q: QuestionnaireInput): number {
  const filled = filledFieldCount(q);
  if (filled >= QUESTIONNAIRE_PROGRESS_TOTAL) return 100;
  return Math.min(99, Math.round((filled / QUESTIONNAIRE_PROGRESS_TOTAL) * 100));
}

/** Any field with data (`licenses` included, which an API client can send), comparables and premissas aside. */
export function hasQuestionnaireData(q: QuestionnaireInput): boolean {
  return Object.entries(q).some(([k, v]) => k !== 'comparables' && k !== 'development' && k !== 'deal' && isFilled(v));
}

/**
 * The questionnaire as the text an analysis reads ('Cidade: São Paulo', one line per filled field);
 * its length is the questionnaire's share of the spec's 'combined content' (spec 01 §5), counted the
 * same way by the browser and the server.
 */
export function questionnaireContent(q: QuestionnaireInput): string {
  return (Object.keys(QUESTIONNAIRE_FIELD_LABELS) as QuestionnaireField[])
    .filter((field) => isFilled(q[field]))
    .map((field) => {
      const value = q[field];
      const text = Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'Sim' : 'Não') : String(value);
      return `${QUESTIONNAIRE_FIELD_LABELS[field]}: ${text}`;
    })
    .join('\n');
}

/**
 * The Portuguese label of the questionnaire field a validation path points at
 * ('/questionnaire/monthlyRent' → 'Aluguel mensal (R$)', '/questionnaire/deal/renovationBudget' →
 * 'Orçamento da reforma (R$)'), so an error names the field; null for any other path.
 */
export function questionnaireFieldLabelForPath(path: string): string | null {
  const parts = path.split(/[/.]/).filter(Boolean);
  const last = parts[parts.length - 1];
  if (!last) return null;
  if (parts[parts.length - 2] === 'deal' && last in DEAL_FIELD_LABELS) return DEAL_FIELD_LABELS[last as DealField];
  if (last in QUESTIONNAIRE_FIELD_LABELS) return QUESTIONNAIRE_FIELD_LABELS[last as QuestionnaireField];
  return null;
}
