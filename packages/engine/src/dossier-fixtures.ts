import type { Citation, Dossier, DossierFact, DossierFactKey, DossierLien, CertidaoCheck, DossierCheck } from '@viabiliza/contracts/dossier';
import { CERTIDAO_ITEMS, CHECK_IDS, DOSSIER_FACTS, DOSSIER_VERSION, LIEN_SEVERITY } from '@viabiliza/contracts/dossier';
import { LIEN_TYPES, type LienType } from '@viabiliza/contracts/document-types';

/**
 * Hand-built dossiers for the engine's tests: the engine never builds one (the server does, with
 * `@viabiliza/extract`), so its tests state the dossier a folder would give.
 */

export function citationOf(documentId: string, page: number, quote: string): Citation {
  return { documentId, fileName: `${documentId}.pdf`, page, quote };
}

export function lien(type: LienType, act: string, opts: { cancelledBy?: string; page?: number; beneficiary?: string; doc?: string } = {}): DossierLien {
  const doc = opts.doc ?? 'mat';
  return {
    type,
    act,
    date: '2015-03-10',
    status: opts.cancelledBy ? 'cancelado' : 'ativo',
    cancelledBy: opts.cancelledBy ?? null,
    beneficiary: opts.beneficiary ?? null,
    severity: LIEN_SEVERITY[type],
    citation: citationOf(doc, opts.page ?? 1, `${act} - ${LIEN_TYPES[type].toUpperCase()}`),
    cancelCitation: opts.cancelledBy ? citationOf(doc, (opts.page ?? 1) + 1, `${opts.cancelledBy} - CANCELAMENTO do ${act}`) : null,
  };
}

export function fact(key: DossierFactKey, value: string, normalized: number | string | null, doc = 'iptu', page = 1): DossierFact {
  return { key, label: DOSSIER_FACTS[key], value, normalized, sources: [{ value, normalized, citation: citationOf(doc, page, value) }], conflict: false };
}

export function certidao(item: CertidaoCheck['item'], status: CertidaoCheck['status'], person: string | null = null, doc = 'cert'): CertidaoCheck {
  return {
    item,
    label: CERTIDAO_ITEMS[item],
    person,
    status,
    result: status === 'ausente' ? null : 'negativa',
    issuedOn: status === 'ausente' ? null : '2025-01-10',
    validUntil: status === 'ausente' ? null : status === 'vencida' ? '2025-07-09' : '2026-12-31',
    rule: 'Lei 12.440/2011: 180 dias da emissão',
    documentId: status === 'ausente' ? null : doc,
    citation: status === 'ausente' ? null : citationOf(doc, 1, 'CERTIDÃO NEGATIVA'),
  };
}

export function check(id: DossierCheck['id'], status: DossierCheck['status'], detail = 'Conferido.'): DossierCheck {
  return { id, label: CHECK_IDS[id], status, detail, citations: [citationOf('mat', 1, 'R.4')] };
}

/** A folder with one matrícula (46511) and the given liens, facts, certidões and checks. */
export function dossierOf(parts: { liens?: DossierLien[]; facts?: DossierFact[]; certidoes?: CertidaoCheck[]; checks?: DossierCheck[]; matricula?: boolean } = {}): Dossier {
  const withMatricula = parts.matricula ?? true;
  return {
    version: DOSSIER_VERSION,
    asOf: '2025-11-24',
    documentIds: ['mat'],
    matriculas: withMatricula
      ? [
          {
            matricula: '46511',
            cartorio: '10º Registro de Imóveis de São Paulo',
            documentId: 'mat',
            issuedOn: '2025-11-01',
            acts: [],
            chain: [],
            owners: [{ name: 'ANA SOUZA', taxId: null, fraction: 1, sinceAct: 'R.4', citation: citationOf('mat', 2, 'R.4 - COMPRA E VENDA') }],
            liens: parts.liens ?? [],
          },
        ]
      : [],
    facts: parts.facts ?? [],
    sellers: [],
    buyers: [],
    certidoes: parts.certidoes ?? [],
    checks: parts.checks ?? [],
    warnings: [],
  };
}
