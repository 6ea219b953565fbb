import type { DocumentType, KeyField, KeyFieldsResult } from './types.ts';
import { isValidCnpj, isValidCpf, maskCnpj, maskCpf, maskCpfsIn } from './cpf.ts';

/**
 * Document classification and key-field extraction from extracted page text (Brazilian property
 * paperwork: matrícula, escritura, compromisso, ITBI, IPTU, certidão, planta, laudo).
 *
 * Patterns run on a folded copy of the text (lower case, accents removed, same length as the
 * original), so 'MATRÍCULA N.º' and 'matricula no' meet one pattern; values are cut from the
 * original text at the same offsets. A field's confidence is the pattern's strength times the OCR
 * confidence of its page (1 for a text layer).
 */

export interface KeyFieldsInput {
  fileName: string;
  pages: readonly { number: number; text: string; confidence: number | null }[];
}

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  matricula: 'Matrícula',
  escritura: 'Escritura',
  compromisso: 'Compromisso de compra e venda',
  itbi: 'ITBI',
  iptu: 'IPTU',
  certidao: 'Certidão negativa',
  planta: 'Planta',
  laudo: 'Laudo',
  outro: 'Outro',
};

/** Keys in display order, with their Portuguese labels. */
export const KEY_FIELD_LABELS = {
  matricula_numero: 'Número da matrícula',
  cartorio: 'Cartório',
  endereco: 'Endereço',
  cep: 'CEP',
  inscricao_imobiliaria: 'Inscrição imobiliária',
  area_total_m2: 'Área total',
  area_construida_m2: 'Área construída',
  area_privativa_m2: 'Área privativa',
  area_terreno_m2: 'Área do terreno',
  valor_transacao: 'Valor da transação',
  valor_venal: 'Valor venal',
  base_calculo_itbi: 'Base de cálculo do ITBI',
  aliquota: 'Alíquota',
  valor_imposto: 'Valor do imposto',
  valor: 'Valor',
  data: 'Data',
  parte: 'Parte',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  onus: 'Ônus / restrição',
} as const;
export type KeyFieldKey = keyof typeof KEY_FIELD_LABELS;
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
}

class FieldSet {
  private readonly seen = new Set<string>();
  readonly items: (KeyField & { index: number })[] = [];

  constructor(private readonly doc: Doc) {}

  add(candidate: Candidate): void {
    const identity = `${candidate.key}|${candidate.identity ?? String(candidate.normalized ?? fold(candidate.value))}`;
    if (this.seen.has(identity)) return;
    this.seen.add(identity);
    const page = this.doc.page(candidate.index);
    const masked = candidate.key === 'cpf' || candidate.key === 'cnpj' ? candidate.value : maskCpfsIn(candidate.value);
    this.items.push({
      key: candidate.key,
      label: KEY_FIELD_LABELS[candidate.key],
      value: masked.replace(/\s+/g, ' ').trim(),
      normalized: candidate.normalized,
      page: page.number,
      confidence: Math.round(100 * candidate.strength * page.factor),
      index: candidate.index,
    });
  }

  sorted(): KeyField[] {
    return [...this.items]
      .sort((a, b) => KEY_ORDER.indexOf(a.key as KeyFieldKey) - KEY_ORDER.indexOf(b.key as KeyFieldKey) || a.index - b.index)
      .map(({ index: _index, ...field }) => field);
  }
}

/** '1.234.567,89' → 1234567.89. */
export function parseBrazilianNumber(text: string): number {
  return Number(text.replace(/\./g, '').replace(',', '.'));
}

const BR_NUMBER = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d{1,4})?|\d+(?:,\d{1,4})?`;

// ---------------------------------------------------------------------------------------------
// Classification

type Weighted = readonly [RegExp, number];

const TYPE_KEYWORDS: Record<Exclude<DocumentType, 'outro'>, readonly Weighted[]> = {
  matricula: [
    [/registro de imoveis/g, 3],
    [/matricula\s*n\s*[.º°o]/g, 3],
    [/oficial de registro/g, 3],
    [/\bcnm\b/g, 3],
    [/(?:^|\n)[ \t]*(?:r|av)[.-]\s?\d{1,3}\b/g, 1.5],
    [/\bficha\b/g, 1],
    [/registro anterior/g, 2],
    [/prenotac/g, 1],
    [/averbac/g, 1],
    [/\bregistro geral\b/g, 2],
  ],
  escritura: [
    [/escritura publica/g, 4],
    [/saibam quantos/g, 4],
    [/tabeliao|tabelionato/g, 2],
    [/outorgante/g, 2],
    [/outorgad[oa]/g, 2],
    [/\btraslado\b/g, 2],
    [/\blavrad[ao]\b/g, 1],
    [/\bescrevente\b/g, 1],
  ],
  compromisso: [
    [/instrumento particular/g, 3],
    [/promitente vendedor/g, 4],
    [/promitente comprador/g, 4],
    [/compromisso/g, 2],
    [/promessa de compra e venda/g, 4],
    [/\bsinal\b/g, 0.5],
    [/\bparcelas?\b/g, 0.5],
  ],
  itbi: [
    [/\bitbi\b/g, 4],
    [/imposto sobre (?:a )?transmissao/g, 4],
    [/\bguia\b/g, 1],
    [/base de calculo/g, 2],
    [/\baliquota\b/g, 1],
    [/\btransmitente\b/g, 1],
    [/\badquirente\b/g, 0.5],
    [/inter vivos/g, 2],
  ],
  iptu: [
    [/\biptu\b/g, 4],
    [/imposto predial e territorial urbano/g, 5],
    [/inscricao imobiliaria/g, 2],
    [/valor venal/g, 1],
    [/\bsql\b/g, 1],
    [/\bexercicio\b/g, 1],
    [/\bcarne\b/g, 1],
    [/\blancamento\b/g, 1],
  ],
  certidao: [
    [/certidao negativa/g, 5],
    [/nada consta/g, 4],
    [/positiva com efeitos? de negativa/g, 4],
    [/\bcertidao\b/g, 1],
    [/\bdebitos\b/g, 1],
  ],
  planta: [
    [/\bplanta\b/g, 2],
    [/escala\s*1\s*[:/]/g, 3],
    [/\bpavimento\b/g, 1],
    [/quadro de areas/g, 3],
    [/\bfachada\b/g, 1],
    [/\bimplantacao\b/g, 1],
    [/responsavel tecnico/g, 1],
  ],
  laudo: [
    [/\blaudo\b/g, 4],
    [/\bvistoria\b/g, 2],
    [/\bavaliacao\b/g, 1],
    [/nbr\s*14\.?653/g, 5],
    [/parecer tecnico/g, 2],
    [/engenheir[oa] avaliador/g, 2],
  ],
};

const FILENAME_HINTS: readonly [RegExp, DocumentType][] = [
  [/matricula/, 'matricula'],
  [/escritura/, 'escritura'],
  [/compromisso|promessa/, 'compromisso'],
  [/itbi/, 'itbi'],
  [/iptu/, 'iptu'],
  [/certidao|\bcnd\b/, 'certidao'],
  [/planta/, 'planta'],
  [/laudo|vistoria/, 'laudo'],
];

/** Occurrences beyond this many add nothing: a long deed repeats 'outorgante' on every page. */
const MAX_COUNTED = 3;
/** The opening of the first page holds the title: keywords there count double. */
const TITLE_LENGTH = 400;
const MIN_SCORE = 4;

export function classifyDocument(folded: string, fileName: string): { type: DocumentType; confidence: number } {
  const scores = new Map<DocumentType, number>();
  for (const [type, keywords] of Object.entries(TYPE_KEYWORDS) as [DocumentType, readonly Weighted[]][]) {
    let score = 0;
    for (const [pattern, weight] of keywords) {
      let count = 0;
      for (const match of folded.matchAll(pattern)) {
        if (count >= MAX_COUNTED) break;
        count++;
        score += weight * (match.index < TITLE_LENGTH ? 2 : 1);
      }
    }
    scores.set(type, score);
  }
  const name = fold(fileName);
  for (const [pattern, type] of FILENAME_HINTS) {
    if (pattern.test(name)) scores.set(type, (scores.get(type) ?? 0) + 2);
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const [bestType, best] = ranked[0]!;
  const second = ranked[1]?.[1] ?? 0;
  if (best < MIN_SCORE) {
    // Nothing recognisable: the less evidence for any type, the surer 'outro' is.
    return { type: 'outro', confidence: Math.round(90 - (best / MIN_SCORE) * 40) };
  }
  const strength = 1 - Math.exp(-best / 8);
  const margin = (best - second) / best;
  return { type: bestType, confidence: Math.round(100 * strength * (0.4 + 0.6 * margin)) };
}

// ---------------------------------------------------------------------------------------------
// Field extractors

function matriculaNumbers(doc: Doc, out: FieldSet): void {
  const pattern = new RegExp(
    String.raw`\bmatricula(?:\s+do\s+imovel)?\s*(n\s*\.?\s*[º°o]\s*\.?|n\.|numero|num\.)?\s*:?\s*(\d{1,3}(?:\.\d{3})+|\d{1,7})(?![\dº°ª]|[.,]\d)`,
    'g',
  );
  for (const match of doc.folded.matchAll(pattern)) {
    const numberAt = match.index + match[0].length - match[2]!.length;
    const value = doc.text.slice(numberAt, match.index + match[0].length);
    out.add({
      key: 'matricula_numero',
      value,
      normalized: value.replace(/\D/g, ''),
      index: numberAt,
      strength: match[1] ? 0.95 : 0.8,
    });
  }
}

const OFFICE = /(?:(\d{1,2})\s*\.?\s*[º°oª]\s+)?\b(oficial de registro de imoveis|oficio de registro de imoveis|cartorio de registro de imoveis|servico de registro de imoveis|registro de imoveis|tabeliao de notas|tabelionato de notas|cartorio de notas|oficio de notas)\b/g;
const CONNECTOR = String.raw`(?:d[aeo]s?|D[AEO]S?)`;
const PROPER_WORD = String.raw`\p{Lu}[\p{L}'’-]*`;
const PLACE = new RegExp(
  String.raw`^[ \t]+(${CONNECTOR}[ \t]+(?:(?:Comarca|COMARCA)[ \t]+${CONNECTOR}[ \t]+)?${PROPER_WORD}(?:[ \t]+(?:${CONNECTOR}[ \t]+)?${PROPER_WORD}){0,4})(?:[ \t]*[-–/][ \t]*\p{Lu}{2}(?!\p{L}))?`,
  'u',
);
/** Words that end a place name running into the next heading on the same line. */
const PLACE_STOP = /^(matricula|ficha|cnm|livro|cnpj|cpf|protocolo|certidao|folha|fls?)$/;

function cartorios(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(OFFICE)) {
    let end = match.index + match[0].length;
    const place = PLACE.exec(doc.text.slice(end, end + 160));
    if (place) {
      const words = place[0].split(/([ \t]+)/);
      let kept = '';
      for (const word of words) {
        if (PLACE_STOP.test(fold(word))) break;
        kept += word;
      }
      kept = kept.replace(new RegExp(String.raw`[ \t]+${CONNECTOR}[ \t]*$`, 'u'), '').trimEnd();
      if (/\p{Lu}/u.test(kept)) end += kept.length;
    }
    const hasPlace = end > match.index + match[0].length;
    // 'no Registro de Imóveis competente' names no office.
    if (match[2] === 'registro de imoveis' && !match[1] && !hasPlace) continue;
    const value = doc.text.slice(match.index, end);
    out.add({ key: 'cartorio', value, normalized: null, index: match.index, strength: match[1] || hasPlace ? 0.9 : 0.75 });
  }
}

const STREET =
  /\b(rua|avenida|av\.|alameda|al\.|travessa|tv\.|rodovia|rod\.|estrada|praca|largo|viela)\s+([a-z0-9][^,\n;:()]{1,80}?)\s*,?\s*(?:n\s*\.?\s*[º°o]\s*\.?|numero|n\.)?\s*(\d{1,3}(?:\.\d{3})+|\d{1,5}|s\/n)(?!\d|[.,]\d)/g;
const STREET_NAMES: Record<string, string> = { 'av.': 'avenida', 'al.': 'alameda', 'tv.': 'travessa', 'rod.': 'rodovia' };

function addresses(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(STREET)) {
    const [, type, name, number] = match as unknown as [string, string, string, string];
    if (type.endsWith('.') && /^\d/.test(name)) continue; // 'AV. 3 - ...' is an averbação, not an avenue
    const value = doc.text.slice(match.index, match.index + match[0].length);
    out.add({
      key: 'endereco',
      value,
      normalized: null,
      index: match.index,
      strength: 0.85,
      identity: `${STREET_NAMES[type] ?? type}|${name.replace(/\s+/g, ' ').trim()}|${number.replace(/\./g, '')}`,
    });
  }
}

const CEP = /(?<![\d./-])(?:(\d{5})-(\d{3})|(\d{2})\.(\d{3})-(\d{3}))(?![\d/])|\bcep\s*:?\s*(?:n[º°o]?\s*)?(\d{8})\b/g;

function ceps(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(CEP)) {
    const digits = match[0].replace(/^\D+/, '').replace(/\D/g, '');
    if (digits.length !== 8) continue;
    const before = doc.folded.slice(Math.max(0, match.index - 20), match.index);
    const labelled = /\bcep\b/.test(before) || match[0].startsWith('cep');
    const numberAt = match.index + match[0].search(/\d/);
    out.add({
      key: 'cep',
      value: doc.text.slice(numberAt, match.index + match[0].length),
      normalized: digits,
      index: numberAt,
      strength: labelled ? 0.95 : 0.75,
    });
  }
}

const AREA = new RegExp(String.raw`(?<![\d.,])(${BR_NUMBER})\s*(m²|m2\b|m\?|mts?\.?²|metros quadrados)`, 'g');
const UNIT_IN = /m²|m2\b|m\?|metros quadrados/;

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
    const number = parseBrazilianNumber(match[1]!);
    if (!(number > 0)) continue;
    const value = doc.text.slice(match.index, match.index + match[0].length).replace(/m\?$/, 'm²');
    out.add({ key: kind, value, normalized: number, index: match.index, strength });
  }
}

const MONEY = new RegExp(String.raw`r\$\s*(${BR_NUMBER})(?!\d)`, 'g');
const MONEY_CONTEXT: readonly [RegExp, KeyFieldKey][] = [
  [/valor venal/g, 'valor_venal'],
  [/valor d[ae] transacao|valor declarado|valor da (?:venda|compra|alienacao)|\bpreco\b/g, 'valor_transacao'],
  [/base de calculo/g, 'base_calculo_itbi'],
  [/valor do (?:imposto|itbi|iptu)|imposto devido|total a (?:pagar|recolher)|valor a (?:pagar|recolher)/g, 'valor_imposto'],
];

function moneyKey(before: string): KeyFieldKey {
  let best: { at: number; key: KeyFieldKey } | null = null;
  for (const [pattern, key] of MONEY_CONTEXT) {
    for (const match of before.matchAll(pattern)) {
      const at = match.index + match[0].length;
      if (!best || at > best.at) best = { at, key };
    }
  }
  return best?.key ?? 'valor';
}

function amounts(doc: Doc, out: FieldSet): void {
  let previousEnd = 0;
  for (const match of doc.folded.matchAll(MONEY)) {
    // The label of an amount sits right before it, never before the previous amount.
    const before = doc.folded.slice(Math.max(previousEnd, match.index - 60), match.index);
    previousEnd = match.index + match[0].length;
    const number = parseBrazilianNumber(match[1]!);
    if (!(number > 0)) continue;
    const key = moneyKey(before);
    out.add({
      key,
      value: doc.text.slice(match.index, previousEnd),
      normalized: number,
      index: match.index,
      strength: key === 'valor' ? 0.8 : 0.9,
    });
  }
}

const RATE = /\baliquota\b[^\d\n]{0,20}(\d{1,2}(?:,\d{1,2})?)\s*%/g;

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
const WRITTEN_DATE = new RegExp(String.raw`\b(\d{1,2})\s*[º°o]?\s+de\s+(${MONTHS.join('|')})\s+de\s+(\d\.?\d{3})\b`, 'g');

function isoDate(day: number, month: number, year: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
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
  /\b(inscricao imobiliaria|inscricao municipal|inscricao cadastral|inscricao do imovel|cadastro municipal|cadastro imobiliario|cadastro do imovel|cadastrad[oa] na prefeitura|numero do contribuinte|contribuinte|sql|inscricao)\b(?![ \t]+(?:estadual|federal|no cpf|no cnpj))[^\d\n]{0,30}?(\d[\d./-]{4,24}\d)/g;
const NOT_REGISTRATION = [/^\d{3}\.\d{3}\.\d{3}-\d{2}$/, /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, /^\d{1,2}\/\d{1,2}\/\d{4}$/, /^\d{5}-\d{3}$/];

function registrations(doc: Doc, out: FieldSet): void {
  for (const match of doc.folded.matchAll(REGISTRATION)) {
    const number = match[2]!;
    const digits = number.replace(/\D/g, '');
    if (digits.length < 6 || NOT_REGISTRATION.some((p) => p.test(number))) continue;
    const numberAt = match.index + match[0].length - number.length;
    const generic = match[1] === 'contribuinte' || match[1] === 'inscricao';
    out.add({
      key: 'inscricao_imobiliaria',
      value: doc.text.slice(numberAt, numberAt + number.length),
      normalized: digits,
      index: numberAt,
      strength: generic ? 0.75 : 0.9,
    });
  }
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
    .map((words) => words.join(' ').replace(/(\p{L}{4,})\.$/u, '$1'));
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
      const word = raw.replace(/[,;:]+$/, '');
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
// Liens and restrictions (ônus)

const LIENS: readonly [RegExp, string][] = [
  [/hipotec/g, 'hipoteca'],
  [/alienacao fiduciaria|alienad[oa] fiduciariamente|alienou fiduciariamente|propriedade fiduciaria/g, 'alienação fiduciária'],
  [/\bpenhor(?:a|ad[oa])\b/g, 'penhora'],
  [/\busufruto\b/g, 'usufruto'],
  [/\bindisponibilidade\b/g, 'indisponibilidade'],
  [/\bservidao\b/g, 'servidão'],
  [/inalienabilidade/g, 'cláusula de inalienabilidade'],
  [/impenhorabilidade/g, 'cláusula de impenhorabilidade'],
  [/\barresto\b/g, 'arresto'],
];
const CANCELLATION = /cancelament|cancelad[oa]|cancela-se|\bbaixa d[aeo]|\bextint[oa]\b/;
/** Sentences stating the absence of liens ('livre e desembaraçado de quaisquer ônus, hipotecas'). */
const NEGATION = /\blivres?\b.{0,80}(?:onus|desembaracad)|desembaracad|\binexist|\bnao (?:ha|existe|consta|pesa)|nada consta|\bsem onus\b|\bisent[oa] de\b/;
/** A registration entry starts a line or a sentence: 'R.1/45.678 -', 'AV.3 -', 'Av-3'. */
const ENTRY_MARK = /(?:^|\n|[.;]\s)[ \t]*(R|AV|Av)\s*[.-]\s*(\d{1,3})(?=[\s/:–—-]|\.\s)/g;
const REFERENCE = /\b(r|av)\s*[.-]\s*(\d{1,3})\b/g;

interface Entry {
  label: string | null;
  start: number;
  end: number;
}

interface Lien {
  type: string;
  entry: string | null;
  index: number;
  cancelled: boolean;
  strength: number;
}

/** The sentence around `index`, looked for within 400 characters each side. */
function sentenceAround(folded: string, index: number): string {
  const from = Math.max(0, index - 400);
  const before = folded.slice(from, index);
  const start = from + Math.max(before.lastIndexOf('.'), before.lastIndexOf(';'), before.lastIndexOf('\n\n'), -1) + 1;
  const after = folded.slice(index, index + 400);
  const ends = ['.', ';', '\n\n'].map((s) => after.indexOf(s)).filter((i) => i >= 0);
  return folded.slice(start, index + (ends.length ? Math.min(...ends) : after.length));
}

function registrationEntries(doc: Doc): Entry[] {
  const marks = [...doc.text.matchAll(ENTRY_MARK)].map((m) => ({
    label: `${m[1]!.toUpperCase()}.${Number(m[2])}`,
    start: m.index + m[0].search(/[RA]/),
  }));
  const entries: Entry[] = [{ label: null, start: 0, end: marks[0]?.start ?? doc.text.length }];
  marks.forEach((mark, i) => entries.push({ label: mark.label, start: mark.start, end: marks[i + 1]?.start ?? doc.text.length }));
  return entries;
}

function liens(doc: Doc, out: FieldSet): void {
  const found: Lien[] = [];
  for (const entry of registrationEntries(doc)) {
    const text = doc.folded.slice(entry.start, entry.end);
    const mentioned: { type: string; index: number }[] = [];
    for (const [pattern, type] of LIENS) {
      for (const match of text.matchAll(pattern)) {
        const index = entry.start + match.index;
        if (NEGATION.test(sentenceAround(doc.folded, index))) continue;
        mentioned.push({ type, index });
        break;
      }
    }
    if (mentioned.length === 0) continue;
    const cancels = entry.label ? CANCELLATION.test(text) : false;
    if (!cancels) {
      for (const m of mentioned) {
        const sentenceCancels = !entry.label && CANCELLATION.test(sentenceAround(doc.folded, m.index));
        found.push({ type: m.type, entry: entry.label, index: m.index, cancelled: sentenceCancels, strength: entry.label ? 0.9 : 0.7 });
      }
      continue;
    }
    // A cancellation: of the entries it cites ('objeto do R.2'), else of the latest lien of that type.
    const cited = new Set(
      [...text.matchAll(REFERENCE)].map((r) => `${r[1]!.toUpperCase()}.${Number(r[2])}`).filter((label) => label !== entry.label),
    );
    const types = new Set(mentioned.map((m) => m.type));
    for (const type of types) {
      const targets = found.filter((l) => l.type === type && !l.cancelled && (cited.size === 0 || (l.entry !== null && cited.has(l.entry))));
      const chosen = cited.size > 0 ? targets : targets.slice(-1);
      for (const lien of chosen) lien.cancelled = true;
    }
  }
  for (const lien of found.sort((a, b) => a.index - b.index)) {
    const value = lien.cancelled ? `${lien.type} (cancelada)` : lien.type;
    out.add({
      key: 'onus',
      value,
      normalized: null,
      index: lien.index,
      strength: lien.strength,
    });
  }
}

// ---------------------------------------------------------------------------------------------

export function extractKeyFields(input: KeyFieldsInput): KeyFieldsResult {
  const doc = new Doc(input.pages);
  const { type, confidence } = classifyDocument(doc.folded, input.fileName);
  const out = new FieldSet(doc);
  matriculaNumbers(doc, out);
  cartorios(doc, out);
  addresses(doc, out);
  ceps(doc, out);
  registrations(doc, out);
  areas(doc, out);
  amounts(doc, out);
  rates(doc, out);
  dates(doc, out);
  parties(doc, out);
  documents(doc, out);
  liens(doc, out);
  return {
    documentType: type,
    documentTypeLabel: DOCUMENT_TYPE_LABELS[type],
    typeConfidence: Math.max(0, Math.min(100, confidence)),
    fields: out.sorted(),
  };
}
