import { canonicalDocumentType, type DocumentTypeId } from '@viabiliza/contracts/document-types';
import type { DOCUMENT_OPTIONS } from '@viabiliza/contracts/questionnaire';

type DocumentOption = (typeof DOCUMENT_OPTIONS)[number];

/**
 * What the engine does with each type of the registry. Typed as a record over every type, so a
 * type added to the registry does not compile until someone decides its role here.
 */
export interface DocumentRole {
  /** The checklist item ('Documentos disponíveis') a document of this type proves. */
  proves: DocumentOption | null;
  /** Order in which types are read for the property's areas (lower first); null: never. */
  areaRank: number | null;
  /** Order in which types are read for the price; null: never. */
  priceRank: number | null;
  /** May mention a habite-se without being one. */
  citesHabiteSe: boolean;
}

const role = (proves: DocumentOption | null, areaRank: number | null, priceRank: number | null, citesHabiteSe = false): DocumentRole => ({
  proves,
  areaRank,
  priceRank,
  citesHabiteSe,
});

export const DOCUMENT_ROLES: Record<DocumentTypeId, DocumentRole> = {
  matricula: role('matricula', 0, 9, true),
  escritura: role('escritura', 1, 1, true),
  minuta: role(null, 2, 2, true),
  compromisso: role(null, 3, 0, true),
  itbi_guia: role(null, 6, 3, true),
  itbi_comprovante: role(null, null, null, true),
  itbi_declaracao: role(null, 5, 4, true),
  vvr: role(null, null, null, true),
  iptu_cadastral: role('iptu', 4, null, true),
  iptu_carne: role('iptu', 4, null, true),
  cnd_imobiliaria: role('certidao-negativa', null, null, true),
  cndt: role('certidao-negativa', null, null, true),
  cnd_federal: role('certidao-negativa', null, null, true),
  certidao_distribuidor: role('certidao-negativa', null, null, true),
  declaracao_condominio: role(null, null, null),
  certidao_civil: role(null, null, null),
  identidade: role(null, null, null),
  procuracao: role(null, null, null, true),
  recibo: role(null, null, null),
  pedido_certidao: role(null, null, null, true),
  assinatura_eletronica: role(null, null, null, true),
  planta: role('aprovacao-plantas', 7, null),
  laudo: role('laudo-vistoria', 8, null),
  habite_se: role('habite-se', 7, null),
  outro: role(null, 10, 5),
};

/** The registry type of a document, old rows ('iptu', 'itbi', 'certidao') included. */
export function documentTypeOf(doc: { documentType: string | null }): DocumentTypeId {
  return canonicalDocumentType(doc.documentType) ?? 'outro';
}

function ordered(rank: (r: DocumentRole) => number | null): DocumentTypeId[] {
  return (Object.entries(DOCUMENT_ROLES) as [DocumentTypeId, DocumentRole][])
    .filter(([, r]) => rank(r) !== null)
    .sort((a, b) => rank(a[1])! - rank(b[1])!)
    .map(([id]) => id);
}

export const AREA_TYPE_ORDER = ordered((r) => r.areaRank);
export const PRICE_TYPE_ORDER = ordered((r) => r.priceRank);
