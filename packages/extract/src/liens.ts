import type { LienType } from '@viabiliza/contracts/document-types';

/**
 * Liens and restrictions (ônus) from the acts of a matrícula: each registro (R-n) or averbação
 * (AV-n) is cut out, told apart as a cancellation or not, and read for the kinds of lien it
 * constitutes. A lien is active until a later act cancels it by naming it ('fica cancelada a
 * hipoteca objeto do R-2'), or, when the cancellation names no act, the latest active lien of the
 * kind it mentions. Sentences that deny, search with a negative result, or only suppose a lien
 * ('livre e desembaraçado de ônus', 'consulta à CNIB com resultado negativo', 'caso exista
 * penhora') constitute nothing. Text outside numbered acts never makes a lien: only a registry
 * act does (DOCUMENTS.md, 'Sentences that are not liens').
 *
 * Works on folded text (lower case, no accents, same length as the original) and the original
 * for act labels.
 */

export interface Act {
  /** 'R.2', 'AV.5'. */
  label: string;
  kind: 'R' | 'AV';
  number: number;
  start: number;
  end: number;
}

export interface LienFound {
  type: LienType;
  act: string;
  index: number;
  active: boolean;
  cancelledBy: string | null;
}

/**
 * An act starts a line: 'R-1/46.511', 'R.1', 'AV-2/46.511', 'Av.2', 'AV 03', and OCR's
 * 'R-l', 'AV-O5', 'R,3', 'Av,.6', 'AvV-4'. Its number may be followed by '/matrícula' or '=26.396' (the slash read
 * as 'I', the thousands as '76. 266') and a separator; a stray quote a scan put before it is no matter.
 */
const ACT_MARK = /(?:^|\n)[ \t]*(?:["“”'|][ \t]*)?(r|avv?|a\.v)[ \t]*(?:[.,\-–—]{1,2}[ \t]*)?([0-9lio]{1,3})(?![0-9])[ \t]*([/|il\-–—=][ \t]*[0-9lio][0-9lio.,]{0,9}(?:[ \t][0-9]{3})?[ \t]*)?(?:[-–—:.)]|\b(?=[ \t]+[a-z]))/g;
/**
 * An act's head OCR garbled: its number turned into letters ('R.d - Em') or a stray letter before
 * it ('aAv.5 - Em'). The ' - Em' of its date says it is one; its neighbours say which.
 */
const GARBLED_MARK = /(?:^|\n)[ \t]*[a-z|'"]?(r|av)[ \t]*(?:[.,\-–]{1,2}[ \t]*)?([a-z0-9]{1,3})[ \t]*[-–—][ \t]*em\b/g;
/** 'objeto do R-2', 'averbação nº 5', 'registro nº 2', 'R.2/46.511'. */
const ACT_REFERENCE = /\b(r|av|registro|averbacao)[ \t]*(?:n[º°o.]*[ \t]*)?(?:[.,\-–]{1,2}[ \t]*)?([0-9lio]{1,3})(?![0-9])/g;

/** The matrícula after an act's number: '-Mat.479', '.Mat.479', '/46.511', '=26.396'. */
const MATRICULA_SUFFIX = /^[ \t]*(?:[-–.][ \t]*)?mat\b|^[ \t]*[/=][ \t]*\d/;

const LOOKALIKE_DIGITS: Record<string, string> = { l: '1', i: '1', o: '0' };
const toNumber = (s: string) => Number([...s].map((c) => LOOKALIKE_DIGITS[c] ?? c).join(''));

/** Where the acts end: the certificate that follows the last one is not part of it. */
const ACTS_END = /\n[ \t]*(?:fim dos atos|certifico\b|certidao\b|o referido e verdade|vide certidao)/g;

export function findActs(folded: string): Act[] {
  const marks: Omit<Act, 'end'>[] = [];
  const raws: string[] = [];
  const withSuffix: boolean[] = [];
  for (const m of folded.matchAll(ACT_MARK)) {
    const kind = m[1] === 'r' ? 'R' : 'AV';
    const number = toNumber(m[2]!);
    if (!(number > 0)) continue;
    // 'Rio Anil', 'Rol de …' at the start of a line: letters read as digits need a separator ('R.l', 'AV-O5').
    if (!/\d/.test(m[2]!) && !/[.,\-–—]/.test(m[0].slice(0, m[0].lastIndexOf(m[2]!)))) continue;
    const start = m.index + m[0].search(/[ra]/);
    // '/46.511', '=26.396', and the slash a scan read as 'I' ('AV-5I76. 266'); or '-Mat.479' after it.
    const suffixed = (m[3] !== undefined && /\d{2}/.test(m[3])) || MATRICULA_SUFFIX.test(folded.slice(m.index + m[0].length - 1, m.index + m[0].length + 12));
    // 'R.2 desta matrícula' wrapped to the start of a line cites an act already read: not a new one;
    // but a marker that carries the matrícula ('R-7-Mat.479') is the act, where 'R-7 ao 6' of a
    // georeferenced description before it was not.
    const known = marks.findIndex((k) => k.kind === kind && k.number === number);
    if (known >= 0) {
      if (suffixed && !withSuffix[known]) {
        marks.splice(known, 1);
        raws.splice(known, 1);
        withSuffix.splice(known, 1);
      } else continue;
    }
    marks.push({ label: `${kind}.${number}`, kind, number, start });
    raws.push(m[2]!);
    withSuffix.push(suffixed);
  }
  marks.sort((a, b) => a.start - b.start);
  // 'R.1l - Em …' (a stray 'l' after the number) before R.2 is R.1, not R.11: the next act says so.
  marks.forEach((mark, i) => {
    const raw = raws[i]!;
    const shorter = raw.length > 1 && /[li]$/.test(raw) ? toNumber(raw.slice(0, -1)) : 0;
    const next = marks[i + 1];
    if (shorter > 0 && next && next.number === shorter + 1 && next.number !== mark.number + 1 && !marks.some((k) => k.kind === mark.kind && k.number === shorter)) {
      Object.assign(mark, { number: shorter, label: `${mark.kind}.${shorter}` });
    }
  });
  // 'R.d - Em 10/04/2016': a number a scan garbled, between two acts it must sit between (R.3 … AV.5).
  for (const m of folded.matchAll(GARBLED_MARK)) {
    const start = m.index + m[0].length - m[0].trimStart().length + (m[0].trimStart().startsWith(m[1]!) ? 0 : 1);
    if (marks.some((known) => Math.abs(known.start - start) < 4)) continue;
    const before = marks.filter((known) => known.start < start).at(-1);
    const after = marks.find((known) => known.start > start);
    if (!before) continue;
    const read = /^[0-9lio]+$/.test(m[2]!) ? toNumber(m[2]!) : null;
    // A number read must fit between its neighbours; letters stand for the next one when there is a gap.
    const number = read ?? before.number + 1;
    if (read !== null ? read <= before.number || (after !== undefined && read >= after.number) : !after || after.number - before.number < 2) continue;
    const kind = m[1] === 'r' ? 'R' : 'AV';
    if (marks.some((known) => known.kind === kind && known.number === number)) continue;
    marks.splice(after ? marks.indexOf(after) : marks.length, 0, { label: `${kind}.${number}`, kind, number, start });
  }
  const stops = [...folded.matchAll(ACTS_END)].map((m) => m.index);
  return marks.map((mark, i) => {
    const next = marks[i + 1]?.start ?? folded.length;
    const stop = stops.find((at) => at > mark.start && at < next);
    return { ...mark, end: stop ?? next };
  });
}

const LIEN_PATTERNS: readonly [LienType, RegExp][] = [
  ['hipoteca', /\bhipotec/],
  ['alienacao_fiduciaria', /alienacao fiduciaria|alienad[oa]s? fiduciariamente|alienou fiduciariamente|propriedade fiduciaria/],
  ['penhora', /\bpenhora\b|\bpenhorad[oa]s?\b/],
  ['arresto', /\barresto\b|\barrestad[oa]s?\b/],
  ['sequestro', /\bsequestro\b|\bsequestrad[oa]s?\b/],
  ['indisponibilidade', /\bindisponibilidade\b|\bindisponive(?:l|is)\b/],
  ['usufruto', /\busufruto\b/],
  // Long words a stamp or a scan tends to break ('imper Mhorabilidade'): their ends still tell them.
  ['inalienabilidade', /\binalienabilidade\b|\binalienave(?:l|is)\b|\bina[a-z ]{0,5}nabilidade\b/],
  ['impenhorabilidade', /\bimpenhorabilidade\b|\bimpenhorave(?:l|is)\b|\bimp[a-z ]{0,6}horabilidade\b/],
  ['incomunicabilidade', /\bincomunicabilidade\b|\bincomunicave(?:l|is)\b|\binc[a-z ]{0,6}nicabilidade\b/],
  ['servidao', /\bservidao\b|\bservidoes\b/],
  ['promessa_registrada', /\b(?:promessa|compromisso) de (?:compra e )?venda\b/],
  // The averbação premonitória (CPC art. 828) publishes a suit against the owner that binds a buyer.
  ['acao_reipersecutoria', /\bacao (?:real|pessoal reipersecutoria)|\breipersecutoria\b|averbacao premonitoria|ajuizamento de execucao/],
  ['enfiteuse', /\benfiteuse\b|\baforamento\b|\bforeiro\b/],
  ['tombamento', /\btombamento\b|\btombad[oa]\b/],
  ['bem_de_familia', /\bbem de familia\b/],
];

/** The kinds of lien a sentence names (folded text), in the registry's order. */
export function lienTypesIn(folded: string): LienType[] {
  return LIEN_PATTERNS.filter(([, pattern]) => pattern.test(folded)).map(([type]) => type);
}

/** A sentence that denies or only supposes a lien ('não existem ônus', 'livre e desembaraçado'). */
export function deniesLien(sentence: string): boolean {
  return NOT_A_LIEN.test(sentence);
}

// Not 'quitação': a sale act says 'dando plena quitação' of the price.
const CANCELLATION = /\bcancelament|\bcancelad[oa]s?\b|\bcancela-se\b|\bbaixa\b|\bliberacao\b|\bextincao\b|\bextint[oa]\b|\blevantamento\b|\bdesconstitui/;
/** Kinds that only an act's title constitutes (a sale act cites 'o compromisso de venda' it fulfils). */
const TITLE_ONLY: ReadonlySet<LienType> = new Set(['promessa_registrada']);
const TITLE_LENGTH = 120;
/** Right after a lien's name: 'objeto do R-2', 'registrada no R.5', 'constante da Av.3'. */
const CITES_ACT = /^[^.;]{0,20}?\b(?:objeto|constante|registrad[oa]|averbad[oa]|referid[oa]|mencionad[oa]|de que trata)\b[^.;]{0,20}?\b(?:r|av|registro|averbacao)[ \t]*(?:n[º°o.]*[ \t]*)?(?:[.\-–][ \t]*)?[0-9lio]{1,3}\b/;
const CONSOLIDATION = /consolidacao da propriedade|consolidad[oa] a propriedade/;
/** What denies or only supposes a lien in the sentence that names it. */
const NOT_A_LIEN =
  /\blivres?\b.{0,80}(?:onus|desembaracad|gravame)|desembaracad|\binexist|\bnao (?:ha|existe|existem|consta|constam|pesa|pesam|foi|foram|houve|incide|incidem|ha registro)\b|nada consta|\bsem (?:onus|gravames?|qualquer)\b|\bisent[oa]s? de\b|resultado (?:foi |e |da consulta )?negativo|\bnegativ[oa] para\b|\b(?:consulta|pesquisa)\b.{0,80}\bnegativ|\bnegativa? de onus|\bcaso (?:exista|existam|haja|venha|seja)\b|\bse houver\b|\beventua(?:l|is)\b|\bnenhuma?\b/;

/** The sentence of `folded` around `index`: cut at '. ' (but not inside 'R.2', 'nº.', '46.511'), ';' or a blank line. */
function sentenceAround(folded: string, from: number, to: number, index: number): string {
  const boundary = /\.\s+(?![\d/])|;|\n\n/g;
  let start = from;
  let end = to;
  boundary.lastIndex = from;
  for (let m = boundary.exec(folded); m && m.index < to; m = boundary.exec(folded)) {
    // 'r. 2', 'n. 5', 'fls. 3': an abbreviation, not the end of a sentence.
    const before = folded.slice(Math.max(from, m.index - 4), m.index);
    if (/(?:^|[^a-z])(?:r|av|n|no|fls?|art|sr|sra|dr|dra|cia|ltda|s\/a)$/.test(before)) continue;
    if (m.index < index) start = m.index + m[0].length;
    else {
      end = m.index;
      break;
    }
  }
  return folded.slice(start, end);
}

function referencedActs(text: string, own: string): string[] {
  const labels: string[] = [];
  for (const r of text.matchAll(ACT_REFERENCE)) {
    // '4º RI - …' is the registry, not 'R.1': a number read from letters needs a separator before it.
    if (/^[lio]+$/.test(r[2]!) && !/[.,\-–]/.test(r[0].slice(r[1]!.length))) continue;
    const kind = r[1] === 'r' || r[1] === 'registro' ? 'R' : 'AV';
    const label = `${kind}.${toNumber(r[2]!)}`;
    if (label !== own && !labels.includes(label)) labels.push(label);
  }
  return labels;
}

export function findLiens(folded: string, acts: readonly Act[] = findActs(folded)): LienFound[] {
  const found: LienFound[] = [];
  const cancel = (lien: LienFound, by: string) => {
    lien.active = false;
    lien.cancelledBy = by;
  };
  for (const act of acts) {
    const text = folded.slice(act.start, act.end);
    // The act's own number ('R-2/46.511') is not a reference to another act.
    const body = text.replace(/^(?:r|avv?|a\.v)[ \t]*(?:[.,\-–—]{1,2}[ \t]*)?[0-9lio]{1,3}/, '');
    const mentioned: { type: LienType; index: number }[] = [];
    for (const [type, pattern] of LIEN_PATTERNS) {
      const global = new RegExp(pattern.source, 'g');
      for (const match of body.matchAll(global)) {
        if (TITLE_ONLY.has(type) && match.index > TITLE_LENGTH) break;
        const index = act.start + (text.length - body.length) + match.index;
        const sentence = sentenceAround(folded, act.start, act.end, index);
        if (NOT_A_LIEN.test(sentence)) continue;
        // 'a alienação fiduciária objeto do R-5' in another act cites a lien, it does not make one.
        if (CITES_ACT.test(body.slice(match.index + match[0].length, match.index + match[0].length + 50))) continue;
        mentioned.push({ type, index });
        break;
      }
    }
    // 'DOAÇÃO COM RESERVA DE USUFRUTO' whose last words a stamp hid: a donation with a reservation keeps the use.
    const reserved = /\bdoacao com reserva\b/.exec(body.slice(0, TITLE_LENGTH));
    if (reserved && !mentioned.some((m) => m.type === 'usufruto')) mentioned.push({ type: 'usufruto', index: act.start + (text.length - body.length) + reserved.index });
    // 'CONSOLIDAÇÃO DA PROPRIEDADE' as the act's title, not 'em caso de inadimplemento, a consolidação…'.
    const consolidation = CONSOLIDATION.exec(body);
    if (consolidation && consolidation.index < TITLE_LENGTH && !/\bcaso\b/.test(body.slice(0, consolidation.index))) {
      for (const lien of found) if (lien.active && lien.type === 'alienacao_fiduciaria') cancel(lien, act.label);
      continue;
    }
    const cancels = CANCELLATION.test(body.slice(0, 400));
    if (cancels) {
      const cited = referencedActs(body, act.label);
      const targets = found.filter((l) => l.active && cited.includes(l.act));
      if (targets.length > 0) {
        targets.forEach((l) => cancel(l, act.label));
      } else {
        for (const type of new Set(mentioned.map((m) => m.type))) {
          const latest = found.filter((l) => l.active && l.type === type).at(-1);
          if (latest) cancel(latest, act.label);
        }
      }
      continue;
    }
    for (const m of mentioned) found.push({ type: m.type, act: act.label, index: m.index, active: true, cancelledBy: null });
  }
  return found;
}
