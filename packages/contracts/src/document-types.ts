/**
 * The one registry of document types: what extraction classifies into, what the engine reasons
 * about and what the web shows. A type added here must be handled wherever a
 * `Record<DocumentTypeId, …>` is kept (the engine's lists are typed that way), so a new type
 * cannot be skipped silently.
 */

export const DOCUMENT_FAMILIES = ['registry', 'tax', 'certidao', 'contract', 'personal', 'receipt', 'other'] as const;
export type DocumentFamily = (typeof DOCUMENT_FAMILIES)[number];

export const DOCUMENT_FAMILY_LABELS: Record<DocumentFamily, string> = {
  registry: 'Registro de imóveis',
  tax: 'Tributos',
  certidao: 'Certidões',
  contract: 'Contratos e escrituras',
  personal: 'Documentos pessoais',
  receipt: 'Recibos e comprovantes',
  other: 'Outros',
};

/** Key fields a document can carry, with their Portuguese labels, in display order. */
export const FIELD_LABELS = {
  matricula_numero: 'Número da matrícula',
  cartorio: 'Cartório',
  cnm: 'CNM',
  inscricao_imobiliaria: 'Inscrição imobiliária',
  endereco: 'Endereço do imóvel',
  cep: 'CEP',
  cidade: 'Cidade',
  uf: 'UF',
  area_privativa_m2: 'Área privativa',
  area_total_m2: 'Área total',
  area_terreno_m2: 'Área do terreno',
  area_construida_m2: 'Área construída',
  fracao_ideal: 'Fração ideal',
  valor_transacao: 'Valor da transação',
  valor_venal: 'Valor venal',
  valor_venal_referencia: 'Valor venal de referência',
  base_calculo_itbi: 'Base de cálculo do ITBI',
  aliquota: 'Alíquota',
  valor_imposto: 'Valor do imposto',
  valor_pago: 'Valor pago',
  data_pagamento: 'Data do pagamento',
  data_vencimento: 'Vencimento',
  data_emissao: 'Data de emissão',
  validade: 'Validade',
  resultado_certidao: 'Resultado da certidão',
  valor: 'Valor',
  data: 'Data',
  parte: 'Parte',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  onus: 'Ônus / restrição',
} as const;
export type FieldKey = keyof typeof FIELD_LABELS;
export const FIELD_KEYS = Object.keys(FIELD_LABELS) as FieldKey[];

/**
 * How long a certificate serves, from its issue date: a fixed number of days set by law, the
 * validity printed on it (with a fallback when none is printed), or none (not a certificate).
 */
export type ValidityRule =
  | { kind: 'none' }
  | { kind: 'days'; days: number; basis: string }
  | { kind: 'printed'; fallbackDays: number | null; basis: string };

export interface DocumentTypeInfo {
  label: string;
  family: DocumentFamily;
  /** The property facts this type carries; extraction and the benchmark measure these. */
  fields: readonly FieldKey[];
  validity: ValidityRule;
}

const NONE: ValidityRule = { kind: 'none' };
const PRINTED = (basis: string, fallbackDays: number | null = null): ValidityRule => ({ kind: 'printed', fallbackDays, basis });

export const DOCUMENT_TYPES = {
  matricula: {
    label: 'Matrícula (certidão do registro de imóveis)',
    family: 'registry',
    fields: ['matricula_numero', 'cartorio', 'cnm', 'inscricao_imobiliaria', 'endereco', 'cep', 'cidade', 'uf', 'area_privativa_m2', 'area_total_m2', 'area_terreno_m2', 'area_construida_m2', 'fracao_ideal', 'data_emissao', 'onus'],
    validity: { kind: 'days', days: 30, basis: 'Lei 7.433/1985 e Decreto 93.240/1986: até 30 dias para lavrar a escritura' },
  },
  escritura: {
    label: 'Escritura pública',
    family: 'contract',
    fields: ['matricula_numero', 'cartorio', 'inscricao_imobiliaria', 'endereco', 'cep', 'cidade', 'uf', 'area_privativa_m2', 'area_total_m2', 'valor_transacao', 'valor_venal_referencia', 'valor_imposto', 'data_emissao'],
    validity: NONE,
  },
  minuta: {
    label: 'Minuta de escritura',
    family: 'contract',
    fields: ['matricula_numero', 'cartorio', 'inscricao_imobiliaria', 'endereco', 'cep', 'cidade', 'uf', 'area_privativa_m2', 'area_total_m2', 'valor_transacao'],
    validity: NONE,
  },
  compromisso: {
    label: 'Compromisso de compra e venda',
    family: 'contract',
    fields: ['matricula_numero', 'cartorio', 'inscricao_imobiliaria', 'endereco', 'cep', 'cidade', 'uf', 'area_privativa_m2', 'area_total_m2', 'valor_transacao'],
    validity: NONE,
  },
  itbi_guia: {
    label: 'ITBI: guia de recolhimento',
    family: 'tax',
    fields: ['inscricao_imobiliaria', 'endereco', 'cidade', 'uf', 'valor_transacao', 'valor_venal_referencia', 'base_calculo_itbi', 'aliquota', 'valor_imposto', 'data_vencimento'],
    validity: NONE,
  },
  itbi_comprovante: {
    label: 'ITBI: comprovante de pagamento',
    family: 'receipt',
    fields: ['inscricao_imobiliaria', 'valor_pago', 'data_pagamento'],
    validity: NONE,
  },
  itbi_declaracao: {
    label: 'ITBI: declaração da transação',
    family: 'tax',
    fields: ['inscricao_imobiliaria', 'endereco', 'cep', 'cidade', 'uf', 'area_terreno_m2', 'area_construida_m2', 'valor_transacao', 'valor_venal_referencia', 'base_calculo_itbi', 'aliquota', 'valor_imposto'],
    validity: NONE,
  },
  vvr: {
    label: 'Certidão de valor venal de referência',
    family: 'tax',
    fields: ['inscricao_imobiliaria', 'endereco', 'cidade', 'uf', 'valor_venal_referencia', 'data_emissao'],
    validity: PRINTED('validade impressa na certidão'),
  },
  iptu_cadastral: {
    label: 'IPTU: certidão de dados cadastrais',
    family: 'tax',
    fields: ['inscricao_imobiliaria', 'endereco', 'cep', 'cidade', 'uf', 'area_terreno_m2', 'area_construida_m2', 'fracao_ideal', 'valor_venal', 'data_emissao'],
    validity: NONE,
  },
  iptu_carne: {
    label: 'IPTU: carnê / notificação de lançamento',
    family: 'tax',
    fields: ['inscricao_imobiliaria', 'endereco', 'cep', 'cidade', 'uf', 'area_terreno_m2', 'area_construida_m2', 'valor_venal', 'valor_imposto'],
    validity: NONE,
  },
  cnd_imobiliaria: {
    label: 'CND de tributos imobiliários',
    family: 'certidao',
    fields: ['inscricao_imobiliaria', 'endereco', 'cidade', 'uf', 'data_emissao', 'validade', 'resultado_certidao'],
    validity: PRINTED('validade impressa na certidão municipal', 90),
  },
  cndt: {
    label: 'CNDT (débitos trabalhistas)',
    family: 'certidao',
    fields: ['data_emissao', 'validade', 'resultado_certidao'],
    validity: { kind: 'days', days: 180, basis: 'Lei 12.440/2011: 180 dias da emissão' },
  },
  cnd_federal: {
    label: 'CND federal (Receita Federal / PGFN)',
    family: 'certidao',
    fields: ['data_emissao', 'validade', 'resultado_certidao'],
    validity: PRINTED('validade impressa na certidão', 180),
  },
  certidao_distribuidor: {
    label: 'Certidão de distribuidor / protesto',
    family: 'certidao',
    fields: ['data_emissao', 'validade', 'resultado_certidao'],
    validity: PRINTED('validade impressa na certidão', 30),
  },
  declaracao_condominio: {
    label: 'Declaração de quitação de condomínio',
    family: 'certidao',
    fields: ['endereco', 'cidade', 'uf', 'data_emissao'],
    validity: PRINTED('declaração do síndico ou administradora', 30),
  },
  certidao_civil: {
    label: 'Certidão de casamento / nascimento',
    family: 'personal',
    fields: ['data_emissao'],
    validity: PRINTED('certidão do registro civil', 90),
  },
  identidade: { label: 'Documento de identidade (RG/CNH)', family: 'personal', fields: [], validity: NONE },
  procuracao: { label: 'Procuração', family: 'contract', fields: ['cartorio', 'data_emissao'], validity: NONE },
  recibo: { label: 'Recibo / custas', family: 'receipt', fields: ['valor_pago', 'data_pagamento'], validity: NONE },
  pedido_certidao: { label: 'Pedido de certidão (página da web)', family: 'other', fields: [], validity: NONE },
  assinatura_eletronica: { label: 'Certificado de assinatura eletrônica', family: 'other', fields: [], validity: NONE },
  planta: { label: 'Planta', family: 'other', fields: ['area_terreno_m2', 'area_construida_m2'], validity: NONE },
  laudo: { label: 'Laudo', family: 'other', fields: ['endereco', 'area_construida_m2', 'area_terreno_m2', 'valor'], validity: NONE },
  habite_se: { label: 'Habite-se / alvará', family: 'other', fields: ['endereco', 'area_construida_m2', 'data_emissao'], validity: NONE },
  outro: { label: 'Outro', family: 'other', fields: [], validity: NONE },
} as const satisfies Record<string, DocumentTypeInfo>;

export type DocumentTypeId = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_IDS = Object.keys(DOCUMENT_TYPES) as DocumentTypeId[];

export function isDocumentTypeId(value: unknown): value is DocumentTypeId {
  return typeof value === 'string' && Object.hasOwn(DOCUMENT_TYPES, value);
}

export function documentTypeInfo(id: string | null | undefined): DocumentTypeInfo {
  return isDocumentTypeId(id) ? DOCUMENT_TYPES[id] : DOCUMENT_TYPES.outro;
}

/**
 * Types saved before the registry existed ('itbi', 'iptu', 'certidao') map to the registry's
 * closest type, so old rows keep a label and a family.
 */
export const LEGACY_DOCUMENT_TYPES: Record<string, DocumentTypeId> = {
  itbi: 'itbi_guia',
  iptu: 'iptu_cadastral',
  certidao: 'cnd_imobiliaria',
};

export function canonicalDocumentType(id: string | null | undefined): DocumentTypeId | null {
  if (!id) return null;
  if (isDocumentTypeId(id)) return id;
  return LEGACY_DOCUMENT_TYPES[id] ?? 'outro';
}

/** Lien and restriction kinds a registry act or an explicit statement can carry. */
export const LIEN_TYPES = {
  hipoteca: 'Hipoteca',
  alienacao_fiduciaria: 'Alienação fiduciária',
  penhora: 'Penhora',
  arresto: 'Arresto',
  sequestro: 'Sequestro',
  indisponibilidade: 'Indisponibilidade',
  usufruto: 'Usufruto',
  inalienabilidade: 'Cláusula de inalienabilidade',
  impenhorabilidade: 'Cláusula de impenhorabilidade',
  incomunicabilidade: 'Cláusula de incomunicabilidade',
  servidao: 'Servidão',
  promessa_registrada: 'Promessa de compra e venda registrada',
  acao_reipersecutoria: 'Ação real ou pessoal reipersecutória',
  enfiteuse: 'Enfiteuse / aforamento',
  tombamento: 'Tombamento',
  bem_de_familia: 'Bem de família',
} as const;
export type LienType = keyof typeof LIEN_TYPES;
