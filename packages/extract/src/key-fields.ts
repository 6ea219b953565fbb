import {
  DOCUMENT_TYPES,
  FIELD_LABELS,
  LIEN_TYPES,
  type DocumentTypeId,
  type FieldKey,
} from '@viabiliza/contracts/document-types';
import { classifyDocument as classifyByContent } from './classify.ts';
import { isValidCnpj, isValidCpf, maskCnpj, maskCpf, maskCpfsIn } from './cpf.ts';
import { valueCellFor } from './layout.ts';
import { findActs, findLiens } from './liens.ts';
import { fixDigitLookalikes, isValidSql, parseFlexibleNumber, parseNumberWords } from './numbers.ts';
import type { KeyField, KeyFieldsResult, TextCell } from './types.ts';

/**
 * Document classification and key-field extraction from extracted page text (Brazilian property
 * paperwork; the types and fields are the registry's, `@viabiliza/contracts/document-types`).
 *
 * Patterns run on a folded copy of the text (lower case, accents removed, same length as the
 * original), so 'MATRÍCULA N.º' and 'matricula no' meet one pattern; values are cut from the
 * original text at the same offsets. Forms are read by position too: a label's value may sit in
 * the next column or the box below (`cells` of a text-layer page). A field's confidence is the
 * pattern's strength times the OCR confidence of its page (1 for a text layer).
 *
 * The property's facts (its address, CEP, city, inscription, areas, values) are one value each:
 * of several candidates the best placed wins, and an address that follows 'residente',
 * 'com sede', a notary's name or a phone number is a party's, never the property's.
 */

export interface KeyFieldsInput {
  fileName: string;
  pages: readonly { number: number; text: string; confidence: number | null; cells?: readonly TextCell[] }[];
}

export const DOCUMENT_TYPE_LABELS: Record<DocumentTypeId, string> = Object.fromEntries(
  Object.entries(DOCUMENT_TYPES).map(([id, info]) => [id, info.label]),
) as Record<DocumentTypeId, string>;

/** Keys in display order, with their Portuguese labels. */
export const KEY_FIELD_LABELS = FIELD_LABELS;
export type KeyFieldKey = FieldKey;
const KEY_ORDER = Object.keys(KEY_FIELD_LABELS) as KeyFieldKey[];

// ---------------------------------------------------------------------------------------------
// Text preparation

const foldCache = new Map<string, string>();

/** Lower case without accents, one UTF-16 unit for one, so offsets stay valid in the original. */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    let folded = foldCache.get(ch);
    if (folded === undefined) {
      const base = ch.length === 1 ? ch.normalize('NFD')[0]! : ch;
      const lower = base.toLowerCase();
      folded = lower.length === base.length ? lower : base;
      if (folded.length !== ch.length) folded = ch;
      foldCache.set(ch, folded);
    }
    out += folded;
  }
  return out;
}

interface PageSpan {
  start: number;
  number: number;
  factor: number;
}

class Doc {
  readonly text: string;
  readonly folded: string;
  private readonly spans: PageSpan[] = [];

  constructor(pages: KeyFieldsInput['pages']) {
    let text = '';
    for (const page of pages) {
      if (text) text += '\n\n';
      this.spans.push({
        start: text.length,
        number: page.number,
        factor: page.confidence === null ? 1 : Math.max(0, Math.min(100, page.confidence)) / 100,
      });
      text += page.text.normalize('NFC');
    }
    this.text = text;
    this.folded = fold(text);
    // Lines printed on two or more pages (a letterhead, a running header or footer).
    const seen = new Map<string, Set<number>>();
    for (const page of pages) {
      for (const line of page.text.split('\n')) {
        const key = fold(line).replace(/\s+/g, ' ').trim();
        if (key.length < 12) continue;
        const on = seen.get(key) ?? new Set<number>();
        on.add(page.number);
        seen.set(key, on);
      }
    }
    this.repeated = new Set([...seen].filter(([, on]) => on.size >= 2).map(([line]) => line));
  }

  private readonly repeated: Set<string>;

  /** Whether the line holding `index` is printed on other pages too: a letterhead speaks of its office, not of the property. */
  inRunningHeader(index: number): boolean {
    if (this.repeated.size === 0) return false;
    const start = this.folded.lastIndexOf('\n', index - 1) + 1;
    const end = this.folded.indexOf('\n', index);
    return this.repeated.has(this.folded.slice(start, end < 0 ? undefined : end).replace(/\s+/g, ' ').trim());
  }

  pageStart(pageNumber: number): number {
    return this.spans.find((s) => s.number === pageNumber)?.start ?? 0;
  }

  factorOf(pageNumber: number): number {
    return this.spans.find((s) => s.number === pageNumber)?.factor ?? 1;
  }

  page(index: number): PageSpan {
    let found = this.spans[0] ?? { start: 0, number: 1, factor: 1 };
    for (const span of this.spans) {
      if (span.start > index) break;
      found = span;
    }
    return found;
  }
}

interface Candidate {
  key: KeyFieldKey;
  value: string;
  normalized: number | string | null;
  index: number;
  strength: number;
  /** Identity for deduplication within the key; defaults to the normalized value or the value. */
  identity?: string;
  /** Added to the strength when choosing the one value of a property fact (context, a form label). */
  bonus?: number;
  /** The page, when known otherwise than by the offset (a form cell). */
  page?: number;
  lien?: KeyField['lien'];
  /** 'Valor a pagar', 'total a pagar': what a payment slip asks, the tax only when the slip is for all of it. */
  payable?: boolean;
}

type Item = KeyField & { index: number; score: number; payable?: boolean };

class FieldSet {
  private readonly seen = new Map<string, Item>();
  readonly items: Item[] = [];

  constructor(private readonly doc: Doc) {}

  add(candidate: Candidate): void {
    if (candidate.strength <= 0) return;
    const identity = `${candidate.key}|${candidate.identity ?? String(candidate.normalized ?? fold(candidate.value))}`;
    const score = candidate.strength + (candidate.bonus ?? 0);
    const known = this.seen.get(identity);
    if (known) {
      // The same value seen again: it keeps its first place and the best evidence for it.
      known.score = Math.max(known.score, score);
      return;
    }
    const span = this.doc.page(candidate.index);
    const factor = candidate.page !== undefined ? this.doc.factorOf(candidate.page) : span.factor;
    const masked = candidate.key === 'cpf' || candidate.key === 'cnpj' ? candidate.value : maskCpfsIn(candidate.value);
    const item: Item = {
      key: candidate.key,
      label: KEY_FIELD_LABELS[candidate.key],
      value: masked.replace(/\s+/g, ' ').trim(),
      normalized: candidate.normalized,
      page: candidate.page ?? span.number,
      confidence: Math.round(100 * Math.min(1, candidate.strength) * factor),
      index: candidate.index,
      score,
      ...(candidate.lien ? { lien: candidate.lien } : {}),
      ...(candidate.payable ? { payable: true } : {}),
    };
    this.seen.set(identity, item);
    this.items.push(item);
  }

  /**
   * The fields a document of this type carries: one value for each property fact (the best
   * scored, the first on a tie), every value of the lists (parties, CPFs, dates, liens).
   */
  select(type: DocumentTypeId): KeyField[] {
    const carried = new Set<string>(DOCUMENT_TYPES[type].fields);
    // A carnê of installments: each slip's 'valor a pagar' is a parcel, not the year's tax.
    const installments = type === 'iptu_carne' && /\bparcelas?\b/.test(this.doc.folded) && !/\bcota unica\b/.test(this.doc.folded);
    const chosen: Item[] = [];
    const bestOf = new Map<string, Item>();
    for (const item of this.items) {
      if (LIST_KEYS.has(item.key as KeyFieldKey)) {
        chosen.push(item);
        continue;
      }
      // Another type's fact (the price a CND never prints, a valor venal in a deed) is noise here.
      if (!carried.has(item.key) && !(type === 'outro' && GENERIC_KEYS.has(item.key as KeyFieldKey))) continue;
      if (installments && item.key === 'valor_imposto' && item.payable) continue;
      const best = bestOf.get(item.key);
      if (!best || item.score > best.score + 1e-9) bestOf.set(item.key, item);
    }
    chosen.push(...bestOf.values());
    return chosen
      .sort((a, b) => KEY_ORDER.indexOf(a.key as KeyFieldKey) - KEY_ORDER.indexOf(b.key as KeyFieldKey) || a.index - b.index)
      .map(({ index: _index, score: _score, payable: _payable, ...field }) => field);
  }
}

/** Keys that hold a list: every value found is kept. */
const LIST_KEYS: ReadonlySet<KeyFieldKey> = new Set(['parte', 'cpf', 'cnpj', 'data', 'onus']);
/** What an unrecognised paper may still show. */
const GENERIC_KEYS: ReadonlySet<KeyFieldKey> = new Set(['valor', 'endereco', 'cep', 'area_privativa_m2', 'area_total_m2', 'area_construida_m2', 'area_terreno_m2']);

/** '1.234.567,89' → 1234567.89. */
export function parseBrazilianNumber(text: string): number {
  return parseFlexibleNumber(text) ?? Number.NaN;
}

/** A number as printed or as OCR reads it ('46.511', '46,511', '1.234.567.89'); parseFlexibleNumber reads it. */
const BR_NUMBER = String.raw`\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?`;

// ---------------------------------------------------------------------------------------------
// Field extractors

function matriculaNumbers(doc: Doc, out: FieldSet): void {
  const pattern = new RegExp(
    String.raw`\bmatricula(?:\s+do\s+imovel)?\s*(?:(n(?:\s*\.)?\s*[º°o](?:\s*\.)?|n\.|numero|num\.)\s*)?(?::\s*)?(\d{1,3}(?:[.,]\d{3}){1,4}|\d{1,7})(?![\dº°ª]|[.,]\d)`,
    'g',
  );
  for (const match of doc.folded.matchAll(pattern)) {
    const numberAt = match.index + match[0].length - match[2]!.length;
    const value = doc.text.slice(numberAt, match.index + match[0].length);
    // A civil registry's matrícula (a birth or marriage certificate: '156737 01 55 2001 2 00029 110
    // 0004510 90 do Ofício de Registro Civil') is a person's record, not a property's.
    const after = doc.folded.slice(match.index + match[0].length, match.index + match[0].length + 120);
    if (/^\s+\d{2}\s+\d{2}\s+\d{4}\b/.test(after) || /^[^.;]{0,100}\bregistro civil\b/.test(after)) continue;
    // 'segue confrontando com o Sítio Bom Jesus, matrícula nº 27.279, de propriedade de …': a neighbour's.
    const lead = doc.folded.slice(Math.max(0, match.index - 90), match.index);
    if (/\b(?:confront|divisa|limita|lindeir|vizinh)[a-z]*\b[^.;]*$/.test(lead)) continue;
    // 'REGISTRO ANTERIOR: Matrícula nº 18.405': where the property came from, not its matrícula now.
    if (/\b(?:registros? anteriore?s?|transcricao anterior|procedencia)\b[^\n]*$/.test(lead)) continue;
    out.add({
      key: 'matricula_numero',
      value,
      normalized: value.replace(/\D/g, ''),
      index: numberAt,
      strength: match[1] ? 0.95 : 0.8,
    });
  }
}

/** A ficha's heading row 'MATRÍCULA FOLHA' (or FICHA) over its values row '= 32.236 = | =01 =', as OCR reads it. */
function fichaHeading(doc: Doc, out: FieldSet): void {
  for (const m of doc.folded.matchAll(/(?:^|\n)[^\w\n]{0,4}matricula[ \t]+(?:folha|ficha)\b[^\n]*\n[^\d\n]{0,6}(\d{1,3}(?:\.\d{3})+|\d{1,6})(?![\d.,])/g)) {
    const at = m.index + m[0].length - m[1]!.length;
    out.add({ key: 'matricula_numero', value: doc.text.slice(at, at + m[1]!.length), normalized: m[1]!.replace(/\D/g, ''), index: at, strength: 0.95, bonus: 1 });
  }
}

const OFFICE = /(?:(\d{1,2})\s*(?:\.\s*)?[º°oª]\s+)?\b(oficial[.,]? de registro de imoveis|oficio de registro de imoveis|cartorio de registro de imoveis|servico de registro de imoveis|registro de imoveis|oficio imobiliario|tabeliao de notas|tabelionato de notas|cartorio de notas|oficio de notas)\b/g;
/** The registry that holds a matrícula (Rio Grande do Sul says 'Ofício Imobiliário'), not a notary. */
const REGISTRY_OFFICE = /registro de imoveis|imobiliario/;
const CONNECTOR = String.raw`(?:d[aeo]s?|D[AEO]S?)`;
const PROPER_WORD = String.raw`\p{Lu}[\p{L}'’-]*`;
/** Between the words of a place: blanks, or one line break ('da Comarca de Santo\nAntônio do Descoberto'). */
const PLACE_GAP = String.raw`(?:[ \t]*\n[ \t]*|[ \t]+)`;
const PLACE = new RegExp(
  String.raw`^[ \t]+(${CONNECTOR}${PLACE_GAP}(?:(?:Comarca|COMARCA|\d{1,2}[ \t]*[ªº°a][ \t]+(?:Zona|ZONA))${PLACE_GAP}${CONNECTOR}${PLACE_GAP})?${PROPER_WORD}(?:${PLACE_GAP}(?:${CONNECTOR}${PLACE_GAP})?${PROPER_WORD}){0,4})(?:[ \t]*[-–/][ \t]*\p{Lu}{2}(?!\p{L}))?`,
  'u',
);
/** Words that end a place name running into the next heading on the same line. */
const PLACE_STOP = /^(matricula|ficha|cnm|livro|cnpj|cpf|protocolo|certidao|folha|fls?)$/;

function cartorios(doc: Doc, out: FieldSet, type: DocumentTypeId): void {
  // The property's 'Cartório' is its registry; only a power of attorney's is its notary.
  const notaryWanted = type === 'procuracao';
  for (const match of doc.folded.matchAll(OFFICE)) {
    const registry = REGISTRY_OFFICE.test(match[2]!);
    if (!registry && !notaryWanted) continue;
    let end = match.index + match[0].length;
    const place = PLACE.exec(doc.text.slice(end, end + 160));
    if (place) {
      const words = place[0].split(/(\s+)/);
      let kept = '';
      for (const word of words) {
        if (PLACE_STOP.test(fold(word))) break;
        kept += word;
      }
      kept = kept.replace(new RegExp(String.raw`(?<![ \t])[ \t]+${CONNECTOR}[ \t]*$`, 'u'), '').trimEnd();
      if (/\p{Lu}/u.test(kept)) end += kept.length;
    }
    let hasPlace = end > match.index + match[0].length;
    let value = doc.text.slice(match.index, end);
    // '1º Ofício de Registro de Imóveis desta Capital': the town the deed names as its seat.
    const seat = hasPlace ? null : /^\s+(?:desta|nesta)\s(?:capital|cidade|comarca)\b/.test(doc.folded.slice(end, end + 30)) ? seatCity(doc) : null;
    if (seat) {
      value = `${value} de ${seat}`;
      hasPlace = true;
    }
    // 'no Registro de Imóveis competente', 'do Ofício Imobiliário' name no office.
    if (registry && !match[1] && !hasPlace) continue;
    // A deed or contract names its notary and the registry that holds the matrícula: the registry is
    // the one the folder's checks compare; a power of attorney's office is its notary.
    out.add({ key: 'cartorio', value, normalized: null, index: match.index, strength: match[1] || hasPlace ? 0.9 : 0.75, bonus: (registry ? 0.5 : 0) + (match[1] ? 0.2 : 0) });
  }
}

const STREET =
  /\b(rua|avenida|av\.|av|alameda|al\.|al|r\.|r|travessa|tv\.|rodovia|rod\.|estrada|praca|largo|viela)\s+([a-z0-9](?:[^,\n;:()]|\n(?!\n)){1,80}?)\s*(?:,\s*)?(?:(?:n(?:\s*\.)?\s*[º°o](?:\s*\.)?|numero|n\.)\s*)?(\d{1,3}(?:\.\d{3}){1,3}|\d{1,5}|s\/n)(?!\d|[.,]\d)/g;
/**
 * Whose address this is, from the words just before it: the property's ('situado na', 'IMÓVEL:',
 * 'endereço do imóvel') scores 1, a party's, a notary's or a company's ('residente', 'com sede',
 * 'Tabelião', 'fone') -1, nothing said 0. The nearer word wins.
 */
/** Nouns a property address follows ('o apartamento … do Edifício X, situado na'). */
const PROPERTY_WORDS = /\b(?:imovel|objeto|frente para|lote|terreno|edificio|predio|apartamento|unidade|casa|vaga|loja|galpao|endereco do imovel|local do imovel)\b/g;
/** Verbs that place whatever noun came before them: alone they lean to the property. */
const PLACING_WORDS = /\b(?:situad[oa]s?|localizad[oa]s?|sit[oa]s?)\b/g;
const PARTY_WORDS = /\b(?:resident(?:e|es)|domiciliad[oa]s?|com sede|sediad[oa]|estabelecid[oa]|escritorio|correspondencia|cartorio|tabeli(?:ao|a|onato)|oficial|serventia|fone|telefone|tel|e-?mail|agencia|cnpj|cpf|filial|matriz|administradora|sindic[oa])\b/g;

function lastMatchEnd(text: string, pattern: RegExp): number {
  let at = -1;
  for (const m of text.matchAll(pattern)) at = m.index + m[0].length;
  return at;
}

export function placeContext(folded: string, index: number): number {
  const from = Math.max(0, index - 160);
  let before = folded.slice(from, index);
  // Only this sentence or form line speaks of this address.
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf(';'));
  if (cut >= 0) before = before.slice(cut + 1);
  const property = lastMatchEnd(before, PROPERTY_WORDS);
  const party = lastMatchEnd(before, PARTY_WORDS);
  if (party > property) return -1;
  if (property >= 0) return 1;
  return lastMatchEnd(before, PLACING_WORDS) >= 0 ? 0.5 : 0;
}

const STREET_NAMES: Record<string, string> = { 'av.': 'avenida', av: 'avenida', 'al.': 'alameda', al: 'alameda', 'r.': 'rua', r: 'rua', 'tv.': 'travessa', 'rod.': 'rodovia' };

/**
 * A deed's or a matrícula's property is the one its text places ('IMÓVEL:', 'o apartamento …
 * situado na'): an address it does not (the notary's seat, the registry's letterhead, a party's
 * home) is never the property's. A tax form's address line is.
 */
const mustBePlaced = (type: DocumentTypeId) => ['contract', 'registry'].includes(DOCUMENT_TYPES[type].family);

function addresses(doc: Doc, out: FieldSet, type: DocumentTypeId): void {
  const placed = mustBePlaced(type);
  for (const match of doc.folded.matchAll(STREET)) {
    const [, type, name, number] = match as unknown as [string, string, string, string];
    // 'AV. 3 - …', 'R 1 -' are acts of a matrícula, not streets; an abbreviation must be printed in capitals.
    const abbreviated = type !== 'rua' && type.length <= 3;
    if (abbreviated && /^\d/.test(name)) continue;
    if (abbreviated && !/^\p{Lu}/u.test(doc.text.slice(match.index + match[0].indexOf(name), match.index + match[0].indexOf(name) + 1))) continue;
    const value = doc.text.slice(match.index, match.index + match[0].length);
    const context = placeContext(doc.folded, match.index);
    // A registry's or notary's letterhead, printed on every page; a carnê's repeated address is the property's.
    if (placed && (context <= 0 || doc.inRunningHeader(match.index))) continue;
    out.add({
      key: 'endereco',
      value,
      normalized: null,
      index: match.index,
      strength: context < 0 ? 0 : 0.85,
      bonus: context,
      identity: `${STREET_NAMES[type] ?? type}|${name.replace(/\s+/g, ' ').trim()}|${number.replace(/\./g, '')}`,
    });
  }
}

const CEP = /(?<![\d./-])(?:(\d{5})-(\d{3})|(\d{2})\.(\d{3})-(\d{3}))(?![\d/])|\bcep\s*(?::\s*)?(?:n[º°o]?\s*)?(\d{8})\b/g;

function ceps(doc: Doc, out: FieldSet, type: DocumentTypeId): void {
  const placed = mustBePlaced(type);
  for (const match of doc.folded.matchAll(CEP)) {
    const digits = match[0].replace(/^\D+/, '').replace(/\D/g, '');
    if (digits.length !== 8) continue;
    const before = doc.folded.slice(Math.max(0, match.index - 20), match.index);
    const labelled = /\bcep\b/.test(before) || match[0].startsWith('cep');
    const numberAt = match.index + match[0].search(/\d/);
    const context = placeContext(doc.folded, match.index);
    if (placed && doc.inRunningHeader(match.index)) continue;
    // 'CEP 01310-100' (or the bare number) opening its own line.
    const lineStart = /(?:^|\n)[ \t]*(?:cep\s*(?::\s*)?)?$/.test(doc.folded.slice(Math.max(0, match.index - 12), match.index));
    if (placed && context <= 0) continue;
    out.add({
      key: 'cep',
      value: doc.text.slice(numberAt, match.index + match[0].length),
      normalized: digits,
      index: numberAt,
      // A CEP nobody's address claims (a letterhead's) is not the property's.
      // A form's own 'CEP:' line (a carnê, a guide) stands by itself.
      strength: context < 0 ? 0 : context === 0 ? (lineStart ? 0.7 : 0) : labelled ? 0.95 : 0.75,
      bonus: context,
    });
  }
}

// OCR reads the superscript as '?', 'º', 'e' or nothing ('54,31 m,').
const AREA = new RegExp(String.raw`(?<![\d.,])(${BR_NUMBER})\s*(m²|m2\b|m\?|mº|m°|mts?\.?²|metros quadrados|m(?=[\s,.;)]))`, 'g');
const UNIT_IN = /m²|m2\b|m\?|mº|metros quadrados/;

function areaKind(phrase: string): KeyFieldKey | null {
  if (/constru/.test(phrase)) return 'area_construida_m2';
  if (/privativ|\butil\b/.test(phrase)) return 'area_privativa_m2';
  if (/terreno/.test(phrase)) return 'area_terreno_m2';
  if (/\btotal\b/.test(phrase)) return 'area_total_m2';
  return null;
}

function areas(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(AREA)) {
    const windowStart = Math.max(0, match.index - 80);
    const before = doc.folded.slice(windowStart, match.index);
    const areaAt = before.lastIndexOf('area');
    // 'no terreno, que mede 1.575,00 m²', 'terreno medindo 300 m²'.
    if (/\bterreno,?\s+(?:que\s+)?(?:mede|medindo|com)\s*$/.test(before)) {
      const n = parseBrazilianNumber(match[1]!);
      if (n > 0) out.add({ key: 'area_terreno_m2', value: doc.text.slice(match.index, match.index + match[0].length), normalized: n, index: match.index, strength: 0.85 });
      continue;
    }
    // '1.706,8969 m² de área total, sendo 1.435,00 m² de área privativa e 271,8969 m² de área de uso
    // comum': the label after the measure is its own, and the one before belongs to another.
    const following = /^\s*de\s+(area\s+(?:de\s+)?[a-z]+(?:\s+comum)?)/.exec(doc.folded.slice(match.index + match[0].length, match.index + match[0].length + 40));
    if (following) {
      const own = /comum/.test(following[1]!) ? null : areaKind(following[1]!);
      const n = parseBrazilianNumber(match[1]!);
      if (own && n > 0) out.add({ key: own, value: doc.text.slice(match.index, match.index + match[0].length).replace(/m\?$/, 'm²'), normalized: n, index: match.index, strength: 0.9 });
      continue;
    }
    if (areaAt < 0) continue;
    const phrase = before.slice(areaAt);
    // Another measure between the word 'área' and this one: the word belongs to that measure.
    if (UNIT_IN.test(phrase)) continue;
    let kind = areaKind(phrase);
    let strength = 0.9;
    if (!kind && /terreno/.test(doc.folded.slice(Math.max(0, windowStart + areaAt - 60), windowStart + areaAt))) {
      kind = 'area_terreno_m2';
      strength = 0.8;
    }
    if (!kind) continue;
    if (!(parseBrazilianNumber(match[1]!) > 0)) continue;
    const number = parseBrazilianNumber(match[1]!);
    if (!(number > 0)) continue;
    const value = doc.text.slice(match.index, match.index + match[0].length).replace(/m\?$/, 'm²');
    out.add({ key: kind, value, normalized: number, index: match.index, strength });
  }
}

// 'R$', and OCR's 'RS' or 'R $' before a number.
const MONEY = new RegExp(String.raw`\br\s?[$s]\s*(${BR_NUMBER})(?!\d)`, 'g');
const PAYABLE = /total a (?:pagar|recolher)|valor a (?:pagar|recolher)/g;
const MONEY_CONTEXT: readonly [RegExp, KeyFieldKey][] = [
  [/valor venal/g, 'valor_venal'],
  [/valor venal de referencia|\bvvr\b/g, 'valor_venal_referencia'],
  [/valor (?:total )?d[ae] transacao|valor declarado|valor da (?:venda|compra|alienacao)|\bpreco\b/g, 'valor_transacao'],
  [/base de calculo/g, 'base_calculo_itbi'],
  [/valor do (?:imposto|itbi|iptu)|imposto devido|itbi devido|imposto a (?:pagar|recolher)/g, 'valor_imposto'],
  [PAYABLE, 'valor_imposto'],
  [/valor (?:total )?pago|valor do pagamento|valor do documento|total pago|valor cobrado|valor recolhido/g, 'valor_pago'],
];

function moneyKey(before: string): { key: KeyFieldKey; payable: boolean } {
  let best: { at: number; key: KeyFieldKey; payable: boolean } | null = null;
  for (const [pattern, key] of MONEY_CONTEXT) {
    for (const match of before.matchAll(pattern)) {
      const at = match.index + match[0].length;
      if (!best || at > best.at) best = { at, key, payable: pattern === PAYABLE };
    }
  }
  return best ?? { key: 'valor', payable: false };
}

function amounts(doc: Doc, out: FieldSet): void {
  let previousEnd = 0;
  for (const match of doc.folded.matchAll(MONEY)) {
    // The label of an amount sits right before it, never before the previous amount.
    const before = doc.folded.slice(Math.max(previousEnd, match.index - 60), match.index);
    previousEnd = match.index + match[0].length;
    const number = parseBrazilianNumber(match[1]!);
    if (!(number > 0)) continue;
    const labelled = moneyKey(before);
    let key = labelled.key;
    // 'O imposto de transmissão foi recolhido … no valor de R$ 14.400,00': the tax, by its sentence.
    if (key === 'valor' && /\b(?:no|pelo) valor de\s*$/.test(before)) {
      const sentence = doc.folded.slice(Math.max(0, match.index - 200), match.index);
      const start = sentence.lastIndexOf('. ');
      if (/\bitbi\b|imposto de transmissao|imposto sobre (?:a )?transmissao/.test(sentence.slice(start + 1))) key = 'valor_imposto';
    }
    out.add({
      key,
      value: doc.text.slice(match.index, previousEnd),
      normalized: number,
      index: match.index,
      strength: key === 'valor' ? 0.8 : 0.9,
      payable: labelled.payable && key === 'valor_imposto',
    });
  }
}

const RATE = /\baliquota\b[^\d\n]{0,20}(\d{1,2}(?:[.,]\d{1,2})?)\s*%/g;

function rates(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(RATE)) {
    const numberAt = match.index + match[0].lastIndexOf(match[1]!);
    out.add({
      key: 'aliquota',
      value: doc.text.slice(numberAt, match.index + match[0].length),
      normalized: parseBrazilianNumber(match[1]!),
      index: numberAt,
      strength: 0.9,
    });
  }
}

const MONTHS = ['janeiro', 'fevereiro', 'marco', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const NUMERIC_DATE = /(?<![\d/.])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/g;
const WRITTEN_DATE = new RegExp(String.raw`\b(\d{1,2})(?:\s*[º°o])?\s+de\s+(${MONTHS.join('|')})\s+de\s+(\d\.?\d{3})\b`, 'g');

function isoDate(day: number, month: number, year: number): string | null {
  if (![day, month, year].every(Number.isInteger) || year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function dates(doc: Doc, out: FieldSet): void {
  const found: Candidate[] = [];
  for (const match of doc.folded.matchAll(NUMERIC_DATE)) {
    const iso = isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
    if (iso) found.push({ key: 'data', value: doc.text.slice(match.index, match.index + match[0].length), normalized: iso, index: match.index, strength: 0.9 });
  }
  for (const match of doc.folded.matchAll(WRITTEN_DATE)) {
    const iso = isoDate(Number(match[1]), MONTHS.indexOf(match[2]!) + 1, Number(match[3]!.replace('.', '')));
    if (iso) found.push({ key: 'data', value: doc.text.slice(match.index, match.index + match[0].length), normalized: iso, index: match.index, strength: 0.9 });
  }
  found.sort((a, b) => a.index - b.index).forEach((c) => out.add(c));
}

const REGISTRATION =
  /\b(inscricao imobiliaria|inscricao municipal|inscricao cadastral|inscricao do imovel|cadastro municipal|cadastro imobiliario|cadastro do imovel|cadastrad[oa] na prefeitura|numero do contribuinte|contribuinte|sql|inscricao)\b(?![ \t]+(?:estadual|federal|no cpf|no cnpj))[^\d]{0,30}?([\dol][\dol./-]{4,24}[\dol])(?![\d/])/g;
/** A São Paulo SQL anywhere, kept only if its check digit holds (a stamp may have eaten its label). */
const SQL_ANYWHERE = /(?<![\d.])(\d{3}\.\d{3}\.\d{4}-\d)(?![\d])/g;
const NOT_REGISTRATION = [/^\d{3}\.\d{3}\.\d{3}-\d{2}$/, /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, /^\d{1,2}\/\d{1,2}\/\d{4}$/, /^\d{5}-\d{3}$/];

function registrations(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(REGISTRATION)) {
    const number = fixDigitLookalikes(match[2]!);
    const digits = number.replace(/\D/g, '');
    if (digits.length < 6 || /[a-z]/.test(number) || NOT_REGISTRATION.some((p) => p.test(number))) continue;
    const numberAt = match.index + match[0].length - match[2]!.length;
    const generic = match[1] === 'contribuinte' || match[1] === 'inscricao';
    addRegistration(out, number, digits, numberAt, generic ? 0.75 : 0.9, placeContext(doc.folded, match.index));
  }
  for (const match of doc.folded.matchAll(SQL_ANYWHERE)) {
    if (!isValidSql(match[1]!)) continue;
    out.add({ key: 'inscricao_imobiliaria', value: match[1]!, normalized: match[1]!.replace(/\D/g, ''), index: match.index, strength: 0.8 });
  }
}

/**
 * An inscription: a São Paulo SQL that passes its check digit is sure; one that fails is a
 * misread (or another city's code of the same length) and loses to any that passes.
 */
function addRegistration(out: FieldSet, printed: string, digits: string, index: number, strength: number, context: number, page?: number): void {
  const sqlShaped = /^\d{3}\.\d{3}\.\d{4}-\d$/.test(printed.trim());
  const checked = digits.length === 11 && isValidSql(digits);
  out.add({
    key: 'inscricao_imobiliaria',
    value: printed.trim(),
    normalized: digits,
    index,
    page,
    strength: checked ? Math.max(strength, 0.95) : sqlShaped ? 0.5 : strength,
    bonus: context * 0.2 + (checked ? 0.3 : 0),
  });
}

const ROLE_WORDS: readonly [RegExp, string][] = [
  [/^outorgantes?$/, 'outorgante'],
  [/^outorgad[oa]s?$/, 'outorgado'],
  [/^vendedor(?:a|es|as)?$/, 'vendedor'],
  [/^comprador(?:a|es|as)?$/, 'comprador'],
  [/^adquirentes?$/, 'adquirente'],
  [/^proprietari[oa]s?$/, 'proprietário'],
  [/^transmitentes?$/, 'transmitente'],
  [/^promitentes?$/, 'promitente'],
  [/^devedor(?:a|es|as)?$/, 'devedor'],
  [/^credor(?:a|es|as)?$/, 'credor'],
  [/^fiduciantes?$/, 'fiduciante'],
  [/^fiduciari[oa]s?$/, 'fiduciário'],
  [/^usufrutuari[oa]s?$/, 'usufrutuário'],
];
const ROLE_START =
  /\b(outorgantes?|outorgad[oa]s?|vendedor(?:a|es|as)?|comprador(?:a|es|as)?|adquirentes?|proprietari[oa]s?|transmitentes?|promitentes?|devedor(?:a|es|as)?|credor(?:a|es|as)?|usufrutuari[oa]s?)\b/g;
/** Qualification words that follow a name in all-caps text without a comma. */
const NAME_STOP = new Set([
  'brasileiro', 'brasileira', 'casado', 'casada', 'solteiro', 'solteira', 'viuvo', 'viuva', 'divorciado', 'divorciada',
  'separado', 'separada', 'portador', 'portadora', 'inscrito', 'inscrita', 'cpf', 'rg', 'cnpj', 'ci', 'nascido', 'nascida',
  'residente', 'domiciliado', 'domiciliada', 'com', 'sede', 'neste', 'nesta', 'representado', 'representada', 'ja', 'qualificado',
  'qualificada', 'pessoa', 'empresa', 'matricula', 'cep', 'endereco', 'natureza', 'valor',
]);
const NAME_CONNECTORS = new Set(['da', 'de', 'do', 'das', 'dos', 'e', "d'"]);
const UPPER_TOKEN = /^\p{Lu}[\p{Lu}'’.&/-]*$/u;
const TITLE_TOKEN = /^\p{Lu}\p{Ll}[\p{L}'’-]*$/u;

function roleOf(word: string): string | null {
  const folded = fold(word);
  return ROLE_WORDS.find(([pattern]) => pattern.test(folded))?.[1] ?? null;
}

/** Splits 'JOÃO DA SILVA E MARIA DA SILVA' into its people; each needs two words of its own. */
function splitNames(tokens: readonly string[]): string[] {
  const names: string[][] = [[]];
  for (const token of tokens) {
    if (token === 'E' || token === 'e') names.push([]);
    else names[names.length - 1]!.push(token);
  }
  return names
    .map((words) => {
      while (words.length && NAME_CONNECTORS.has(fold(words[words.length - 1]!))) words.pop();
      return words;
    })
    .filter((words) => words.filter((w) => !NAME_CONNECTORS.has(fold(w))).length >= 2)
    .map((words) => words.join(' ').replace(/(?<=\p{L}{4})\.$/u, ''));
}

/** After a role word: more role words, '(S)', ':' or '-' before the name. */
const ROLE_TAIL = /^[ \t]*(\((?:s|a|as|os|es)\)|[:–—,-]|[\p{L}]+)/iu;
const NAME_TOKEN = /(\S+)([ \t]*)/g;

function parties(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(ROLE_START)) {
    const roles = [roleOf(match[1]!)!];
    let cursor = match.index + match[0].length;
    let sawColon = false;
    for (let step = 0; step < 8; step++) {
      const tail = ROLE_TAIL.exec(doc.text.slice(cursor, cursor + 40));
      if (!tail) break;
      const piece = tail[1]!;
      if (/^\p{L}/u.test(piece)) {
        const role = roleOf(piece);
        if (!role) break;
        roles.push(role);
      } else if (piece === ':') {
        sawColon = true;
      }
      cursor += tail[0].length;
    }

    const line = doc.text.slice(cursor, cursor + 200).split('\n')[0]!;
    const lead = line.length - line.trimStart().length;
    const tokens: string[] = [];
    for (const token of line.trimStart().matchAll(NAME_TOKEN)) {
      const raw = token[1]!;
      const word = raw.replace(/(?<![,;:])[,;:]+$/, '');
      const folded = fold(word.replace(/\.$/, ''));
      if (!word || NAME_STOP.has(folded)) break;
      const accepted = UPPER_TOKEN.test(word) || NAME_CONNECTORS.has(folded) || (sawColon && TITLE_TOKEN.test(word));
      if (!accepted) break;
      tokens.push(word);
      // A comma, or a gap of several spaces (a form's next column), ends the name.
      if (word !== raw || token[2]!.length > 1 || token[2]!.includes('\t') || tokens.length >= 10) break;
    }

    const role = [...new Set(roles)].join(' ');
    let from = cursor + lead;
    for (const name of splitNames(tokens)) {
      const at = doc.text.indexOf(name, from);
      const index = at >= 0 ? at : from;
      from = index + name.length;
      out.add({
        key: 'parte',
        value: `${name} (${role})`,
        normalized: null,
        index,
        strength: tokens.some((w) => TITLE_TOKEN.test(w)) ? 0.7 : 0.85,
        identity: fold(name),
      });
    }
  }
}

const CPF_PATTERN = /(?<![\d./-])(\d{3}\.\d{3}\.\d{3}-\d{2})(?![\d/])|\bcpf(?:\/mf)?[^\d\n]{0,20}?(\d{11})(?!\d)/g;
const CNPJ_PATTERN = /(?<![\d./-])(\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})(?!\d)|\bcnpj(?:\/mf)?[^\d\n]{0,20}?(\d{14})(?!\d)/g;

function documents(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(CPF_PATTERN)) {
    const number = match[1] ?? match[2]!;
    if (!isValidCpf(number)) continue;
    const at = match.index + match[0].length - number.length;
    out.add({ key: 'cpf', value: maskCpf(number), normalized: null, index: at, strength: 0.95, identity: number.replace(/\D/g, '') });
  }
  for (const match of doc.folded.matchAll(CNPJ_PATTERN)) {
    const number = match[1] ?? match[2]!;
    if (!isValidCnpj(number)) continue;
    const at = match.index + match[0].length - number.length;
    out.add({ key: 'cnpj', value: maskCnpj(number), normalized: null, index: at, strength: 0.95, identity: number.replace(/\D/g, '') });
  }
}


// ---------------------------------------------------------------------------------------------
// Codes, fractions, the property's city, the dates and the result of a certificate

const CNM = /\bcnm\b[^\d\n]{0,12}(\d{6}\s?\.\s?\d\s?\.\s?\d{7}\s?-\s?\d{2})/g;

function cnms(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(CNM)) {
    const at = match.index + match[0].length - match[1]!.length;
    out.add({ key: 'cnm', value: doc.text.slice(at, match.index + match[0].length), normalized: match[1]!.replace(/\D/g, ''), index: at, strength: 0.95 });
  }
}

const FRACTION = /\bfracao ideal\b[^\d\n]{0,40}?(\d+[.,]\d+)\s*(%)?/g;

function fractions(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(FRACTION)) {
    const value = parseFlexibleNumber(match[1]!);
    if (value === null) continue;
    const at = match.index + match[0].lastIndexOf(match[1]!);
    out.add({ key: 'fracao_ideal', value: doc.text.slice(at, at + match[1]!.length + (match[2] ? 1 : 0)), normalized: value, index: at, strength: 0.9 });
  }
}

export const UFS = new Set(['ac', 'al', 'ap', 'am', 'ba', 'ce', 'df', 'es', 'go', 'ma', 'mt', 'ms', 'mg', 'pa', 'pb', 'pr', 'pe', 'pi', 'rj', 'rn', 'rs', 'ro', 'rr', 'sc', 'sp', 'se', 'to']);
// A line may break inside a city's name ('São\nPaulo/SP').
// Words of at most 30 letters: unbounded, every capital of a long run of letters was a new start
// that read the run to its end.
const CITY_WORDS = String.raw`\p{Lu}[\p{L}'’-]{0,30}(?:[ \t\n]+(?:d[aeo]s?[ \t\n]+)?\p{Lu}[\p{L}'’-]{0,30}){0,4}`;
/** 'São Paulo - SP', 'Campinas/SP', 'SÃO PAULO-SP' after an address. */
const CITY_UF = new RegExp(String.raw`(${CITY_WORDS})[ \t]*(?:[-–/,]|\()[ \t]*(\p{Lu}{2})\b\)?`, 'gu');
/** Where a paper names its city without an address: the prefeitura, the comarca, the registry. */
const CITY_HEADER = new RegExp(
  String.raw`(?:prefeitura (?:municipal )?(?:do municipio )?de|municipio de|comarca de|registro de imoveis de|registro de imoveis da comarca de|cidade de)[ \t]+(${CITY_WORDS.replace(/\\p\{Lu\}/g, '[\\p{L}]')})`,
  'gu',
);
const STATE_UF: Record<string, string> = {
  acre: 'AC', alagoas: 'AL', amapa: 'AP', amazonas: 'AM', bahia: 'BA', ceara: 'CE', 'distrito federal': 'DF', 'espirito santo': 'ES', goias: 'GO', maranhao: 'MA',
  'mato grosso': 'MT', 'mato grosso do sul': 'MS', 'minas gerais': 'MG', para: 'PA', paraiba: 'PB', parana: 'PR', pernambuco: 'PE', piaui: 'PI', 'rio de janeiro': 'RJ',
  'rio grande do norte': 'RN', 'rio grande do sul': 'RS', rondonia: 'RO', roraima: 'RR', 'santa catarina': 'SC', 'sao paulo': 'SP', sergipe: 'SE', tocantins: 'TO',
};
/** 'estado de santa catarina' (folded); the longest names first, so 'mato grosso do sul' is not 'mato grosso'. */
const STATE_NAME = new RegExp(
  String.raw`estado d[eo] (${Object.keys(STATE_UF)
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/ /g, String.raw`\s+`))
    .join('|')})`,
  'g',
);
const CAPITALS: Record<string, [string, string]> = { sp: ['São Paulo', 'SP'], rj: ['Rio de Janeiro', 'RJ'] };

/** Offices that issue IDs and licences, printed as 'SSP/SP', 'DETRAN-RS', 'expedida pela SESP/PR'. */
const ISSUING_OFFICES = new Set(['ssp', 'sesp', 'sds', 'sejusp', 'detran', 'ifp', 'pc', 'pm', 'dgpc', 'iirgd', 'oab', 'crea', 'crc', 'crm', 'mae', 'mex', 'cnh', 'rg']);
function issuingOffice(city: string, before: string): boolean {
  const last = fold(city).split(/\s+/).pop() ?? '';
  return ISSUING_OFFICES.has(last) || /\b(?:expedid|emitid)[oa]s?\s+(?:pel[oa]s?\s+)?\S*$/.test(before.replace(/\s+/g, ' '));
}

function titleCase(name: string): string {
  const small = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((w, i) => (i > 0 && small.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/**
 * The property's city and state: after the property's own address first ('situado na Rua X, 250,
 * Jardim Y, São Paulo - SP'), else from the office or city hall that issued the paper, which
 * serves the place the property is in.
 */
function places(doc: Doc, out: FieldSet, addressIndexes: readonly number[], type: DocumentTypeId): void {
  const placed = DOCUMENT_TYPES[type].family === 'contract';
  for (const at of addressIndexes) {
    const window = doc.text.slice(at, at + 220);
    for (const m of window.matchAll(CITY_UF)) {
      const uf = fold(m[2]!);
      if (!UFS.has(uf)) continue;
      const words = m[1]!.split(/\s+/);
      // 'Jardim Paulista, São Paulo - SP': the name right before the state is the city.
      const city = words.slice(-4).join(' ').replace(/^(?:cep|bairro)\s+/i, '');
      if (/\d/.test(city) || city.length < 3) continue;
      // 'expedida pelo DETRAN/RS', 'SSP/SP': the office that issued an ID, not a place.
      if (issuingOffice(city, doc.folded.slice(Math.max(0, at + m.index! - 40), at + m.index! + m[0].length - m[2]!.length))) continue;
      out.add({ key: 'cidade', value: titleCase(city), normalized: titleCase(city), index: at + m.index!, strength: 0.9, bonus: 1, identity: fold(city) });
      out.add({ key: 'uf', value: uf.toUpperCase(), normalized: uf.toUpperCase(), index: at + m.index! + m[0].length - 2, strength: 0.9, bonus: 1 });
      break;
    }
  }
  // Matched on the folded head ('PREFEITURA MUNICIPAL DE SÃO MIGUEL DO OESTE' is upper case), read from
  // the original. A deed's head is the notary's town, not necessarily the property's.
  for (const m of placed ? [] : doc.folded.slice(0, 1500).matchAll(CITY_HEADER)) {
    const at = m.index + m[0].length - m[1]!.length;
    const words = doc.text.slice(at, at + m[1]!.length).split(/\s+/).filter((w) => !/^(?:sp|rj|mg|pr|rs|sc|ba)$/i.test(w));
    const cut = words.findIndex((w) => /^(?:cnpj|matricula|matrícula|secretaria|certidao|certidão|oficial|comarca|estado|registro|títulos|titulos|cep)$/i.test(w));
    const city = (cut >= 0 ? words.slice(0, cut) : words).slice(0, 4).join(' ');
    if (city.length < 3) continue;
    out.add({ key: 'cidade', value: titleCase(city), normalized: titleCase(city), index: m.index!, strength: 0.8, identity: fold(city) });
  }
  // 'situados nesta Capital': the property is in the town the paper names as its own seat ('do
  // Município e Comarca de Porto Alegre', 'nesta cidade de Porto Alegre'), read from its opening.
  const seat = seatCity(doc);
  const placedAt = seat ? [...doc.folded.matchAll(/\b(?:nesta|desta)\s(?:capital|cidade)\b/g)].find((m) => placeContext(doc.folded, m.index) > 0)?.index : undefined;
  if (seat && placedAt !== undefined) out.add({ key: 'cidade', value: seat, normalized: seat, index: placedAt, strength: 0.85, bonus: 0.8, identity: fold(seat) });
  // 'nesta Capital' in a São Paulo paper (a weak guess when no sentence places the property there).
  else if ((!seat || fold(seat) === 'sao paulo') && /\bnesta capital\b/.test(doc.folded) && /\bsao paulo\b/.test(doc.folded)) {
    const at = doc.folded.indexOf('nesta capital');
    const [city, uf] = CAPITALS.sp!;
    out.add({ key: 'cidade', value: city, normalized: city, index: at, strength: 0.6, identity: fold(city) });
    out.add({ key: 'uf', value: uf, normalized: uf, index: at, strength: 0.6 });
  }
  // 'ESTADO DE SANTA CATARINA' in a prefeitura's or registry's heading; 'Estado do Rio Grande do Sul'.
  for (const m of doc.folded.slice(0, 2500).matchAll(STATE_NAME)) {
    const uf = STATE_UF[m[1]!.replace(/\s+/g, ' ')]!;
    out.add({ key: 'uf', value: uf, normalized: uf, index: m.index, strength: 0.75 });
  }
  // 'neste município de São Luís/MA' where the text places the property.
  for (const m of doc.folded.matchAll(/\b(?:neste|no|do) municipio de\s+/g)) {
    const at = m.index + m[0].length;
    const place = new RegExp(`^${CITY_UF.source}`, 'u').exec(doc.text.slice(at, at + 80));
    if (!place || !UFS.has(fold(place[2]!)) || placeContext(doc.folded, m.index) <= 0) continue;
    const city = titleCase(place[1]!.replace(/\s+/g, ' '));
    out.add({ key: 'cidade', value: city, normalized: city, index: at, strength: 0.85, bonus: 0.8, identity: fold(city) });
    out.add({ key: 'uf', value: place[2]!.toUpperCase(), normalized: place[2]!.toUpperCase(), index: at + place[0].length - 2, strength: 0.85, bonus: 0.8 });
  }
  const ufLabel = /\b(?:uf|estado)\s*:\s*([a-z]{2})\b/g;
  for (const m of doc.folded.matchAll(ufLabel)) {
    if (!UFS.has(m[1]!)) continue;
    out.add({ key: 'uf', value: m[1]!.toUpperCase(), normalized: m[1]!.toUpperCase(), index: m.index, strength: 0.85, bonus: 0.5 });
  }
  // A city with no state written: the state of São Paulo's capital is known.
  const cities = out.items.filter((i) => i.key === 'cidade');
  if (cities.length > 0 && !out.items.some((i) => i.key === 'uf') && cities.some((c) => fold(c.value) === 'sao paulo')) {
    out.add({ key: 'uf', value: 'SP', normalized: 'SP', index: cities[0]!.index, strength: 0.6 });
  }
}

/** The town a deed says it is drawn in: 'do Município e Comarca de Porto Alegre', 'nesta cidade de X'. */
function seatCity(doc: Doc): string | null {
  const head = doc.folded.slice(0, 1500);
  const m = /\b(?:municipio\se\scomarca|municipio|nesta\scidade|cidade\se\scomarca)\sde\s+/.exec(head);
  if (!m) return null;
  const at = m.index + m[0].length;
  const name = new RegExp(`^${CITY_WORDS}`, 'u').exec(doc.text.slice(at, at + 60));
  if (!name) return null;
  const words = name[0].split(/\s+/);
  const cut = words.findIndex((w) => /^(?:estado|capital|comarca|cep|rep[uú]blica)$/i.test(w));
  const city = (cut >= 0 ? words.slice(0, cut) : words).join(' ').trim();
  return city.length >= 3 ? titleCase(city) : null;
}

/** A date near a label ('Data de emissão: 10/11/2026', 'emitida em 3 de novembro de 2026'). */
function dateAfter(doc: Doc, from: number, span = 80): { iso: string; index: number; text: string } | null {
  const window = doc.folded.slice(from, from + span);
  const candidates: { iso: string; index: number; text: string }[] = [];
  for (const m of window.matchAll(new RegExp(NUMERIC_DATE.source, 'g'))) {
    const iso = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (iso) candidates.push({ iso, index: from + m.index, text: doc.text.slice(from + m.index, from + m.index + m[0].length) });
  }
  for (const m of window.matchAll(new RegExp(WRITTEN_DATE.source, 'g'))) {
    const iso = isoDate(Number(m[1]), MONTHS.indexOf(m[2]!) + 1, Number(m[3]!.replace('.', '')));
    if (iso) candidates.push({ iso, index: from + m.index, text: doc.text.slice(from + m.index, from + m.index + m[0].length) });
  }
  return candidates.sort((a, b) => a.index - b.index)[0] ?? null;
}

const DATE_LABELS: readonly [RegExp, KeyFieldKey, number][] = [
  [/\b(?:data (?:de |da )?(?:emissao|expedicao)|emitid[oa] em|expedid[oa] em|(?:emissao|expedicao)\s*:|certidao (?:emitida|expedida) (?:em|aos)|emitid[oa] as [\d:h ]{4,12}do dia)/g, 'data_emissao', 0.95],
  [/\b(?:valid[oa] ate|validade\s*:|valida (?:ate|por)|prazo de validade)/g, 'validade', 0.95],
  [/\b(?:data (?:do |de )?pagamento|pago em|pagamento (?:efetuado|realizado) em|data da (?:operacao|transacao)|data do debito)/g, 'data_pagamento', 0.95],
  [/\b(?:data de )?vencimento\b/g, 'data_vencimento', 0.9],
];

function labelledDates(doc: Doc, out: FieldSet): void {
  for (const [pattern, key, strength] of DATE_LABELS) {
    for (const m of doc.folded.matchAll(pattern)) {
      const found = dateAfter(doc, m.index + m[0].length, 60);
      if (found) out.add({ key, value: found.text, normalized: found.iso, index: found.index, strength });
    }
  }
  // 'válida por 180 (cento e oitenta) dias' from the issue date.
  const days = /\bvalid[oa] (?:por|pelo prazo de)\s+(\d{1,3})\b[^.\n]{0,40}?\bdias\b/.exec(doc.folded);
  const issued = out.items.find((i) => i.key === 'data_emissao');
  if (days && issued && typeof issued.normalized === 'string') {
    const date = new Date(`${issued.normalized}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + Number(days[1]));
    const iso = date.toISOString().slice(0, 10);
    out.add({ key: 'validade', value: `${days[1]} dias da emissão`, normalized: iso, index: days.index, strength: 0.85 });
  }
  // A deed's own date is in its opening formula ('aos dezesseis (16) dias do mês de maio do ano dois
  // mil e vinte e cinco (2025)'), not in the dates of the papers it cites.
  // It outranks a labelled date, which in a deed is a cited paper's ('a contar da data de emissão').
  const drawn = notarialDate(doc);
  if (drawn) out.add(drawn);
  // A certificate closes with 'São Paulo, 3 de novembro de 2026': its issue date when no label said it.
  if (!out.items.some((i) => i.key === 'data_emissao')) {
    const last = closingDate(doc);
    if (last) out.add(last);
  }
}

const NOTARIAL_DAYS = new RegExp(String.raw`\bdias?\s+do\s+mes\s+de\s+(${MONTHS.join('|')})\b`);

/** 'aos 16 (dezesseis) dias do mês de maio do ano de dois mil e vinte e cinco (2025)', in a deed's opening. */
function notarialDate(doc: Doc): Candidate | null {
  const head = doc.folded.slice(0, 2000);
  const m = NOTARIAL_DAYS.exec(head);
  if (!m) return null;
  // Every white space as one blank, in place: 'aos\ndezesseis' is found and the offsets still hold.
  const before = head.slice(Math.max(0, m.index - 60), m.index).replace(/\s/g, ' ');
  const aos = before.lastIndexOf('aos ');
  if (aos < 0) return null;
  const dayText = before.slice(aos + 4).replace(/\s+/g, ' ').trim();
  const afterMonth = head.slice(m.index + m[0].length, m.index + m[0].length + 90);
  const stop = afterMonth.search(/[,;]/);
  const yearText = (stop >= 0 ? afterMonth.slice(0, stop) : afterMonth).replace(/\s+/g, ' ').replace(/^ ?(?:do ano )?(?:de )?/, '');
  const bare = (t: string) => t.replace(/\([^()]*\)/g, ' ');
  const day = Number(/\b(\d{1,2})\b/.exec(dayText)?.[1] ?? parseNumberWords(bare(dayText)) ?? Number.NaN);
  const year = Number(/\b((?:19|20)\d{2})\b/.exec(yearText)?.[1] ?? parseNumberWords(bare(yearText)) ?? Number.NaN);
  const iso = isoDate(day, MONTHS.indexOf(m[1]!) + 1, year);
  if (!iso) return null;
  const at = m.index - before.length + aos;
  return { key: 'data_emissao', value: doc.text.slice(at, m.index + m[0].length + (stop >= 0 ? stop : 0)), normalized: iso, index: at, strength: 0.97, bonus: 1 };
}

/** The last 'City, 3 de novembro de 2026' of a paper: the day it was signed or issued. */
function closingDate(doc: Doc): Candidate | null {
  const closing = new RegExp(String.raw`\b[a-z][a-z ]{2,30},\s*(?:em\s+)?(\d{1,2})(?:\s*[º°o])?\s+de\s+(${MONTHS.join('|')})\s+de\s+(\d\.?\d{3})\b`, 'g');
  let last: Candidate | null = null;
  for (const m of doc.folded.matchAll(closing)) {
    const iso = isoDate(Number(m[1]), MONTHS.indexOf(m[2]!) + 1, Number(m[3]!.replace('.', '')));
    const at = m.index + m[0].search(/\d/);
    if (iso) last = { key: 'data_emissao', value: doc.text.slice(at, m.index + m[0].length), normalized: iso, index: at, strength: 0.8 };
  }
  // In a matrícula every act closes with its own 'São Domingos, 28 de julho de 2016': a closing
  // followed by another act is that act's, not the certificate's.
  const lastAct = lastMatchEnd(doc.folded, /\n[ \t]*(?:r|av)[ \t]*[.-][ \t]*\d{1,3}\b/g);
  if (last && lastAct > last.index) return null;
  return last;
}

const RESULT_PATTERNS: readonly [RegExp, string][] = [
  [/positiva com efeitos? de negativa/, 'positiva com efeitos de negativa'],
  [/certidao negativa|\bnada consta\b|\bnegativa de debitos\b|nao constam? (?:debitos|pendencias|acoes|protestos|feitos)|\bresultado\s*:\s*negativ/, 'negativa'],
  [/certidao positiva|\bconsta(?:m)? (?:debitos|pendencias|acoes|protestos|feitos)\b|\bresultado\s*:\s*positiv/, 'positiva'],
];

function certificateResult(doc: Doc, out: FieldSet): void {
  for (const [pattern, value] of RESULT_PATTERNS) {
    const m = pattern.exec(doc.folded);
    if (m) {
      out.add({ key: 'resultado_certidao', value, normalized: value, index: m.index, strength: 0.9 });
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Forms: a label and its value in another column, in the box below, or on the next line

type Parser = (raw: string) => { value: string; normalized: number | string } | null;

const moneyValue: Parser = (raw) => {
  const m = /^(?:r\s?[$s]\s*)?([\dOolI][\dOolI.,\s]*\d)\s*$/i.exec(raw.trim());
  const n = m ? parseFlexibleNumber(m[1]!.replace(/\s+/g, '')) : null;
  return n !== null && n > 0 ? { value: raw.trim(), normalized: n } : null;
};
const measureValue: Parser = (raw) => {
  const m = /^([\dOolI][\dOolI.,]*)\s*(?:m²|m2|m\?|%)?$/i.exec(raw.trim());
  const n = m ? parseFlexibleNumber(m[1]!) : null;
  return n !== null && n > 0 ? { value: raw.trim(), normalized: n } : null;
};
const codeValue: Parser = (raw) => {
  const fixed = fixDigitLookalikes(raw.trim());
  if (!/^\d[\d.\-/ ]{4,24}\d$/.test(fixed)) return null;
  return { value: raw.trim(), normalized: fixed.replace(/\D/g, '') };
};
const cepValue: Parser = (raw) => {
  const digits = fixDigitLookalikes(raw.trim()).replace(/\D/g, '');
  return /^\d{5}-?\d{3}$|^\d{2}\.\d{3}-\d{3}$/.test(fixDigitLookalikes(raw.trim())) && digits.length === 8 ? { value: raw.trim(), normalized: digits } : null;
};
const dateValue: Parser = (raw) => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw.trim());
  const iso = m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  return iso ? { value: raw.trim(), normalized: iso } : null;
};
const textValue: Parser = (raw) => {
  const t = raw.trim();
  return /\p{L}{3}/u.test(t) && t.length <= 120 ? { value: t, normalized: t } : null;
};
const addressValue: Parser = (raw) => {
  const t = raw.trim();
  return /\p{L}{3}/u.test(t) && /\d|s\/n/i.test(t) && t.length <= 120 ? { value: t, normalized: t } : null;
};
const ufValue: Parser = (raw) => (UFS.has(fold(raw.trim())) ? { value: raw.trim().toUpperCase(), normalized: raw.trim().toUpperCase() } : null);

const FORM_LABELS: readonly [RegExp, KeyFieldKey, Parser][] = [
  [/^(?:(?:n[º°o.]*|numero)\s*(?:do |da )?)?(?:inscricao (?:imobiliaria|municipal|cadastral|do imovel)|cadastro (?:do imovel|imobiliario|municipal)|numero do contribuinte|contribuinte|sql|n[º°o.]* do contribuinte|codigo do imovel|setor.?quadra.?lote)\b[^:]{0,12}:?$/, 'inscricao_imobiliaria', codeValue],
  [/^(?:n[º°o.]*\s*(?:da )?)?matricula(?: do imovel| n[º°o.]*)?\s*:?$/, 'matricula_numero', codeValue],
  [/^(?:endereco|local|localizacao|logradouro)(?: do imovel)?\s*:?$/, 'endereco', addressValue],
  [/^cep(?: do imovel)?\s*:?$/, 'cep', cepValue],
  [/^(?:municipio|cidade)(?:\s*\/\s*uf)?\s*:?$/, 'cidade', textValue],
  [/^(?:uf|estado)\s*:?$/, 'uf', ufValue],
  [/^area (?:do |de )?terreno(?: \(m[²2?]\))?\s*:?$|^area total do terreno/, 'area_terreno_m2', measureValue],
  [/^area construida(?: \(m[²2?]\))?\s*:?$|^area edificada/, 'area_construida_m2', measureValue],
  [/^area (?:privativa|util)(?: \(m[²2?]\))?\s*:?$/, 'area_privativa_m2', measureValue],
  [/^area total(?: \(m[²2?]\))?\s*:?$/, 'area_total_m2', measureValue],
  [/^fracao ideal\s*:?/, 'fracao_ideal', measureValue],
  [/^valor (?:total )?(?:da |de )?(?:transacao|declarado|venda|compra)(?: \(r\$\))?\s*:?$/, 'valor_transacao', moneyValue],
  [/^(?:valor venal de referencia|vvr)(?: \(r\$\))?\s*:?$/, 'valor_venal_referencia', moneyValue],
  [/^valor venal(?: (?:total|do imovel))?(?: \(r\$\))?\s*:?$/, 'valor_venal', moneyValue],
  [/^base de calculo(?: \(r\$\))?\s*:?$/, 'base_calculo_itbi', moneyValue],
  [/^aliquota(?: \(%\))?\s*:?$/, 'aliquota', measureValue],
  [/^(?:valor (?:do )?(?:imposto|itbi|iptu)|imposto (?:devido|a pagar|a recolher)|itbi devido|total a (?:pagar|recolher)|valor a (?:pagar|recolher))(?: \(r\$\))?\s*:?$/, 'valor_imposto', moneyValue],
  [/^(?:valor (?:total )?pago|valor do pagamento|valor do documento|total pago|valor cobrado|valor recolhido)(?: \(r\$\))?\s*:?$/, 'valor_pago', moneyValue],
  [/^(?:data (?:do |de )?pagamento|pago em|data da (?:operacao|transacao))\s*:?$/, 'data_pagamento', dateValue],
  [/^(?:data de )?vencimento\s*:?$/, 'data_vencimento', dateValue],
  [/^(?:data (?:de |da )?(?:emissao|expedicao)|emitida em|emissao)\s*:?$/, 'data_emissao', dateValue],
  [/^(?:valida ate|validade)\s*:?$/, 'validade', dateValue],
];

function formLabel(folded: string): readonly [RegExp, KeyFieldKey, Parser] | null {
  // 'Valor da transação declarado (R$)': the unit and the qualifier say nothing of the field.
  const text = folded
    .replace(/\s+/g, ' ')
    .replace(/(?<!\s)\s*\((?:r\$|m[²2?]|%|sql)\)/g, '')
    .replace(/(?<!\s)\s+declarad[oa]\b/, '')
    .trim();
  return FORM_LABELS.find(([pattern]) => pattern.test(text)) ?? null;
}

/**
 * A form's label opens with a capital ('Endereço', 'ENDEREÇO', 'Nº da matrícula'); a word of
 * running prose that a justified line or a wrap left alone ('com endereço | eletrônico') does not.
 */
function labelOf(text: string): ReturnType<typeof formLabel> {
  return /^\s*[\p{Lu}\d(]/u.test(text) ? formLabel(fold(text)) : null;
}

/** Text-layer pages: every label cell paired with the value cell beside or below it. */
function formCells(doc: Doc, out: FieldSet, pages: KeyFieldsInput['pages']): void {
  for (const page of pages) {
    const cells = page.cells;
    if (!cells || cells.length === 0) continue;
    const isLabel = new Map<TextCell, boolean>();
    for (const cell of cells) isLabel.set(cell, labelOf(cell.text) !== null);
    const pageStart = doc.pageStart(page.number);
    for (const cell of cells) {
      const label = labelOf(cell.text);
      if (!label) continue;
      const [, key, parse] = label;
      const valueCell = valueCellFor(cell, cells, (c) => !isLabel.get(c) && parse(c.text) !== null);
      if (!valueCell) continue;
      const parsed = parse(valueCell.text)!;
      const at = doc.text.indexOf(valueCell.text, pageStart);
      addFormField(out, key, parsed, at >= 0 ? at : pageStart, page.number, parse, isPayable(cell.text));
    }
  }
}

/** Text without positions (OCR, DOCX): 'Label:' alone on a line, its value on the next line. */
function formLines(doc: Doc, out: FieldSet): void {
  const lines = doc.text.split('\n');
  let offset = 0;
  const starts = lines.map((line) => {
    const at = offset;
    offset += line.length + 1;
    return at;
  });
  for (let i = 0; i < lines.length - 1; i++) {
    const label = labelOf(lines[i]!);
    if (!label) continue;
    const [, key, parse] = label;
    const next = lines[i + 1]!.trim();
    const parsed = parse(next);
    if (!parsed) continue;
    addFormField(out, key, parsed, starts[i + 1]!, undefined, parse, isPayable(lines[i]!));
  }
  // 'Label: value' on one line, for the labels the prose patterns do not know.
  const inline = /^[ \t]*([^:\n]{3,60}):[ \t]*(\S[^\n]{0,80}?)[ \t]*$/gm;
  for (const m of doc.text.matchAll(inline)) {
    const label = labelOf(`${m[1]!}:`);
    if (!label) continue;
    const [, key, parse] = label;
    const parsed = parse(m[2]!);
    if (!parsed) continue;
    addFormField(out, key, parsed, m.index + m[0].indexOf(m[2]!, m[1]!.length), undefined, parse, isPayable(m[1]!));
  }
}

function addFormField(
  out: FieldSet,
  key: KeyFieldKey,
  parsed: { value: string; normalized: number | string },
  index: number,
  page: number | undefined,
  parse: Parser,
  payable = false,
): void {
  if (key === 'inscricao_imobiliaria') {
    addRegistration(out, parsed.value, String(parsed.normalized), index, 0.95, 1, page);
    return;
  }
  let normalized: number | string | null = parsed.normalized;
  let value = parsed.value;
  if (key === 'cidade' && typeof normalized === 'string') {
    // 'SÃO PAULO - SP' in a 'Município' box: the state is its own fact.
    const m = trailingUf(normalized);
    if (m && UFS.has(fold(m.uf))) {
      out.add({ key: 'uf', value: m.uf, normalized: m.uf, index, page, strength: 0.9, bonus: 1.5 });
      normalized = m.city;
    }
    normalized = titleCase(normalized);
    value = normalized;
  }
  // A box holds the bare figure; the field says what it is, as the prose would print it.
  if (parse === moneyValue && !/^r\s?\$/i.test(value)) value = `R$ ${value}`;
  if (parse === measureValue && key.startsWith('area_') && !/m[²2?]$/.test(value)) value = `${value} m²`;
  if (key === 'aliquota' && !value.endsWith('%')) value = `${value}%`;
  // An address is kept as printed, like the prose addresses: it has no normalised form.
  if (key === 'endereco') normalized = null;
  out.add({ key, value, normalized, index, page, strength: 0.95, bonus: 1.5, identity: `form|${fold(String(value))}`, payable: payable && key === 'valor_imposto' });
}

const isPayable = (label: string) => new RegExp(PAYABLE.source).test(fold(label));

// ---------------------------------------------------------------------------------------------

const CONTRACT_TYPES: ReadonlySet<DocumentTypeId> = new Set(['escritura', 'minuta', 'compromisso', 'procuracao']);
const RECEIPT_TYPES: ReadonlySet<DocumentTypeId> = new Set(['recibo', 'itbi_comprovante']);
const ACT_DATE = new RegExp(String.raw`\baos?\s+(\d{1,2})(?:\s*[º°o])?\s+(?:dias?\s+do\s+mes\s+)?de\s+(${MONTHS.join('|')})\s+de\s+(\d\.?\d{3})\b`, 'g');

/**
 * What a type says of its own dates and amounts. A notarial act or contract is dated by 'aos 18 de
 * maio de 2025' or its closing line, not by the certificates it cites ('certidão expedida em …'). A
 * receipt's amount ('VALOR: R$ 4.958,82') is what was paid, and its date the day of payment.
 */
function typeFacts(doc: Doc, out: FieldSet, type: DocumentTypeId): void {
  if (CONTRACT_TYPES.has(type)) {
    for (const m of doc.folded.matchAll(ACT_DATE)) {
      const iso = isoDate(Number(m[1]), MONTHS.indexOf(m[2]!) + 1, Number(m[3]!.replace('.', '')));
      const at = m.index + m[0].search(/\d/);
      if (iso) out.add({ key: 'data_emissao', value: doc.text.slice(at, m.index + m[0].length), normalized: iso, index: at, strength: 0.9, bonus: 1 });
    }
    const closing = closingDate(doc);
    if (closing) out.add({ ...closing, bonus: 0.9 });
  }
  if (type === 'procuracao') {
    for (const office of out.items.filter((i) => i.key === 'cartorio' && /tabeli|notas/i.test(i.value))) {
      out.add({ key: 'cartorio', value: office.value, normalized: null, index: office.index, strength: 0.9, bonus: 1.5 });
    }
  }
  if (RECEIPT_TYPES.has(type)) {
    const paid = out.items.find((i) => i.key === 'valor' || i.key === 'valor_pago');
    if (paid) out.add({ key: 'valor_pago', value: paid.value, normalized: paid.normalized, index: paid.index, strength: 0.85 });
    const closing = closingDate(doc);
    if (closing) out.add({ ...closing, key: 'data_pagamento', strength: 0.85 });
    const anyDate = out.items.find((i) => i.key === 'data');
    if (anyDate) out.add({ key: 'data_pagamento', value: anyDate.value, normalized: anyDate.normalized, index: anyDate.index, strength: 0.6 });
  }
}

/** Liens come from a registry's acts only: other papers name liens to deny or disclaim them. */
function liens(doc: Doc, out: FieldSet, type: DocumentTypeId): void {
  if (DOCUMENT_TYPES[type].family !== 'registry') return;
  for (const lien of findLiens(doc.folded, findActs(doc.folded))) {
    const label = LIEN_TYPES[lien.type];
    const value = lien.active ? `${label} (${lien.act})` : `${label} (${lien.act}, cancelada pela ${lien.cancelledBy})`;
    out.add({
      key: 'onus',
      value,
      normalized: lien.type,
      index: lien.index,
      strength: 0.9,
      identity: `${lien.type}|${lien.act}`,
      lien: { type: lien.type, act: lien.act, active: lien.active, cancelledBy: lien.cancelledBy },
    });
  }
}

export function classifyDocument(folded: string, fileName: string): { type: DocumentTypeId; confidence: number } {
  const { type, confidence } = classifyByContent(folded, fileName, fold);
  return { type, confidence };
}

export function extractKeyFields(input: KeyFieldsInput): KeyFieldsResult {
  const doc = new Doc(input.pages);
  const { type, confidence } = classifyDocument(doc.folded, input.fileName);
  const out = new FieldSet(doc);
  formCells(doc, out, input.pages);
  formLines(doc, out);
  matriculaNumbers(doc, out);
  fichaHeading(doc, out);
  cartorios(doc, out, type);
  addresses(doc, out, type);
  ceps(doc, out, type);
  registrations(doc, out);
  cnms(doc, out);
  areas(doc, out);
  fractions(doc, out);
  amounts(doc, out);
  rates(doc, out);
  labelledDates(doc, out);
  certificateResult(doc, out);
  const propertyAddresses = out.items.filter((i) => i.key === 'endereco' && i.score >= 1).map((i) => i.index);
  places(doc, out, propertyAddresses, type);
  dates(doc, out);
  typeFacts(doc, out, type);
  parties(doc, out);
  documents(doc, out);
  liens(doc, out, type);
  return {
    documentType: type,
    documentTypeLabel: DOCUMENT_TYPE_LABELS[type],
    typeConfidence: Math.max(0, Math.min(100, confidence)),
    fields: out.select(type),
  };
}

/** 'SÃO PAULO - SP' → the city and the state (a scan from the end: a lazy expression here was quadratic over spaces). */
function trailingUf(text: string): { city: string; uf: string } | null {
  const uf = text.slice(-2);
  if (!/^\p{Lu}{2}$/u.test(uf)) return null;
  const blank = (ch: string | undefined) => ch === ' ' || ch === '\t';
  let i = text.length - 2;
  while (i > 0 && blank(text[i - 1])) i--;
  if (i === 0 || !'-–/'.includes(text[i - 1]!)) return null;
  i--;
  while (i > 0 && blank(text[i - 1])) i--;
  const city = text.slice(0, i);
  return city.includes('\n') ? null : { city, uf };
}
