import { LIEN_TYPES } from '@viabiliza/contracts/document-types';
import type { Dossier, DossierDocument, DossierFactKey } from '@viabiliza/contracts/dossier';
import { TEXT_FACT_LABELS, type TextFact, type TextFactKey } from '@viabiliza/contracts/text-facts';
import { buildDossier } from './dossier/index.ts';
import { UFS, extractKeyFields, fold } from './key-fields.ts';
import { parseFlexibleNumber } from './numbers.ts';

/**
 * The facts of a property described in free text (the public API's `text`, issue 18 item 6), read
 * as a document is: the text is one page, its key fields and dossier come from the same reader
 * (`extractKeyFields`, `buildDossier`), so a matrícula pasted in is read with its acts and liens.
 * What papers never print and people write ('aluguel de R$ 3.200', 'condomínio R$ 850', 'IPTU de
 * R$ 2.400 por ano', 'à venda por R$ 800 mil', '80 m²') is read here, each amount by the word that
 * names it in its sentence. Every fact keeps the phrase it came from, a substring of the text.
 * Liens only ever come from the registry acts the dossier read: a sentence that merely mentions
 * one ('sem penhora') makes none.
 */
export interface TextReading {
  /** The text as the engine's one document ('texto enviado', page 1). */
  document: DossierDocument;
  facts: TextFact[];
}

export const TEXT_DOCUMENT_NAME = 'texto enviado';

export function readTextFacts(text: string, options: { asOf: string }): TextReading {
  const pages = [{ number: 1, text }];
  const keys = extractKeyFields({ fileName: TEXT_DOCUMENT_NAME, pages: pages.map((p) => ({ ...p, confidence: null })) });
  const document: DossierDocument = { id: 'texto', fileName: TEXT_DOCUMENT_NAME, documentType: keys.documentType, keyFields: keys.fields, pages };
  const dossier = buildDossier([document], { asOf: options.asOf });
  const facts = new Facts();
  // Where and which: the reader of papers knows addresses, places and registry numbers best.
  fromDossier(text, dossier, facts, PLACE_KEYS);
  // How big and how much: prose names its amounts by the words around them, which papers do not use.
  freeText(text, facts);
  // A paper pasted as text ('área privativa de 80,00 m²', 'transmitido por R$ 450.000,00') fills the rest.
  fromDossier(text, dossier, facts, FIGURE_KEYS);
  liens(dossier, facts);
  return { document, facts: facts.list() };
}

class Facts {
  private readonly byKey = new Map<TextFactKey, TextFact[]>();
  /** The first reading of a fact wins (the dossier's, then the free text's); liens are a list. */
  add(key: TextFactKey, value: string, normalized: number | string | null, phrase: string) {
    const list = this.byKey.get(key) ?? [];
    if (list.length && key !== 'onus') return;
    list.push({ key, label: TEXT_FACT_LABELS[key], value, normalized, phrase: phrase.trim() });
    this.byKey.set(key, list);
  }
  has(key: TextFactKey) {
    return this.byKey.has(key);
  }
  list(): TextFact[] {
    return (Object.keys(TEXT_FACT_LABELS) as TextFactKey[]).flatMap((k) => this.byKey.get(k) ?? []);
  }
}

const PLACE_KEYS: [DossierFactKey, TextFactKey][] = [
  ['endereco', 'endereco'],
  ['cidade', 'cidade'],
  ['uf', 'uf'],
  ['matricula_numero', 'matricula'],
];
const FIGURE_KEYS: [DossierFactKey, TextFactKey][] = [
  ['area_privativa_m2', 'area_privativa_m2'],
  ['area_total_m2', 'area_total_m2'],
  ['area_construida_m2', 'area_construida_m2'],
  ['area_terreno_m2', 'area_terreno_m2'],
  ['valor_transacao', 'preco'],
  ['iptu_anual', 'iptu'],
];

function fromDossier(text: string, dossier: Dossier, facts: Facts, keys: readonly [DossierFactKey, TextFactKey][]) {
  for (const [from, to] of keys) {
    const fact = dossier.facts.find((f) => f.key === from);
    const source = fact?.sources[0];
    if (!fact || !source) continue;
    const money = to === 'preco' || to === 'iptu';
    const normalized = typeof fact.normalized === 'number' ? fact.normalized : from === 'endereco' ? null : fact.normalized;
    const value = money && typeof normalized === 'number' ? formatMoney(normalized) : to.startsWith('area_') && typeof normalized === 'number' ? formatArea(normalized) : fact.value;
    const phrase = tighten(text, source.citation.quote, source.value);
    facts.add(to, value, from === 'uf' && typeof normalized === 'string' ? normalized.toUpperCase() : normalized, phrase);
  }
}

function liens(dossier: Dossier, facts: Facts) {
  for (const m of dossier.matriculas) {
    for (const lien of m.liens) {
      const status = lien.status === 'ativo' ? 'ativa' : `cancelada pela ${lien.cancelledBy ?? 'averbação'}`;
      facts.add('onus', `${LIEN_TYPES[lien.type]} (${lien.act}, ${status})`, lien.type, lien.citation.quote);
    }
  }
}

// ------------------------------------------------------------------------------------------------
// Free text

// Bounded groups (up to 10^21, 15 digits) so a run of '1 111 111 …' is not rescanned from every group.
const NUMBER = String.raw`\d{1,3}(?:[.,\s]\d{3}){1,6}(?:[.,]\d{1,2})?|\d{1,15}(?:[.,]\d{1,2})?`;
/** 'R$ 3.200', 'R$ 800 mil', 'R$ 1,2 milhão', '850 reais', '800 mil reais'. */
const MONEY = new RegExp(
  String.raw`r\$\s*(${NUMBER})(\s*(?:mil\b|milhao\b|milhoes\b|mi\b))?|\b(${NUMBER})(\s*(?:mil|milhao|milhoes))?\s+reais\b`,
  'g',
);
const AREA = new RegExp(String.raw`\b(${NUMBER})\s*(?:m²|m2\b|m\?|metros\s+quadrados\b)`, 'g');

/** Words that name an amount, nearest before it in its sentence wins; then a word right after it. */
const MONEY_WORDS: [RegExp, TextFactKey][] = [
  [/condominio|taxa condominial/g, 'condominio'],
  [/\biptu\b/g, 'iptu'],
  [/\balug(?:uel|ueis|ado|ada|a-se|ar)\b|\bloca(?:cao|do|da)\b|\brenda mensal\b|\brende\b/g, 'aluguel'],
  [/\bvend(?:a|e|e-se|ido|ida)\b|\bpreco\b|\bvalor (?:pedido|de venda|do imovel|total)\b|\bcusta\b|\bpedindo\b|\bcompra(?:r)?\b|\bofertad[oa]\b|\banunciad[oa]\b|\bavaliad[oa]\b/g, 'preco'],
];
const AFTER_WORDS: [RegExp, TextFactKey][] = [
  [/^\s*(?:mensais\s+)?(?:d[aeo]\s*)?condominio/, 'condominio'],
  [/^\s*(?:anuais\s+|mensais\s+)?(?:d[aeo]\s*)?iptu\b/, 'iptu'],
  [/^\s*(?:mensais\s+)?(?:d[aeo]\s*)?aluguel\b/, 'aluguel'],
];
const MONTHLY = /^\s*(?:\/\s*m[eê]s|por\s+m[eê]s|ao\s+m[eê]s|mensa(?:l|is)|\/m[eê]s)/;
const YEARLY = /^\s*(?:\/\s*ano|por\s+ano|ao\s+ano|anua(?:l|is))/;

const AREA_AFTER: [RegExp, TextFactKey][] = [
  [/^\s*(?:de\s+)?(?:area\s+)?(?:de\s+)?(?:terreno|lote)\b/, 'area_terreno_m2'],
  [/^\s*(?:de\s+)?(?:area\s+)?construid[oa]s?\b/, 'area_construida_m2'],
  [/^\s*(?:de\s+)?area\s+total\b/, 'area_total_m2'],
  [/^\s*(?:de\s+)?(?:area\s+)?(?:util|privativ[oa])\b/, 'area_privativa_m2'],
];
const AREA_WORDS: [RegExp, TextFactKey][] = [
  [/\bterreno\b|\blote\b/g, 'area_terreno_m2'],
  [/\bconstruid[oa]\b/g, 'area_construida_m2'],
  [/\btotal\b/g, 'area_total_m2'],
  [/\butil\b|\bprivativ[oa]\b/g, 'area_privativa_m2'],
];

/**
 * Where the sentence holding `index` starts: after '.', ';', '!', '?' or a line end (not a decimal
 * point), looking back at most `limit` characters (callers keep a window; an unbounded look-back per
 * amount made a long text without full stops quadratic).
 */
function sentenceStart(folded: string, index: number, limit: number): number {
  const floor = Math.max(0, index - limit);
  for (let i = index - 1; i >= floor; i--) {
    const ch = folded[i]!;
    if (ch === '\n' || ch === ';' || ch === '!' || ch === '?') return i + 1;
    if (ch === '.' && !(/\d/.test(folded[i - 1] ?? '') && /\d/.test(folded[i + 1] ?? ''))) return i + 1;
  }
  return floor;
}

/** The last word of `words` between `from` and `to`: its start and what it names. */
function nearestWord(folded: string, from: number, to: number, words: [RegExp, TextFactKey][]): { at: number; key: TextFactKey } | null {
  let best: { at: number; end: number; key: TextFactKey } | null = null;
  const span = folded.slice(from, to);
  for (const [pattern, key] of words) {
    for (const m of span.matchAll(pattern)) {
      const end = from + m.index + m[0].length;
      if (!best || end > best.end) best = { at: from + m.index, end, key };
    }
  }
  // A word far before the amount names something else ('venda de apartamento … com aluguel hoje de R$').
  return best ? { at: best.at, key: best.key } : null;
}

function moneyValue(m: RegExpMatchArray): number | null {
  const raw = m[1] ?? m[3];
  const scale = (m[2] ?? m[4] ?? '').trim();
  if (!raw) return null;
  const n = parseFlexibleNumber(raw.replace(/\s/g, '.'));
  if (n === null || !(n > 0)) return null;
  return scale.startsWith('milh') || scale === 'mi' ? n * 1_000_000 : scale === 'mil' ? n * 1000 : n;
}

function freeText(text: string, facts: Facts) {
  const folded = fold(text);
  for (const m of folded.matchAll(MONEY)) {
    const value = moneyValue(m);
    if (value === null) continue;
    const start = m.index;
    const end = start + m[0].length;
    const after = folded.slice(end, end + 40);
    const afterWord = AFTER_WORDS.find(([p]) => p.test(after));
    const before = nearestWord(folded, sentenceStart(folded, start, 80), start, MONEY_WORDS);
    const key = afterWord?.[1] ?? before?.key;
    if (!key || facts.has(key)) continue;
    let phraseEnd = end;
    const suffix = afterWord ? afterWord[0].exec(after) : (MONTHLY.exec(after) ?? YEARLY.exec(after));
    if (suffix) phraseEnd = end + suffix[0].length;
    const monthly = MONTHLY.test(after) || (afterWord ? MONTHLY.test(after.slice(afterWord[0].exec(after)![0].length)) : false);
    const phraseStart = afterWord ? start : before!.at;
    // An IPTU quoted by month is the year's twelfth: the engine takes the year's.
    const normalized = key === 'iptu' && monthly ? Math.round(value * 12 * 100) / 100 : value;
    const shown = key === 'iptu' && monthly ? `${formatMoney(normalized)} (${formatMoney(value)} por mês)` : formatMoney(normalized);
    facts.add(key, shown, normalized, text.slice(phraseStart, phraseEnd));
  }
  for (const m of folded.matchAll(AREA)) {
    const value = parseFlexibleNumber(m[1]!.replace(/\s/g, '.'));
    if (value === null || !(value > 0)) continue;
    const start = m.index;
    const end = start + m[0].length;
    const from = sentenceStart(folded, start, 40);
    const after = AREA_AFTER.map(([p, key]) => ({ m: p.exec(folded.slice(end, end + 40)), key })).find((a) => a.m);
    const word = after ? null : nearestWord(folded, from, start, AREA_WORDS);
    const key = after?.key ?? word?.key ?? 'area_privativa_m2';
    // An unnamed area ('apartamento de 80 m²') is the unit's own; any named one already read stays.
    if (!after && !word && (facts.has('area_privativa_m2') || facts.has('area_total_m2'))) continue;
    const phraseStart = word ? word.at : wordsBefore(folded, start, from, 2);
    facts.add(key, formatArea(value), value, text.slice(phraseStart, after ? end + after.m![0].length : end));
  }
  cityAndState(text, facts);
  matricula(text, folded, facts);
}

/**
 * The dossier cites a window of up to 240 characters; the echo shows the words that say the fact:
 * from a few words before the value (within its sentence) to its end, and a '/UF' right after it.
 */
function tighten(text: string, quote: string, value: string): string {
  const base = text.indexOf(quote);
  if (base < 0) return quote;
  const folded = fold(text);
  const offset = fold(quote).indexOf(fold(value));
  if (offset < 0) return quote;
  const start = base + offset;
  let end = start + value.length;
  const uf = /^\s*[/-]\s*[A-Z]{2}\b/.exec(text.slice(end, end + 6));
  if (uf) end += uf[0].length;
  const floor = sentenceStart(folded, start, 30);
  return text.slice(wordsBefore(folded, start, floor, 3), end);
}

/** Start of the `count` words before `index` (not before `floor`). */
function wordsBefore(folded: string, index: number, floor: number, count: number): number {
  let i = index;
  for (let n = 0; n < count; n++) {
    let j = i;
    while (j > floor && /\s/.test(folded[j - 1]!)) j--;
    if (j === floor) break;
    while (j > floor && !/\s/.test(folded[j - 1]!)) j--;
    i = j;
  }
  return i;
}

/**
 * 'São Paulo/SP', 'Campinas - SP', 'em Recife (PE)', 'cidade de Curitiba, PR'. The state is found
 * first (a separator and two capitals), then up to four words are read backwards from it: a single
 * expression over the city's words backtracked quadratically on a long run of letters.
 */
const UF_MARK = /(?:\/|-|–|,|\()[ \t]*([A-Z]{2})\b\)?/g;
const CITY_STOP = new Set(['rua', 'avenida', 'av', 'apartamento', 'apto', 'casa', 'imovel', 'bairro', 'cep', 'n', 'no', 'nº', 'numero', 'de', 'em', 'na', 'no']);
const CITY_LETTER = /[a-zà-ú'’]/iu;
const MAX_CITY_WORD = 30;
const MAX_CITY_WORDS = 4;

/** The city's words ending at `end` (spaces before the separator skipped): capitalised words and the 'da/de/do/das/dos' between them. */
function cityBefore(text: string, end: number): { city: string; at: number } | null {
  let i = end;
  while (i > 0 && end - i < 8 && /[ \t]/.test(text[i - 1]!)) i--;
  const words: { word: string; at: number }[] = [];
  while (words.length < MAX_CITY_WORDS + 2) {
    let j = i;
    while (j > 0 && i - j <= MAX_CITY_WORD && CITY_LETTER.test(text[j - 1]!)) j--;
    if (j === i || i - j > MAX_CITY_WORD || j > 0 && /[\p{L}\d]/u.test(text[j - 1]!)) break;
    words.unshift({ word: text.slice(j, i), at: j });
    if (j === 0 || !/[ -]/.test(text[j - 1]!)) break;
    i = j - 1;
    if (text[i] === ' ') while (i > 0 && text[i - 1] === ' ' && j - i < 4) i--;
  }
  // Keep the capitalised tail: 'Moro em São Paulo' → 'São Paulo'; a connector needs a capital after it.
  let first = words.length;
  let counted = 0;
  for (let k = words.length - 1; k >= 0 && counted < MAX_CITY_WORDS; k--) {
    const w = words[k]!.word;
    if (/^\p{Lu}/u.test(w) && !CITY_STOP.has(fold(w)) && w.length >= 2) {
      first = k;
      counted++;
    } else if (/^d[aeo]s?$/.test(w) && k < first && first < words.length) continue;
    else break;
  }
  if (first === words.length) return null;
  const at = words[first]!.at;
  return { city: text.slice(at, words[words.length - 1]!.at + words[words.length - 1]!.word.length), at };
}

function cityAndState(text: string, facts: Facts) {
  if (facts.has('cidade') && facts.has('uf')) return;
  for (const m of text.matchAll(UF_MARK)) {
    const uf = m[1]!;
    if (!UFS.has(uf.toLowerCase())) continue;
    const found = cityBefore(text, m.index);
    if (!found) continue;
    const { city, at } = found;
    const quote = text.slice(at, m.index + m[0].length);
    if (!facts.has('cidade')) facts.add('cidade', city, city, quote);
    if (!facts.has('uf')) facts.add('uf', uf, uf, quote);
    return;
  }
}

const MATRICULA = /\bmatricula\s*(?:n(?:\s*\.)?(?:\s*[º°o])?(?:\s*\.)?\s*|numero\s*|num\.\s*)?(?::\s*)?(\d{1,3}(?:\.\d{3}){1,3}|\d{1,7})\b/g;

function matricula(text: string, folded: string, facts: Facts) {
  if (facts.has('matricula')) return;
  const m = MATRICULA.exec(folded);
  MATRICULA.lastIndex = 0;
  if (!m) return;
  facts.add('matricula', m[1]!, m[1]!.replace(/\D/g, ''), text.slice(m.index, m.index + m[0].length));
}

// ------------------------------------------------------------------------------------------------

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
function formatMoney(n: number): string {
  return `R$ ${money.format(n)}`;
}
function formatArea(n: number): string {
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(n)} m²`;
}
