import type { DossierParty } from '@viabiliza/contracts/dossier';
import { cleanName, namesIn, sameName, taxIdIn } from '../acts.ts';
import { citeAt, type Doc } from './common.ts';

/**
 * The parties of the sale as the deed names them (or the contract, or the draft, when there is no
 * deed): 'OUTORGANTES VENDEDORES: …; e …', 'OUTORGADOS COMPRADORES: …', 'VENDEDOR(ES):',
 * 'PROMISSÁRIOS COMPRADORES:', each with the CPF, the spouse and the marriage regime printed in
 * the qualification.
 */

const SIDE = /\b(outorgantes?[ \t]+vendedor(?:es|as?)?(?:\([a-z]+\))?|promitentes?[ \t]+vendedor(?:es|as?)?(?:\([a-z]+\))?|vendedor(?:es|as?)?(?:\([a-z]+\))?|outorgad[oa]s?(?:\([a-z]+\))?[ \t]+comprador(?:es|as?)?(?:\([a-z]+\))?|promissari[oa]s?(?:\([a-z]+\))?[ \t]+comprador(?:es|as?)?(?:\([a-z]+\))?|comprador(?:es|as?)?(?:\([a-z]+\))?)[ \t]*:/g;

const REGIME = /\bregime d[ae] (comunhao parcial de bens|comunhao universal de bens|separacao (?:total |obrigatoria |convencional |legal )?de bens|participacao final nos aquestos)/;
const SPOUSE = /\b(?:casad[oa]|convivente|companheir[oa])\b[^;]{0,120}?\bcom\s+(?=[A-ZÀ-Þ])/;

export interface SaleParties {
  sellers: DossierParty[];
  buyers: DossierParty[];
  doc: Doc | null;
}

export function readParties(docs: readonly Doc[]): SaleParties {
  for (const type of ['escritura', 'compromisso', 'minuta'] as const) {
    for (const doc of docs.filter((d) => d.type === type)) {
      const read = partiesOf(doc);
      if (read.sellers.length > 0 || read.buyers.length > 0) return { ...read, doc };
    }
  }
  return { sellers: [], buyers: [], doc: null };
}

function partiesOf(doc: Doc): { sellers: DossierParty[]; buyers: DossierParty[] } {
  const sellers: DossierParty[] = [];
  const buyers: DossierParty[] = [];
  for (const page of doc.source.pages) {
    const folded = doc.folded.get(page.number)!;
    const marks = [...folded.matchAll(SIDE)].map((m) => ({ index: m.index, end: m.index + m[0].length, buyer: /comprador/.test(m[1]!) }));
    marks.forEach((mark, i) => {
      const to = sectionEnd(folded, mark.end, marks[i + 1]?.index ?? folded.length);
      const list = mark.buyer ? buyers : sellers;
      for (const party of sectionParties(doc, page.number, page.text, folded, mark.end, to)) {
        if (!list.some((p) => sameName(p.name, party.name)) && !(mark.buyer ? sellers : buyers).some((p) => sameName(p.name, party.name))) list.push(party);
      }
    });
  }
  return { sellers, buyers };
}

/** A party list ends at the next side, a numbered clause, or a sentence that ends its line. */
function sectionEnd(folded: string, from: number, limit: number): number {
  // Entered at the first line end of a blank run only (from each of a long run's line ends was quadratic).
  // Not at a blank line: a scan breaks a qualification with blank lines ('solteira,\n\nanalista').
  const m = /\n(?<!\n[ \t]*\n)\s*(?:\d{1,2}\s*[.)-]\s|clausula|do imovel|saibam)|\.\s*\n|\.\s+(?=e como\b|(?:\d+\s*\.|clausula))/.exec(folded.slice(from, limit));
  return m ? from + m.index : limit;
}

function sectionParties(doc: Doc, pageNumber: number, text: string, folded: string, from: number, to: number): DossierParty[] {
  const out: DossierParty[] = [];
  const segments: [number, number][] = [];
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i === to || folded[i] === ';') {
      segments.push([start, i]);
      start = i + 1;
    }
  }
  for (const [s, e] of segments) {
    const lead = /^[\s,]*(?:e[ \t]+)?(?:(?:o|a|os|as)[ \t]+)?/.exec(folded.slice(s, e))![0].length;
    const names = namesIn(text, s + lead, e);
    const first = names[0];
    if (!first || first.start - (s + lead) > 3) continue;
    const qualification = folded.slice(first.end, e);
    const regime = REGIME.exec(qualification);
    const spouseMark = SPOUSE.exec(text.slice(first.end, e));
    let spouse: string | null = null;
    if (spouseMark) {
      const at = first.end + spouseMark.index + spouseMark[0].length;
      spouse = namesIn(text, at, Math.min(e, at + 120))[0]?.name ?? null;
      if (spouse) spouse = cleanName(spouse);
    }
    out.push({
      name: cleanName(first.name),
      taxId: taxIdIn(qualification),
      spouse,
      marriageRegime: regime ? text.slice(first.end + regime.index + regime[0].length - regime[1]!.length, first.end + regime.index + regime[0].length) : null,
      citation: citeAt(doc, pageNumber, first.start, Math.min(e, first.start + 200)),
    });
    // 'e sua mulher MARIA …' inside the same segment: a spouse who is also a party.
    const joined = /\b(?:e sua (?:mulher|esposa)|e seu (?:marido|esposo))\s+/.exec(qualification);
    if (joined) {
      const at = first.end + joined.index + joined[0].length;
      const other = namesIn(text, at, Math.min(e, at + 120))[0];
      if (other && other.start - at < 3) {
        out.at(-1)!.spouse ??= cleanName(other.name);
        out.push({ name: cleanName(other.name), taxId: taxIdIn(folded.slice(other.end, e)), spouse: cleanName(first.name), marriageRegime: out.at(-1)!.marriageRegime, citation: citeAt(doc, pageNumber, other.start, Math.min(e, other.start + 200)) });
      }
    }
  }
  return out;
}
