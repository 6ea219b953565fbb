import {
  LIEN_SEVERITY,
  TRANSFER_ACT_TYPES,
  type ActParty,
  type Citation,
  type DossierLien,
  type MatriculaDossier,
  type Owner,
  type RegistryAct,
  type TitleStep,
} from '@viabiliza/contracts/dossier';
import type { LienType } from '@viabiliza/contracts/document-types';
import { cleanName, likelySameName, namesIn, parseMatriculaActs, sameName } from '../acts.ts';
import { digitsOnly, fieldOf, type Doc, type Field } from './common.ts';
import { readSummaryCertificate } from './summary-certificate.ts';

/**
 * One dossier per matrícula of the folder: its acts, the chain of title from the opening owner,
 * the current owners and every lien with its status. The newest certificate of a number is read;
 * the main property is the matrícula that is not a parking space.
 */

export interface MatriculaRead {
  dossier: MatriculaDossier;
  doc: Doc;
  parking: boolean;
  inscription: string | null;
  /** The number as the certificate prints it, when its key field misread it ('8' for '8.011'). */
  numberField: Field | null;
}

/** 'IMÓVEL: A VAGA DE GARAGEM nº 12', 'IMÓVEL: O BOX 3': a parking space's matrícula. */
function isParking(doc: Doc): boolean {
  for (const folded of doc.folded.values()) {
    const m = /\bimovel\s*:?\s*/.exec(folded);
    if (!m) continue;
    const head = folded.slice(m.index + m[0].length, m.index + m[0].length + 60);
    return /^(?:(?:a|o|uma|um)\s+)?(?:vaga|box|garagem|boxe)\b/.test(head) || /^[^,.;]{0,40}\b(?:vaga de garagem|vaga de estacionamento|box de garagem)\b/.test(head);
  }
  return false;
}

const TRANSFERS = new Set(TRANSFER_ACT_TYPES);

/** The folder's clean spelling of a name a scan garbled, when another document names that person. */
function repaired(name: string, known: readonly string[]): string {
  if (known.some((k) => sameName(k, name))) return name;
  return known.find((k) => likelySameName(name, k)) ?? name;
}

function ownersAndChain(acts: readonly RegistryAct[], opening: { parties: ActParty[]; citation: Citation } | null, doc: Doc, known: readonly string[]): { owners: Owner[]; chain: TitleStep[] } {
  let owners: Owner[] = (opening?.parties ?? []).map((p) => ({ name: p.name, taxId: p.taxId, fraction: null, sinceAct: 'abertura', citation: opening!.citation }));
  const chain: TitleStep[] = [];
  for (const act of acts) {
    if (!TRANSFERS.has(act.type)) continue;
    let to = act.parties.filter((p) => p.role === 'adquirente');
    let from = act.parties.filter((p) => p.role === 'transmitente' || (act.type === 'consolidacao_fiduciaria' && p.role === 'devedor'));
    if (act.type === 'consolidacao_fiduciaria' && to.length === 0) {
      // The credor of the fiduciary act this one consolidates becomes the owner.
      const fiduciary = [...acts].reverse().find((a) => a.number < act.number && a.liens.includes('alienacao_fiduciaria') && (act.cancels.length === 0 || act.cancels.includes(a.label)));
      to = (fiduciary?.parties ?? []).filter((p) => p.role === 'credor').map((p) => ({ ...p, role: 'adquirente' as const, fraction: null }));
      if (from.length === 0) from = (fiduciary?.parties ?? []).filter((p) => p.role === 'devedor');
    }
    if (to.length === 0 && act.type !== 'consolidacao_fiduciaria') {
      // A stamp over the act hid its wording: the people of the folder (the deed's parties) it
      // still names, other than the owners who pass it, are taken as the acquirers.
      const text = actTextOf(doc, act);
      const names = namesIn(text).map((h) => cleanName(h.name));
      const givers = [...from.map((p) => p.name), ...owners.map((o) => o.name)];
      to = known
        .filter((k) => names.some((n) => likelySameName(n, k)) && !givers.some((g) => sameName(g, k)))
        .map((name) => ({ name, role: 'adquirente' as const, taxId: null, fraction: null }));
    }
    if (to.length === 0) continue;
    to = to.map((p) => ({ ...p, name: repaired(p.name, known) }));
    const fromNames = from.length > 0 ? from.map((p) => p.name) : owners.map((o) => o.name);
    chain.push({ act: act.label, date: act.date, type: act.type, from: fromNames, to: to.map((p) => p.name), value: act.value, citation: act.citation });
    const acquired: Owner[] = to.map((p) => ({ name: p.name, taxId: p.taxId, fraction: p.fraction, sinceAct: act.label, citation: act.citation }));
    // A transfer by some of the owners leaves the others' shares where they were; names read by
    // OCR may not match: then the act is taken to transfer the whole property.
    const transmitting = from.length > 0 ? owners.filter((o) => from.some((p) => sameName(p.name, o.name))) : owners;
    const staying = transmitting.length > 0 ? owners.filter((o) => !transmitting.includes(o)) : [];
    const stated = acquired.reduce((sum, o) => sum + (o.fraction ?? 0), 0);
    owners = staying.length > 0 && acquired.every((o) => o.fraction !== null) && stated < 0.999 ? [...staying, ...acquired] : acquired;
  }
  // Who gave the property in guarantee after the last transfer held it: a name a stamp hid among
  // the acquirers is recovered from the mortgage or fiduciary sale, when the deed names that person too.
  const last = chain.at(-1);
  if (last && owners.every((o) => o.fraction === null)) {
    const after = acts.slice(acts.findIndex((a) => a.label === last.act) + 1);
    const until = after.findIndex((a) => TRANSFERS.has(a.type));
    for (const act of until < 0 ? after : after.slice(0, until)) {
      if (!act.liens.some((l) => l === 'hipoteca' || l === 'alienacao_fiduciaria')) continue;
      for (const p of act.parties.filter((q) => q.role === 'devedor')) {
        if (owners.some((o) => likelySameName(p.name, o.name)) || !known.some((k) => likelySameName(p.name, k))) continue;
        const name = repaired(p.name, known);
        owners.push({ name, taxId: p.taxId, fraction: null, sinceAct: last.act, citation: owners.find((o) => o.sinceAct === last.act)?.citation ?? act.citation });
        last.to.push(name);
      }
    }
  }
  return { owners, chain };
}

const BANK = /\b(?:banco|caixa|credito|financeira|s\.a\.?|s\/a)\b/i;
/** A lender's name in an act's text: 'BANCO VÉRTICE S.A.', 'CAIXA ECONÔMICA FEDERAL'. */
const BANK_NAME = /^(?:BANCO|CAIXA|COOPERATIVA|FINANCEIRA|COMPANHIA HIPOTEC)/i;

function beneficiaryOf(type: LienType, act: RegistryAct, text: string): string | null {
  const role = (r: ActParty['role']) => act.parties.find((p) => p.role === r)?.name ?? null;
  switch (type) {
    case 'hipoteca':
    case 'alienacao_fiduciaria':
      return role('credor') ?? act.parties.find((p) => BANK.test(p.name))?.name ?? namesIn(text).map((h) => cleanName(h.name)).find((n) => BANK_NAME.test(n)) ?? null;
    case 'usufruto':
      return role('usufrutuario');
    case 'penhora':
    case 'arresto':
    case 'sequestro': {
      const exequente = role('exequente');
      if (exequente) return exequente;
      // Linear: it starts only at a number before 'ª Vara' and its free part is bounded (40 characters).
      // eslint-disable-next-line regexp/no-super-linear-backtracking
      const court = /\b(\d{1,3}\s*[ªa°º]\s+Vara\s+(?:C[íi]vel|do Trabalho|Federal|de Execuç(?:ões|ão) Fiscais?|da Fam[íi]lia)?[^,.;]{0,40}?)(?=[,.;]|\s+d[aeo]\s+processo|$)/i.exec(text);
      return court ? court[1]!.replace(/\s+/g, ' ').trim() : null;
    }
    case 'indisponibilidade':
      return /\bcnib\b|central nacional de indisponibilidade/i.test(text) ? 'CNIB' : null;
    default:
      return null;
  }
}

const LOOKALIKE: Record<string, string> = { l: '1', i: '1', o: '0' };

/**
 * The certificate's own number: the key field, unless the text says otherwise more than once (a
 * typewritten '8.Oll' read as '8.oil' in the header, '8.011' in the certificate's closing). The
 * previous matrícula ('REGISTRO ANTERIOR: R.5 da matrícula nº 5.735') is not counted.
 */
function numberOf(doc: Doc): { number: string | null; field: Field | null } {
  const field = fieldOf(doc, 'matricula_numero');
  const fromField = field ? digitsOnly(String(field.normalized ?? field.value)).replace(/^0+/, '') : null;
  const counts = new Map<string, { times: number; page: number; printed: string }>();
  for (const page of doc.source.pages) {
    const folded = doc.folded.get(page.number)!;
    for (const m of folded.matchAll(/\bmatricula\s*n[º°o.]*\s*([0-9lio][0-9lio]?[0-9lio]?(?:[.,][0-9lio]{3})+|[0-9lio]{3,7})(?![0-9a-z])/g)) {
      if (/registro anterior[^\n]{0,40}$|\btranscricao\b|\br[.,-]?\s*[0-9lio]{1,3}\s+da\s*$/.test(folded.slice(Math.max(0, m.index - 40), m.index))) continue;
      const digits = [...m[1]!].map((c) => LOOKALIKE[c] ?? c).join('').replace(/\D/g, '').replace(/^0+/, '');
      if (!digits) continue;
      const known = counts.get(digits);
      const at = m.index + m[0].length - m[1]!.length;
      // The cleanest print of it is kept for the citation: digits only beat look-alike letters.
      const printed = page.text.slice(at, at + m[1]!.length);
      if (known) {
        known.times += 1;
        if (/^[\d.,]+$/.test(printed) && !/^[\d.,]+$/.test(known.printed)) Object.assign(known, { page: page.number, printed });
      } else counts.set(digits, { times: 1, page: page.number, printed });
    }
  }
  const [best, seen] = [...counts.entries()].sort((a, b) => b[1].times - a[1].times)[0] ?? [null, null];
  if (best && seen && seen.times >= 2 && best !== fromField) {
    return { number: best, field: { key: 'matricula_numero', label: 'Número da matrícula', value: seen.printed, normalized: best, page: seen.page, confidence: 80 } };
  }
  return { number: fromField || best, field: null };
}

/** `known`: the names the folder's deed or contract prints cleanly (sellers, buyers, spouses). */
/** 'DOAÇÃO COM RESERVA DE USUFRUTO' whose wording a stamp hid: the donors, who passed it, keep the use. */
function reservedBy(type: LienType, act: RegistryAct, chain: readonly TitleStep[]): string | null {
  if (type !== 'usufruto' || !/\bCOM RESERVA\b/i.test(act.title || act.citation.quote)) return null;
  return chain.find((s) => s.act === act.label)?.from.join(' e ') || null;
}

/** 'autorização dada pelo credor BANCO VÉRTICE S.A.': the release names the lender a stamp hid in the mortgage. */
function releasedBy(type: LienType, cancellingText: string | null): string | null {
  if (!cancellingText || (type !== 'hipoteca' && type !== 'alienacao_fiduciaria')) return null;
  return namesIn(cancellingText).map((h) => cleanName(h.name)).find((n) => BANK_NAME.test(n)) ?? null;
}

export function readMatriculas(docs: readonly Doc[], known: readonly string[] = []): MatriculaRead[] {
  const groups = new Map<string, Doc[]>();
  for (const doc of docs) {
    if (doc.type !== 'matricula') continue;
    const read = numberOf(doc);
    const key = read.number ?? `doc:${doc.source.id}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  const reads: MatriculaRead[] = [];
  for (const [key, group] of groups) {
    const issued = (d: Doc) => String(fieldOf(d, 'data_emissao')?.normalized ?? '');
    const doc = [...group].sort((a, b) => issued(b).localeCompare(issued(a)))[0]!;
    const parsed = parseMatriculaActs({ documentId: doc.source.id, fileName: doc.source.fileName, pages: doc.source.pages });
    const { owners, chain } = ownersAndChain(parsed.acts, parsed.opening, doc, known);
    const byLabel = new Map(parsed.acts.map((a) => [a.label, a]));
    const liens: DossierLien[] = [];
    for (const found of parsed.liens) {
      const act = byLabel.get(found.act);
      if (!act) continue;
      const cancelling = found.cancelledBy ? byLabel.get(found.cancelledBy) : undefined;
      const actText = actTextOf(doc, act);
      liens.push({
        type: found.type,
        act: found.act,
        date: act.date,
        status: found.active ? 'ativo' : 'cancelado',
        cancelledBy: found.cancelledBy,
        beneficiary: beneficiaryOf(found.type, act, actText) ?? reservedBy(found.type, act, chain) ?? releasedBy(found.type, cancelling ? actTextOf(doc, cancelling) : null),
        severity: LIEN_SEVERITY[found.type],
        citation: act.citation,
        cancelCitation: cancelling?.citation ?? null,
      });
    }
    // A certificate that states owners and liens in prose (situação jurídica, ônus reais) is the
    // registrar's word for them; the acts it cites ('Consta no R.06/2.209 – …') are not transcribed.
    const summary = parsed.acts.length <= 1 ? readSummaryCertificate(doc) : null;
    if (summary && summary.owners.length > 0) {
      owners.splice(0, owners.length, ...summary.owners.map((o) => ({ name: o.name, taxId: o.taxId, fraction: null, sinceAct: 'certidão', citation: o.citation })));
    }
    if (summary && (summary.statesNone || summary.liens.length > 0)) {
      liens.splice(0, liens.length);
      for (const l of summary.liens) {
        liens.push({ type: l.type, act: l.act ?? 'certidão', date: null, status: 'ativo', cancelledBy: null, beneficiary: l.beneficiary, severity: LIEN_SEVERITY[l.type], citation: l.citation, cancelCitation: null });
      }
    }
    const stated = summary !== null && (summary.statesNone !== null || summary.liens.length > 0);
    const basis = stated ? 'certidao' : parsed.acts.length > 0 ? 'atos' : 'nao_lidos';
    const cartorio = fieldOf(doc, 'cartorio');
    const inscription = fieldOf(doc, 'inscricao_imobiliaria');
    reads.push({
      doc,
      numberField: numberOf(doc).field,
      parking: isParking(doc),
      inscription: inscription ? digitsOnly(String(inscription.normalized ?? inscription.value)) : null,
      dossier: {
        matricula: key.startsWith('doc:') ? '' : key,
        cartorio: cartorio ? cartorio.value : null,
        documentId: doc.source.id,
        issuedOn: (fieldOf(doc, 'data_emissao')?.normalized as string | null | undefined) ?? null,
        acts: parsed.acts,
        chain,
        owners,
        liens,
        basis,
        continues: continuesPastEnd(doc),
      },
    });
  }
  // The main property first: not a parking space, then the one with most acts.
  reads.sort((a, b) => Number(a.parking) - Number(b.parking) || b.dossier.acts.length - a.dossier.acts.length);
  return reads;
}

/** 'continua no verso', 'VIDE CERTIDÃO NA PRÓXIMA FOLHA' at the end of the last page: a page of the record is missing. */
const CONTINUES = /\b(?:continua(?:cao)?\s+(?:no\s+verso|na\s+(?:proxima|seguinte)\s+(?:folha|pagina|ficha))|vide\s+(?:certidao|ficha|verso)\s+na\s+(?:proxima|seguinte)\s+(?:folha|pagina)|segue\s+no\s+verso|continua\s+(?:na\s+)?ficha\s+\d)/;

function continuesPastEnd(doc: Doc): boolean {
  const last = doc.source.pages.at(-1);
  if (!last) return false;
  const folded = doc.folded.get(last.number) ?? '';
  return CONTINUES.test(folded.slice(-400));
}

/** The text of an act (from its head line to the next act's), for the beneficiary's court or CNIB. */
function actTextOf(doc: Doc, act: RegistryAct): string {
  const page = doc.source.pages.find((p) => p.number === act.citation.page);
  if (!page) return act.citation.quote;
  const at = page.text.indexOf(act.citation.quote);
  return at >= 0 ? page.text.slice(at, at + 1200).split(/\n(?<!\n[ \t]*\n)\s*(?:R|AV|Av)[-. ]?\d/)[0]! : act.citation.quote;
}
