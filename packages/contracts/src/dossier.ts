import { z } from 'zod';

import { LIEN_TYPES, type LienType } from './document-types.ts';

/**
 * The due-diligence dossier of a sale's folder (issue 16): who owns the property, what weighs on
 * it, which certidões are valid on the analysis date, what the ITBI was, and whether the documents
 * agree. Built by `@viabiliza/extract` (`buildDossier`) from the documents already read; stored in
 * the analysis result and served for a property's documents. Every fact carries the citations it
 * rests on: a fact without a citation is not shown.
 *
 * Dates are ISO `YYYY-MM-DD`; money in BRL; areas in m²; rates as percentages (3 = 3 %).
 */

/** Where a fact was read: the document, the page (1-based) and the phrase, exactly as on the page. */
export const citation = z.object({
  documentId: z.string(),
  fileName: z.string(),
  page: z.number().int(),
  /** A substring of the page's stored text (≤ 240 characters), which the viewer highlights. */
  quote: z.string(),
});
export type Citation = z.infer<typeof citation>;

const lienType = z.enum(Object.keys(LIEN_TYPES) as [LienType, ...LienType[]]);

/** What a registry act does. Transfers make owners; lien kinds make liens; the rest inform. */
export const ACT_TYPES = {
  compra_venda: 'Compra e venda',
  doacao: 'Doação',
  permuta: 'Permuta',
  adjudicacao: 'Adjudicação',
  arrematacao: 'Arrematação',
  partilha: 'Partilha / inventário',
  dacao: 'Dação em pagamento',
  integralizacao: 'Integralização de capital',
  consolidacao_fiduciaria: 'Consolidação da propriedade fiduciária',
  hipoteca: 'Hipoteca',
  alienacao_fiduciaria: 'Alienação fiduciária',
  penhora: 'Penhora',
  arresto: 'Arresto',
  sequestro: 'Sequestro',
  indisponibilidade: 'Indisponibilidade',
  usufruto: 'Usufruto',
  clausulas: 'Cláusulas restritivas',
  servidao: 'Servidão',
  promessa: 'Promessa de compra e venda',
  construcao: 'Construção',
  cancelamento: 'Cancelamento',
  casamento: 'Casamento / regime de bens',
  alteracao_nome: 'Alteração de nome / estado civil',
  inscricao: 'Inscrição municipal',
  retificacao: 'Retificação',
  outro: 'Outro ato',
} as const;
export type ActType = keyof typeof ACT_TYPES;
const actType = z.enum(Object.keys(ACT_TYPES) as [ActType, ...ActType[]]);

/** Act types that transfer ownership (a new owner takes the acquirers' side). */
export const TRANSFER_ACT_TYPES: readonly ActType[] = ['compra_venda', 'doacao', 'permuta', 'adjudicacao', 'arrematacao', 'partilha', 'dacao', 'integralizacao', 'consolidacao_fiduciaria'];

export const PARTY_ROLES = {
  transmitente: 'Transmitente',
  adquirente: 'Adquirente',
  devedor: 'Devedor',
  credor: 'Credor',
  usufrutuario: 'Usufrutuário',
  exequente: 'Exequente',
  executado: 'Executado',
  outro: 'Parte',
} as const;
export type PartyRole = keyof typeof PARTY_ROLES;

export const actParty = z.object({
  name: z.string(),
  role: z.enum(Object.keys(PARTY_ROLES) as [PartyRole, ...PartyRole[]]),
  /** CPF or CNPJ digits when printed next to the name. */
  taxId: z.string().nullable(),
  /** Share acquired or held (0–1) when the act states it ('50%', 'metade', '1/3'). */
  fraction: z.number().nullable(),
});
export type ActParty = z.infer<typeof actParty>;

export const registryAct = z.object({
  /** 'R.2', 'AV.5': R = registro, AV = averbação, with the act's number. */
  label: z.string(),
  kind: z.enum(['R', 'AV']),
  number: z.number().int(),
  date: z.string().nullable(),
  type: actType,
  /** The title as printed ('COMPRA E VENDA', 'CANCELAMENTO DE HIPOTECA'). */
  title: z.string(),
  parties: z.array(actParty),
  value: z.number().nullable(),
  /** Labels of earlier acts this one cancels or modifies ('R.2'). */
  cancels: z.array(z.string()),
  /** Lien kinds this act constitutes. */
  liens: z.array(lienType),
  citation,
});
export type RegistryAct = z.infer<typeof registryAct>;

/** How much a lien weighs on a sale (DOCUMENTS.md): it blocks it, conditions it or only informs. */
export const LIEN_SEVERITY: Record<LienType, 'bloqueia' | 'condiciona' | 'informa'> = {
  hipoteca: 'condiciona',
  alienacao_fiduciaria: 'condiciona',
  penhora: 'bloqueia',
  arresto: 'bloqueia',
  sequestro: 'bloqueia',
  indisponibilidade: 'bloqueia',
  usufruto: 'condiciona',
  inalienabilidade: 'bloqueia',
  impenhorabilidade: 'informa',
  incomunicabilidade: 'informa',
  servidao: 'informa',
  promessa_registrada: 'condiciona',
  acao_reipersecutoria: 'bloqueia',
  enfiteuse: 'condiciona',
  tombamento: 'informa',
  bem_de_familia: 'informa',
};
export const LIEN_SEVERITY_LABELS = { bloqueia: 'Impede a venda', condiciona: 'Condiciona a venda', informa: 'Informativo' } as const;

export const dossierLien = z.object({
  type: lienType,
  /** The act that constituted it ('R.3'). */
  act: z.string(),
  date: z.string().nullable(),
  status: z.enum(['ativo', 'cancelado']),
  cancelledBy: z.string().nullable(),
  /** The bank, creditor, usufrutuário or court in whose favour it stands, when the act names it. */
  beneficiary: z.string().nullable(),
  severity: z.enum(['bloqueia', 'condiciona', 'informa']),
  citation,
  /** Where the cancelling act says so; null while active. */
  cancelCitation: citation.nullable(),
});
export type DossierLien = z.infer<typeof dossierLien>;

export const owner = z.object({
  name: z.string(),
  taxId: z.string().nullable(),
  /** Share (0–1) when stated or implied by equal parts; null when the act is silent. */
  fraction: z.number().nullable(),
  /** The transfer act by which this owner holds it. */
  sinceAct: z.string(),
  citation,
});
export type Owner = z.infer<typeof owner>;

/** One step of the chain of title: who passed the property to whom, by which act. */
export const titleStep = z.object({
  act: z.string(),
  date: z.string().nullable(),
  type: actType,
  from: z.array(z.string()),
  to: z.array(z.string()),
  value: z.number().nullable(),
  citation,
});
export type TitleStep = z.infer<typeof titleStep>;

/** One matrícula of the folder (an apartment and its parking space have one each). */
export const matriculaDossier = z.object({
  /** Digits only ('46511'). */
  matricula: z.string(),
  cartorio: z.string().nullable(),
  /** The document the acts were read from (the newest matrícula certificate of this number). */
  documentId: z.string(),
  issuedOn: z.string().nullable(),
  acts: z.array(registryAct),
  chain: z.array(titleStep),
  owners: z.array(owner),
  liens: z.array(dossierLien),
  /**
   * What owners and liens rest on: the acts read ('atos'); a certificate that states them in prose
   * ('certidao': situação jurídica, ônus reais); or nothing legible ('nao_lidos': no act could be
   * read, so liens are not verified). Absent on dossiers saved before it existed.
   */
  basis: z.enum(['atos', 'certidao', 'nao_lidos']).optional(),
  /** The certificate says it goes on ('continua no verso', 'vide certidão na próxima folha') past its last page here. */
  continues: z.boolean().optional(),
});
export type MatriculaDossier = z.infer<typeof matriculaDossier>;

/** What to say of a matrícula with no lien listed: it depends on what was read (never 'none' from nothing). */
export function noLienSentence(m: Pick<MatriculaDossier, 'basis'>): string {
  if (m.basis === 'nao_lidos') return 'Atos não lidos — confira a matrícula: ônus não verificados.';
  if (m.basis === 'certidao') return 'A certidão declara que não existem ônus, direitos ou restrições sobre o imóvel.';
  return 'Nenhum ônus ou gravame registrado nos atos lidos desta matrícula.';
}

/** The property facts consolidated across the folder. */
export const DOSSIER_FACTS = {
  matricula_numero: 'Matrícula',
  cartorio: 'Registro de Imóveis',
  inscricao_imobiliaria: 'Inscrição imobiliária',
  endereco: 'Endereço',
  cep: 'CEP',
  cidade: 'Cidade',
  uf: 'UF',
  area_privativa_m2: 'Área privativa',
  area_total_m2: 'Área total',
  area_terreno_m2: 'Área do terreno',
  area_construida_m2: 'Área construída',
  valor_transacao: 'Valor da transação',
  valor_venal: 'Valor venal (IPTU)',
  valor_venal_referencia: 'Valor venal de referência',
  base_calculo_itbi: 'Base de cálculo do ITBI',
  aliquota_itbi: 'Alíquota do ITBI',
  valor_itbi: 'ITBI devido',
  valor_itbi_pago: 'ITBI pago',
  data_pagamento_itbi: 'Data do pagamento do ITBI',
  iptu_anual: 'IPTU anual',
} as const;
export type DossierFactKey = keyof typeof DOSSIER_FACTS;

export const factSource = z.object({
  value: z.string(),
  normalized: z.union([z.number(), z.string()]).nullable(),
  citation,
});

export const dossierFact = z.object({
  key: z.enum(Object.keys(DOSSIER_FACTS) as [DossierFactKey, ...DossierFactKey[]]),
  label: z.string(),
  /** The value the dossier holds (from the most authoritative source for this fact). */
  value: z.string(),
  normalized: z.union([z.number(), z.string()]).nullable(),
  /** Every document that states it, the chosen one first. */
  sources: z.array(factSource).min(1),
  /** Sources disagree (after normalisation); the disagreement is a check too. */
  conflict: z.boolean(),
});
export type DossierFact = z.infer<typeof dossierFact>;

export const dossierParty = z.object({
  name: z.string(),
  taxId: z.string().nullable(),
  spouse: z.string().nullable(),
  /** 'comunhão parcial de bens', … as printed. */
  marriageRegime: z.string().nullable(),
  citation,
});
export type DossierParty = z.infer<typeof dossierParty>;

/** What a sale's checklist asks for (DOCUMENTS.md 'Certidões and their validity'). */
export const CERTIDAO_ITEMS = {
  matricula: 'Certidão de matrícula (até 30 dias)',
  cnd_municipal: 'CND de tributos imobiliários',
  cndt: 'CNDT (por vendedor)',
  cnd_federal: 'CND federal (por vendedor)',
  distribuidor: 'Certidões de distribuidores',
  condominio: 'Declaração de quitação de condomínio',
} as const;
export type CertidaoItem = keyof typeof CERTIDAO_ITEMS;

export const CERTIDAO_STATUS_LABELS = { valida: 'Válida', vencida: 'Vencida', ausente: 'Ausente', sem_data: 'Sem data legível' } as const;
export type CertidaoStatus = keyof typeof CERTIDAO_STATUS_LABELS;

export const certidaoCheck = z.object({
  item: z.enum(Object.keys(CERTIDAO_ITEMS) as [CertidaoItem, ...CertidaoItem[]]),
  label: z.string(),
  /** The seller a personal certificate is about; null for the property's. */
  person: z.string().nullable(),
  status: z.enum(Object.keys(CERTIDAO_STATUS_LABELS) as [CertidaoStatus, ...CertidaoStatus[]]),
  /** 'negativa', 'positiva com efeitos de negativa', 'positiva' as printed; null when not stated. */
  result: z.string().nullable(),
  issuedOn: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** The rule applied, e.g. 'Lei 12.440/2011: 180 dias da emissão' or 'validade impressa'. */
  rule: z.string(),
  documentId: z.string().nullable(),
  citation: citation.nullable(),
});
export type CertidaoCheck = z.infer<typeof certidaoCheck>;

export const CHECK_IDS = {
  matricula_escritura: 'Matrícula da escritura/contrato = matrícula da certidão',
  vendedores_proprietarios: 'Vendedores = proprietários atuais',
  inscricao: 'Inscrição imobiliária igual em todos os documentos',
  endereco: 'Endereço e CEP do imóvel conferem',
  areas: 'Áreas conferem (matrícula × IPTU)',
  itbi_base: 'Base do ITBI = valor da transação (ou maior)',
  itbi_aliquota: 'ITBI = base × alíquota do município',
  itbi_pago: 'ITBI pago (comprovante)',
  certidoes: 'Certidões presentes e válidas',
  onus: 'Sem ônus ativos',
} as const;
export type CheckId = keyof typeof CHECK_IDS;

export const CHECK_STATUS_LABELS = { ok: 'OK', atencao: 'Atenção', falha: 'Falha', sem_dados: 'Sem dados' } as const;
export type CheckStatus = keyof typeof CHECK_STATUS_LABELS;

export const dossierCheck = z.object({
  id: z.enum(Object.keys(CHECK_IDS) as [CheckId, ...CheckId[]]),
  label: z.string(),
  status: z.enum(Object.keys(CHECK_STATUS_LABELS) as [CheckStatus, ...CheckStatus[]]),
  /** One Portuguese sentence with the figures compared. */
  detail: z.string(),
  citations: z.array(citation),
});
export type DossierCheck = z.infer<typeof dossierCheck>;

export const DOSSIER_VERSION = 1;

export const dossier = z.object({
  version: z.literal(DOSSIER_VERSION),
  /** The date certificates are judged on (the analysis date). */
  asOf: z.string(),
  /** Documents the dossier read (completed ones), by id. */
  documentIds: z.array(z.string()),
  /** The main property's matrícula first, then others (parking space…). */
  matriculas: z.array(matriculaDossier),
  facts: z.array(dossierFact),
  sellers: z.array(dossierParty),
  buyers: z.array(dossierParty),
  certidoes: z.array(certidaoCheck),
  checks: z.array(dossierCheck),
  /** Portuguese notes on what could not be read or decided. */
  warnings: z.array(z.string()),
});
export type Dossier = z.infer<typeof dossier>;

/** Active liens across the folder's matrículas. */
export function activeLiens(d: Dossier): (DossierLien & { matricula: string })[] {
  return d.matriculas.flatMap((m) => m.liens.filter((l) => l.status === 'ativo').map((l) => ({ ...l, matricula: m.matricula })));
}

/** The input a dossier is built from: a completed document as stored. */
export interface DossierDocument {
  id: string;
  fileName: string;
  /** Registry type id (legacy ids are mapped by `canonicalDocumentType`). */
  documentType: string | null;
  keyFields: {
    key: string;
    label: string;
    value: string;
    normalized: number | string | null;
    page: number;
    confidence: number;
  }[];
  pages: { number: number; text: string }[];
}
