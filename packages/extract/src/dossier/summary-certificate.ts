import type { LienType } from '@viabiliza/contracts/document-types';
import type { Citation } from '@viabiliza/contracts/dossier';
import { cleanName, namesIn, taxIdIn } from '../acts.ts';
import { deniesLien, lienTypesIn } from '../liens.ts';
import { citeAt, foldedPage, pageText, type Doc } from './common.ts';

/**
 * A certidão de situação jurídica (Provimento CNJ 149/2023, art. 123) or de ônus reais states the
 * property's present in prose instead of copying its acts: 'PROPRIETÁRIOS: …', 'ENFITEUTA: …',
 * 'DIREITOS, ÔNUS REAIS E RESTRIÇÕES …: Não existem …' or 'Consta no R.06/2.209 – ALIENAÇÃO
 * FIDUCIÁRIA – em favor da …'. The registrar's statement is evidence of owners and liens as good as
 * the acts themselves (the registrar certifies it), so it is read as such, with its citation; a
 * statement that there are none is kept apart, since 'no active lien' needs the acts read or that
 * statement.
 */
export interface SummaryOwner {
  name: string;
  taxId: string | null;
  citation: Citation;
}

export interface SummaryLien {
  type: LienType;
  /** The act the statement cites ('R.6'), or null ('imóvel foreiro à União' cites none). */
  act: string | null;
  beneficiary: string | null;
  citation: Citation;
}

export interface SummaryCertificate {
  owners: SummaryOwner[];
  liens: SummaryLien[];
  /** Where the certificate says there are no rights, liens or restrictions; null when it does not. */
  statesNone: Citation | null;
}

/** The certificate's own title, or the registrar's paragraph on rights, liens and restrictions. */
const SUMMARY_TITLE = /certidao de (?:situacao juridica|onus reais)|\bdireitos,?\s+onus reais e restricoes[^:]{0,60}:/;
/** The holders: the enfiteutas hold a foreiro property's domínio útil; the senhorio direto does not own it. */
const HOLDERS = /\benfiteutas?\s*:/g;
const OWNERS = /\bproprietari[oa]s?\s*(?:\((?:s|a|as|os)\)\s*)?:/g;
/** Where the holders' paragraph ends: the next label. */
const HOLDERS_END = /\b(?:inscricao\s+imobiliaria|registro\s+imobiliario\s+patrimonial|direitos,?\s+onus|onus\s+reais|senhorio\s+direto|enfiteutas?|cadastro|descricao|area)\b[^:]{0,40}:/g;
const LIENS_LABEL = /\b(?:direitos,?\s+)?onus reais(?:\s+e\s+restricoes[^:]{0,60})?\s*:|\bonus\s*:/g;
const LIENS_END = /o referido e verdade|dou fe\b|emolumentos/g;
/** The property is foreiro: an aforamento (enfiteuse) stands whatever the liens paragraph says. */
const FOREIRO = /\bimovel foreiro\b|\bsenhorio direto\b|\bforeiro a uniao\b|\bdominio util\b/;
const ACT_CITED = /\b(r|av)(?:[ \t]*[.\-–])?[ \t]*0*(\d{1,3})(?!\d)/g;
const IN_FAVOUR = /em favor d[aeo]s?\s+/g;

function nextAt(pattern: RegExp, text: string, from: number): number | null {
  pattern.lastIndex = from;
  const m = pattern.exec(text);
  return m ? m.index : null;
}

/** The statement's sentences: cut at '. ' that is not inside 'R.06/2.209' or 'n.º'. */
function sentences(folded: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let start = from;
  for (let i = from; i < to; i++) {
    if (folded[i] === '.' && /\s/.test(folded[i + 1] ?? '') && !/(?:^|[^a-z])(?:r|av|n|no|sr|sra|dr|dra|s\/a|ltda|cia)$/.test(folded.slice(Math.max(from, i - 4), i))) {
      out.push([start, i]);
      start = i + 1;
    }
  }
  if (start < to) out.push([start, to]);
  return out;
}

function holders(doc: Doc, page: number, text: string, folded: string): SummaryOwner[] {
  for (const label of [HOLDERS, OWNERS]) {
    label.lastIndex = 0;
    const m = label.exec(folded);
    if (!m) continue;
    const from = m.index + m[0].length;
    const end = Math.min(nextAt(HOLDERS_END, folded, from) ?? folded.length, from + 600);
    const owners: SummaryOwner[] = [];
    for (const hit of namesIn(text, from, end)) {
      const name = cleanName(hit.name);
      // 'SENHORIO DIRETO: União Federal' is not a holder; the qualification after the name has the CPF.
      if (/^(?:senhorio|uniao|republica)\b/.test(folded.slice(hit.start, hit.end))) continue;
      const after = folded.slice(hit.end, Math.min(end, hit.end + 160));
      owners.push({ name, taxId: taxIdIn(after.split(/\be seu\b|;/)[0]!), citation: citeAt(doc, page, hit.start, hit.end) });
    }
    if (owners.length > 0) return owners;
  }
  return [];
}

export function readSummaryCertificate(doc: Doc): SummaryCertificate | null {
  const owners: SummaryOwner[] = [];
  const liens: SummaryLien[] = [];
  let statesNone: Citation | null = null;
  let isSummary = false;
  for (const { number: page } of doc.source.pages) {
    const text = pageText(doc, page);
    const folded = foldedPage(doc, page);
    if (!SUMMARY_TITLE.test(folded)) continue;
    isSummary = true;
    if (owners.length === 0) owners.push(...holders(doc, page, text, folded));
    LIENS_LABEL.lastIndex = 0;
    const label = LIENS_LABEL.exec(folded);
    if (label) {
      const from = label.index + label[0].length;
      const to = nextAt(LIENS_END, folded, from) ?? Math.min(folded.length, from + 1500);
      for (const [s, e] of sentences(folded, from, to)) {
        const sentence = folded.slice(s, e);
        if (deniesLien(sentence)) {
          statesNone ??= citeAt(doc, page, s, e);
          continue;
        }
        for (const type of lienTypesIn(sentence)) {
          if (type === 'enfiteuse') continue;
          const act = [...sentence.matchAll(ACT_CITED)][0];
          IN_FAVOUR.lastIndex = 0;
          const favour = IN_FAVOUR.exec(sentence);
          const beneficiary = favour ? (namesIn(text, s + favour.index + favour[0].length, e)[0]?.name ?? null) : null;
          liens.push({ type, act: act ? `${act[1] === 'r' ? 'R' : 'AV'}.${Number(act[2])}` : null, beneficiary, citation: citeAt(doc, page, s, e) });
        }
      }
    }
    const foreiro = FOREIRO.exec(folded);
    if (foreiro && !liens.some((l) => l.type === 'enfiteuse')) {
      const senhorio = /\bsenhorio direto\s*:\s*/.exec(folded);
      const beneficiary = senhorio ? text.slice(senhorio.index + senhorio[0].length).split(/[.;\n]/)[0]!.trim() || null : null;
      liens.push({ type: 'enfiteuse', act: null, beneficiary, citation: citeAt(doc, page, foreiro.index, foreiro.index + foreiro[0].length) });
    }
  }
  return isSummary ? { owners, liens, statesNone } : null;
}
