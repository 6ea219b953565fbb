import { DOCUMENT_TYPES, type DocumentTypeId } from '@viabiliza/contracts/document-types';
import { CERTIDAO_ITEMS, type CertidaoCheck, type CertidaoItem, type DossierParty } from '@viabiliza/contracts/dossier';
import { cleanName, namesIn, sameName } from '../acts.ts';
import type { MatriculaRead } from './matriculas.ts';
import { addDays, citeField, fieldOf, isIsoDate, pageText, type Doc } from './common.ts';

/**
 * The certidões a sale needs, judged on the analysis date: the matrícula's (30 days), the
 * municipal tax CND, a CNDT and a federal CND per seller, the distribuidores and the condomínio's
 * declaration. Each is valid, expired, missing or without a readable date, with the rule applied.
 * A certificate about a person counts for the seller whose name it prints, and for no one else.
 */

const ITEM_TYPES: Record<CertidaoItem, DocumentTypeId> = {
  matricula: 'matricula',
  cnd_municipal: 'cnd_imobiliaria',
  cndt: 'cndt',
  cnd_federal: 'cnd_federal',
  distribuidor: 'certidao_distribuidor',
  condominio: 'declaracao_condominio',
};

const PERSONAL: ReadonlySet<CertidaoItem> = new Set(['cndt', 'cnd_federal', 'distribuidor']);

interface Judged {
  status: CertidaoCheck['status'];
  issuedOn: string | null;
  validUntil: string | null;
  rule: string;
}

function judge(doc: Doc, asOf: string): Judged {
  const rule = doc.type ? DOCUMENT_TYPES[doc.type].validity : { kind: 'none' as const };
  const issued = fieldOf(doc, 'data_emissao')?.normalized;
  const printed = fieldOf(doc, 'validade')?.normalized;
  const issuedOn = isIsoDate(issued) ? issued : null;
  let validUntil: string | null = null;
  let text = 'sem regra de validade';
  if (rule.kind === 'days') {
    validUntil = issuedOn ? addDays(issuedOn, rule.days) : isIsoDate(printed) ? printed : null;
    text = rule.basis;
  } else if (rule.kind === 'printed') {
    if (isIsoDate(printed)) {
      validUntil = printed;
      text = `${rule.basis}`;
    } else if (issuedOn && rule.fallbackDays !== null) {
      validUntil = addDays(issuedOn, rule.fallbackDays);
      text = `sem validade impressa: ${rule.fallbackDays} dias da emissão (${rule.basis})`;
    } else text = rule.basis;
  }
  const status = validUntil === null ? 'sem_data' : validUntil < asOf ? 'vencida' : 'valida';
  return { status, issuedOn, validUntil, rule: text };
}

/** The person a personal certificate names: a seller when it prints one of theirs, else the name printed. */
function personOf(doc: Doc, sellers: readonly DossierParty[]): { seller: DossierParty | null; printed: string | null } {
  const names = doc.source.pages.slice(0, 2).flatMap((p) => namesIn(p.text).map((h) => cleanName(h.name)));
  for (const seller of sellers) if (names.some((n) => sameName(n, seller.name))) return { seller, printed: seller.name };
  for (const page of doc.source.pages.slice(0, 2)) {
    const m = /\b(?:nome|em nome de|requerente|interessad[oa])\s*:?\s*/i.exec(page.text);
    if (m) {
      const hit = namesIn(page.text, m.index + m[0].length, m.index + m[0].length + 120)[0];
      if (hit) return { seller: null, printed: cleanName(hit.name) };
    }
  }
  return { seller: null, printed: null };
}

function check(item: CertidaoItem, doc: Doc | null, person: string | null, asOf: string, fallbackRule: string): CertidaoCheck {
  if (!doc) {
    return { item, label: CERTIDAO_ITEMS[item], person, status: 'ausente', result: null, issuedOn: null, validUntil: null, rule: fallbackRule, documentId: null, citation: null };
  }
  const judged = judge(doc, asOf);
  const result = fieldOf(doc, 'resultado_certidao');
  const dated = fieldOf(doc, 'validade') ?? fieldOf(doc, 'data_emissao') ?? result;
  return {
    item,
    label: CERTIDAO_ITEMS[item],
    person,
    ...judged,
    result: result ? String(result.normalized ?? result.value) : null,
    documentId: doc.source.id,
    citation: dated ? citeField(doc, dated, ['validade', 'emissao', 'expedicao']) : { documentId: doc.source.id, fileName: doc.source.fileName, page: doc.source.pages[0]?.number ?? 1, quote: pageText(doc, doc.source.pages[0]?.number ?? 1).slice(0, 120).trim() },
  };
}

const newest = (docs: readonly Doc[]) => [...docs].sort((a, b) => String(fieldOf(b, 'data_emissao')?.normalized ?? '').localeCompare(String(fieldOf(a, 'data_emissao')?.normalized ?? '')))[0] ?? null;

function ruleText(type: DocumentTypeId): string {
  const rule = DOCUMENT_TYPES[type].validity;
  return rule.kind === 'none' ? 'sem regra de validade' : rule.basis;
}

export function judgeCertidoes(
  docs: readonly Doc[],
  matriculas: readonly MatriculaRead[],
  sellers: readonly DossierParty[],
  asOf: string,
  options: { condominium: boolean },
): CertidaoCheck[] {
  const out: CertidaoCheck[] = [];
  // One per matrícula of the folder (the unit's and its parking space's), the main one first.
  if (matriculas.length === 0) out.push(check('matricula', null, null, asOf, ruleText('matricula')));
  for (const m of matriculas) {
    const judged = check('matricula', m.doc, null, asOf, ruleText('matricula'));
    // The unit's and the parking space's: the number tells them apart.
    if (m.dossier.matricula) judged.label = `Certidão da matrícula nº ${m.dossier.matricula} (até 30 dias)`;
    out.push(judged);
  }
  for (const item of ['cnd_municipal', 'cndt', 'cnd_federal', 'distribuidor', 'condominio'] as const) {
    if (item === 'condominio' && !options.condominium && !docs.some((d) => d.type === 'declaracao_condominio')) continue;
    const type = ITEM_TYPES[item];
    const ofType = docs.filter((d) => d.type === type);
    if (!PERSONAL.has(item)) {
      out.push(check(item, newest(ofType), null, asOf, ruleText(type)));
      continue;
    }
    const about = ofType.map((doc) => ({ doc, ...personOf(doc, sellers) }));
    if (item === 'distribuidor') {
      // Several offices (cível, protesto …): each certificate is listed with whom it is about.
      if (about.length === 0) out.push(check(item, null, null, asOf, ruleText(type)));
      for (const a of about) out.push(check(item, a.doc, a.seller?.name ?? a.printed, asOf, ruleText(type)));
      continue;
    }
    if (sellers.length === 0) {
      if (about.length === 0) out.push(check(item, null, null, asOf, ruleText(type)));
      for (const a of about) out.push(check(item, a.doc, a.printed, asOf, ruleText(type)));
      continue;
    }
    for (const seller of sellers) {
      const mine = about.filter((a) => a.seller === seller).map((a) => a.doc);
      out.push(check(item, newest(mine), seller.name, asOf, ruleText(type)));
    }
  }
  return out;
}
