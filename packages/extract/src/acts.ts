import type { ActParty, ActType, Citation, PartyRole, RegistryAct } from '@viabiliza/contracts/dossier';
import { isValidCnpj, isValidCpf, maskCnpj, maskCpf } from './cpf.ts';
import { fold } from './key-fields.ts';
import { findActs, findLiens, type LienFound } from './liens.ts';
import { parseFlexibleNumber } from './numbers.ts';

/**
 * The acts of a matrícula (issue 16): every registro (R-n) and averbação (AV-n) cut out by
 * `findActs`, read for its date, what it does, its parties with their roles and shares, its value,
 * the earlier acts it cancels and the liens it constitutes (`findLiens`). The pages are read as one
 * text, since an act runs across pages, and each act cites the page where it starts with its head
 * line. Also the opening owner (PROPRIETÁRIO at the head of the matrícula): the start of the chain
 * of title, never a current owner once an act has transferred the property.
 *
 * Taxpayer numbers are kept masked ('***.456.789-**'), as every field the reader keeps: a full CPF
 * never leaves the extractor.
 */

export interface ActSource {
  documentId: string;
  fileName: string;
  pages: readonly { number: number; text: string }[];
}

export interface ParsedMatricula {
  acts: RegistryAct[];
  /** The owners named at the opening of the matrícula, with the citation of that line. */
  opening: { parties: ActParty[]; citation: Citation } | null;
  /** Liens as `findLiens` reads them (for status and the cancelling act). */
  liens: LienFound[];
}

/**
 * `fold` of key-fields.ts (lower case, no accents, same length), fast on long texts: the case is
 * lowered at once and only the non-ASCII characters go through `fold` one by one.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return fold(text);
  return lower.replace(/[\u0080-\uffff]/g, (c) => fold(c));
}

/** The pages as one text, with where each page starts, so offsets lead back to a page and a quote. */
export class PagedText {
  readonly text: string;
  readonly folded: string;
  private readonly starts: { start: number; end: number; number: number }[] = [];

  constructor(
    readonly source: ActSource,
  ) {
    let text = '';
    for (const page of source.pages) {
      if (text) text += '\n\n';
      this.starts.push({ start: text.length, end: text.length + page.text.length, number: page.number });
      text += page.text;
    }
    this.text = text;
    this.folded = foldText(text);
  }

  pageAt(index: number): { start: number; end: number; number: number } {
    let found = this.starts[0] ?? { start: 0, end: this.text.length, number: 1 };
    for (const span of this.starts) {
      if (span.start > index) break;
      found = span;
    }
    return found;
  }

  /** A citation of the text from `from` to `to` (cut to the page and to 240 characters, trimmed). */
  cite(from: number, to: number): Citation {
    const page = this.pageAt(from);
    const start = Math.max(from, page.start);
    const end = Math.min(to, page.end, start + 240);
    let quote = this.text.slice(start, end).trim();
    if (!quote) quote = this.text.slice(page.start, Math.min(page.end, page.start + 120)).trim();
    return { documentId: this.source.documentId, fileName: this.source.fileName, page: page.number, quote };
  }

  /** A citation of the line (or sentence) that starts at `from`. */
  citeLine(from: number, max = 200): Citation {
    const newline = this.text.indexOf('\n', from);
    // A line cut short by the page's width ('R-1/46.511 - Em 12 de'): the quote runs on.
    const end = newline < 0 ? this.text.length : newline - from < 60 ? from + 160 : newline;
    return this.cite(from, Math.min(end, from + max));
  }
}

// ---------------------------------------------------------------------------------------------
// Dates

const MONTHS = ['janeiro', 'fevereiro', 'marco', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const DIGITISH = '[0-9lioO]';
const WRITTEN_DATE = new RegExp(String.raw`\b(${DIGITISH}{1,2})\s*(?:[º°]\s*)?(?:de\s+)?(${MONTHS.join('|')})\s+de\s+(${DIGITISH}\.?${DIGITISH}{3})\b`);
const NUMERIC_DATE = new RegExp(String.raw`(?<![0-9/])(${DIGITISH}{1,2})[/.-](${DIGITISH}{1,2})[/.-](${DIGITISH}{4})(?![0-9])`);

const digitsOf = (s: string) => Number(s.replace(/[li]/gi, '1').replace(/o/gi, '0').replace(/\./g, ''));

export function isoDate(day: number, month: number, year: number): string | null {
  if (!(year >= 1900 && year <= 2100 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first date in a folded text ('12 de marco de 1998', '12/03/1998', OCR's 'l2/O3/l998'). */
export function firstDate(folded: string): { iso: string; index: number; length: number } | null {
  const written = WRITTEN_DATE.exec(folded);
  const numeric = NUMERIC_DATE.exec(folded);
  const candidates: { iso: string | null; index: number; length: number }[] = [];
  if (written) candidates.push({ iso: isoDate(digitsOf(written[1]!), MONTHS.indexOf(written[2]!) + 1, digitsOf(written[3]!)), index: written.index, length: written[0].length });
  if (numeric) candidates.push({ iso: isoDate(digitsOf(numeric[1]!), digitsOf(numeric[2]!), digitsOf(numeric[3]!)), index: numeric.index, length: numeric[0].length });
  const valid = candidates.filter((c): c is { iso: string; index: number; length: number } => c.iso !== null).sort((a, b) => a.index - b.index);
  return valid[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Act types

/** Read in order: the first that matches the act's title (else its body's first words) wins. */
const TYPE_PATTERNS: readonly [RegExp, ActType][] = [
  [/\bcancelament|\bcancela-se\b|\bbaixa d|\bliberacao d/, 'cancelamento'],
  [/\bconsolidacao\b|\bconsolida-se\b/, 'consolidacao_fiduciaria'],
  [/\bretificac|\bretifica-se\b/, 'retificacao'],
  [/\bdoacao\b|\bdoou\b|\bdoaram\b/, 'doacao'],
  [/\b(?:compra e venda|venda e compra)\b/, 'compra_venda'],
  [/\bpermuta\b/, 'permuta'],
  [/\badjudicac/, 'adjudicacao'],
  [/\barremataca/, 'arrematacao'],
  [/\bpartilha\b|\binventario\b|\barrolamento\b|\bsucessao\b/, 'partilha'],
  [/\bdacao\b/, 'dacao'],
  [/\bintegralizacao\b|\bconferencia de bens\b/, 'integralizacao'],
  [/\bhipotec/, 'hipoteca'],
  [/\balienacao\s+fiduciaria\b|\balien\w+\s+fiduciariamente\b/, 'alienacao_fiduciaria'],
  [/\bpenhora\b/, 'penhora'],
  [/\barresto\b/, 'arresto'],
  [/\bsequestro\b/, 'sequestro'],
  [/\bindisponibilidade\b/, 'indisponibilidade'],
  [/\busufruto\b/, 'usufruto'],
  [/\bclausulas?\b|\binalienabilidade\b|\bimpenhorabilidade\b|\bincomunicabilidade\b/, 'clausulas'],
  [/\bservidao\b/, 'servidao'],
  [/\b(?:promessa|compromisso) de (?:compra e )?venda\b/, 'promessa'],
  [/\bconstrucao\b|\bedificacao\b|\bhabite-se\b|\bconclusao de obra\b/, 'construcao'],
  [/\bcasamento\b|\bregime de bens\b|\bpacto antenupcial\b/, 'casamento'],
  [/\balteracao de (?:nome|estado civil|denominacao|razao social)\b|\bdivorcio\b|\bseparacao judicial\b|\bviuvez\b|\bobito\b/, 'alteracao_nome'],
  [/\binscricao (?:municipal|imobiliaria|cadastral)\b|\bcontribuinte\b|\bcadastro municipal\b/, 'inscricao'],
  [/\bvend(?:eu|eram)\b|\btransmit(?:iu|iram)\b|\badquiri/, 'compra_venda'],
];

/**
 * The operative clause of an act with no title, past the long 'Nos termos da escritura … lavrada
 * nas notas …' that opens it: what was done to the property ('foi dado em garantia em primeira e
 * especial hipoteca', 'foi adquirido por', 'alienado fiduciariamente').
 */
const OPERATIVE: readonly [RegExp, ActType][] = [
  [/\bdad[oa] em (?:garantia|primeira|segunda|hipoteca)[^.;]{0,60}?\bhipotec|\bhipotecad[oa]\b/, 'hipoteca'],
  [/\balienad[oa]s? fiduciariamente\b|\bem alienacao fiduciaria\b/, 'alienacao_fiduciaria'],
  [/\bfoi adquirid[oa]\b|\bpor compra feita\b|\bfoi (?:este |o )?(?:imovel )?(?:alienad[oa]|vendid[oa]) por\b/, 'compra_venda'],
  [/\bfoi doad[oa]\b/, 'doacao'],
  [/\bpenhorad[oa]\b/, 'penhora'],
  [/\barrestad[oa]\b/, 'arresto'],
];

function actType(title: string, body: string): ActType {
  for (const [pattern, type] of TYPE_PATTERNS) if (pattern.test(title)) return type;
  const head = body.slice(0, 260);
  for (const [pattern, type] of TYPE_PATTERNS) if (pattern.test(head)) return type;
  const clause = body.slice(0, 900);
  for (const [pattern, type] of OPERATIVE) if (pattern.test(clause)) return type;
  return 'outro';
}

// ---------------------------------------------------------------------------------------------
// Names and parties

const UPPER = 'A-ZÀ-ÖØ-Þ';
/** An upper-case name: 'JOSÉ DA SILVA', 'BANCO VÉRTICE S.A.', 'CONSTRUTORA ALFA LTDA'. */
const NAME_WORD = String.raw`[${UPPER}][${UPPER}'’.&/-]*(?![\p{L}\d])`;
/** Words of a name may wrap to the next line, as registrars' and notaries' lines do. */
const NAME_GAP = String.raw`(?:[ \t]+|[ \t]*\n[ \t]*)["“”«»']?`;
// Entered only at the start of a run of name characters: from inside one it can only fail again, and
// trying from every position of a long run was quadratic.
const NAME = new RegExp(String.raw`(?<![${UPPER}'’.&/-])${NAME_WORD}(?:${NAME_GAP}(?:${NAME_WORD}|D[AEO]S?(?!\p{L})|D'))*`, 'gu');
/** A word that ends a name run that wrapped into a heading or a label. */
const NAME_STOP = /^(?:r|av|fim|certidao|certifico|titulo|valor|imovel|registro|averbacao|matricula|protocolo|cpf|cnpj|rg|transmitentes?|adquirentes?|outorgad[oa]s?|outorgantes?|vendedor(?:es)?|comprador(?:es)?|credor|devedor)$/;
/** Upper-case words that are not names (titles, roles, labels). */
const NOT_NAME = /^(?:r|av|rg|cpf|cnpj|cep|mf|ssp|sp|rj|mg|sc|pr|rs|nº|n|ltda|s\.?a\.?|transmitentes?|adquirentes?|vendedor(?:es|as?)?|comprador(?:es|as?)?|outorgantes?|outorgad[oa]s?|devedor(?:es|as?)?|credor(?:es|as?)?|fiduciant\w*|fiduciari\w*|usufrutuari\w*|exequentes?|executad[oa]s?|proprietari[oa]s?|titulo|valor|imovel|matricula|registro|averbacao|compra|venda|e|de|da|do)$/;
const TITLE_WORDS = /^(?:compra|venda|doacao|hipoteca|alienacao|penhora|arresto|sequestro|indisponibilidade|usufruto|cancelamento|construcao|casamento|inscricao|clausulas?|servidao|permuta|partilha|consolidacao|adjudicacao|arrematacao|retificacao|averbacao|registro|titulo|valor|forma|imovel|municipal|restritivas|propriedade|fiduciaria|transmitente|adquirente|certidao|oficial|lei|cnib|r\$)$/;

export interface NameHit {
  name: string;
  start: number;
  end: number;
}

/** Names in `text` (original case) between from and to: upper-case runs of two words or more. */
export function namesIn(text: string, from = 0, to = text.length): NameHit[] {
  const out: NameHit[] = [];
  const slice = text.slice(from, to);
  for (const m of slice.matchAll(NAME)) {
    // Cut the run at a label or heading it ran into, then drop connectors and one-letter tails.
    const parts = m[0].split(/(\s+)/);
    let kept = parts[0]!;
    for (let i = 2; i < parts.length; i += 2) {
      if (NAME_STOP.test(fold(parts[i]!).replace(/(?<![.:])[.:]+$/, ''))) break;
      kept += parts[i - 1]! + parts[i]!;
    }
    let name = kept.replace(/(?<!\s)\s+(?:D[AEO]S?|D'|[A-ZÀ-Þ]\.?)$/u, '').replace(/(?<![-/&])[-/&]+$/, '');
    // 'S.A.' ends a company; any other trailing dot ends the sentence.
    if (!/\bS\.A\.$|\bS\/A$/u.test(name)) name = name.replace(/(?<!\.)\.+$/, '');
    const words = name.split(/\s+/);
    if (words.length < 2) continue;
    const folded = words.map((w) => fold(w));
    if (folded.every((w) => NOT_NAME.test(w) || TITLE_WORDS.test(w))) continue;
    if (folded.filter((w) => TITLE_WORDS.test(w)).length * 2 >= folded.length) continue;
    if (name.replace(/[^\p{L}]/gu, '').length < 5) continue;
    out.push({ name, start: from + m.index, end: from + m.index + name.length });
  }
  return out;
}

const ROLE_LABELS: readonly [RegExp, PartyRole][] = [
  [/^(?:transmitente|vendedor|vendedora|outorgante|doador|doadora|permutante|espolio|inventariad[oa]|de cujus|autor da heranca)/, 'transmitente'],
  [/^(?:adquirente|comprador|compradora|outorgad[oa]|donatari[oa]|herdeir[oa]|meeir[oa]|cessionari[oa]|arrematante|adjudicatari[oa])/, 'adquirente'],
  [/^(?:devedor|devedora|fiduciante|emitente|interveniente hipotecante)/, 'devedor'],
  [/^(?:credor|credora|fiduciari[oa])/, 'credor'],
  [/^usufrutuari[oa]/, 'usufrutuario'],
  [/^exequente/, 'exequente'],
  [/^executad[oa]/, 'executado'],
];
/** 'TRANSMITENTE:', 'ADQUIRENTE(S):', 'OUTORGADOS COMPRADORES:', 'CREDOR FIDUCIÁRIO:'. */
const ROLE_MARK =
  /\b(transmitentes?|vendedor(?:es|as?)?|outorgantes?(?: (?:vendedor(?:es|as?)?|doador(?:es|as?)?|devedor(?:es|as?)?))?|doador(?:es|as?)?|permutantes?|espolio|adquirentes?|compradora?s?|compradores|outorgad[oa]s?(?: compradora?(?:es|s)?| donatari[oa]s?| credor(?:es|as?)?)?|donatari[oa]s?|herdeir[oa]s?|meeir[oa]s?|cessionari[oa]s?|arrematantes?|adjudicatari[oa]s?|devedor(?:es|as?)?(?: fiduciantes?)?|fiduciantes?|credor(?:es|as?)?(?: fiduciari[oa]s?| hipotecari[oa]s?)?|usufrutuari[oa]s?|exequentes?|executad[oa]s?)[ \t]*(?:\((?:s|a|as|es|os|o)\)[ \t]*)?:/g;
/** Where a party list ends: the next label of the act. */
const SECTION_END = /\b(?:titulo|forma do titulo|valor|preco|condicoes|prazo|juros|imovel|protocolo|registro anterior|emolumentos|selo)\b[^:\n]{0,25}:/g;

function roleOf(label: string): PartyRole {
  const words = withoutParenthesis(label).trim();
  // 'OUTORGADO COMPRADOR' is an acquirer, 'OUTORGANTE DEVEDOR' a debtor: the last word says the role.
  const last = words.split(/\s+/).at(-1)!;
  for (const [pattern, role] of ROLE_LABELS) if (pattern.test(last)) return role;
  for (const [pattern, role] of ROLE_LABELS) if (pattern.test(words)) return role;
  return 'outro';
}

const CPF_NEAR = /\b(?:cpf|cnpj)(?:\/mf)?[^\d\n]{0,25}?(\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2})(?!\d)/;

/** A CPF or CNPJ printed in a party's qualification, masked. */
export function taxIdIn(folded: string): string | null {
  const m = CPF_NEAR.exec(folded);
  if (!m) return null;
  const digits = m[1]!.replace(/\D/g, '');
  if (digits.length === 11 && isValidCpf(digits)) return maskCpf(digits);
  if (digits.length === 14 && isValidCnpj(digits)) return maskCnpj(digits);
  return null;
}

const WORD_NUMBERS: Record<string, number> = { metade: 0.5, 'um terco': 1 / 3, 'dois tercos': 2 / 3, 'um quarto': 0.25, 'tres quartos': 0.75 };

/** A share stated for a party: 'na proporção de 50%', 'metade ideal', '1/3', 'parte ideal correspondente a 25%'. */
export function fractionIn(folded: string): number | null {
  const percent = /(?<![\d.,])(\d{1,3}(?:[.,]\d{1,4})?)[ \t]*%/.exec(folded);
  if (percent) {
    const n = parseFlexibleNumber(percent[1]!);
    if (n !== null && n > 0 && n <= 100) return Math.round((n / 100) * 1e6) / 1e6;
  }
  const ratio = /(?<![\d./-])([1-9])[ \t]*\/[ \t]*([2-9]|1[0-2])(?![\d/])(?:[ \t]*\(|[ \t]+(?:parte|do imovel|ideal|avos))/.exec(folded);
  if (ratio) return Math.round((Number(ratio[1]) / Number(ratio[2])) * 1e6) / 1e6;
  for (const [words, value] of Object.entries(WORD_NUMBERS)) if (new RegExp(String.raw`\b${words}\b(?: ideal| do imovel| \(|\))`).test(folded)) return value;
  return null;
}

function partiesOfSection(text: string, folded: string, from: number, to: number, role: PartyRole): ActParty[] {
  const parties: ActParty[] = [];
  // One party per ';' (its qualification follows its name); 'A e B' joins names with no qualification.
  let segStart = from;
  const segments: [number, number][] = [];
  for (let i = from; i <= to; i++) {
    // 'CEP 09136-119: e LUCIANA …': a semicolon a scan read as a colon.
    if (i === to || folded[i] === ';' || (folded[i] === ':' && /^\s+e\s/.test(folded.slice(i + 1, i + 5)))) {
      segments.push([segStart, i]);
      segStart = i + 1;
    }
  }
  for (const [s, e] of segments) {
    const lead = /^[\s,]*(?:e[ \t]+)?/.exec(folded.slice(s, e))![0].length;
    const names = namesIn(text, s + lead, e);
    if (names.length === 0) continue;
    const first = names[0]!;
    if (first.start - (s + lead) > 3) continue;
    const group = [first];
    // 'JOSÉ SILVA e MARIA SOUZA': further names joined by ' e ' right after.
    for (const next of names.slice(1)) {
      const between = folded.slice(group.at(-1)!.end, next.start);
      if (/^[ \t,]*e[ \t]+$|^[ \t]*,[ \t]*$/.test(between)) group.push(next);
      else break;
    }
    const qualification = folded.slice(group.at(-1)!.end, e);
    const fraction = fractionIn(qualification);
    for (const hit of group) {
      parties.push({ name: cleanName(hit.name), role, taxId: group.length === 1 ? taxIdIn(qualification) : null, fraction: group.length === 1 ? fraction : null });
    }
  }
  return parties;
}

/** A name as one line, without the stray quotes a scan puts before a word ('CLÁUDIA "SOARES'). */
export function cleanName(name: string): string {
  return name.replace(/(^|\s)["“”«»']+/g, '$1').replace(/\s+/g, ' ').trim();
}

/** Parties marked by labels ('TRANSMITENTE: …; ADQUIRENTE(S): …'). */
function labelledParties(text: string, folded: string, from: number, to: number): ActParty[] {
  const body = folded.slice(from, to);
  const marks = [...body.matchAll(ROLE_MARK)].map((m) => ({ index: from + m.index, end: from + m.index + m[0].length, role: roleOf(m[1]!) }));
  const ends = [...body.matchAll(SECTION_END)].map((m) => from + m.index);
  const parties: ActParty[] = [];
  marks.forEach((mark, i) => {
    const next = Math.min(marks[i + 1]?.index ?? to, ends.find((e) => e >= mark.end) ?? to, sentenceEnd(folded, mark.end, to));
    parties.push(...partiesOfSection(text, folded, mark.end, next, mark.role));
  });
  return parties;
}

/** The end of the sentence starting at `from`: '. ' followed by an upper-case label or a new line. */
function sentenceEnd(folded: string, from: number, to: number): number {
  const re = /\.(?:\s*\n|\s+(?=[a-z]+(?:\([a-z]+\))?\s*:))/g;
  re.lastIndex = from;
  const m = re.exec(folded);
  return m && m.index < to ? m.index : to;
}

/** The end of a plain sentence: '. ' before an upper-case word or a new line (not 'R.2', 'nº.', '46.511'). */
function sentenceEndPlain(folded: string, from: number, to: number): number {
  const re = /\.(?=\s*\n|\s+[a-z])/g;
  re.lastIndex = from;
  for (let m = re.exec(folded); m && m.index < to; m = re.exec(folded)) {
    const before = folded.slice(Math.max(from, m.index - 4), m.index);
    if (/(?:^|[^a-z])(?:r|av|n|no|fls?|art|s\.a|s\/a|ltda|sr|sra|dr|dra)$/.test(before)) continue;
    return m.index;
  }
  return to;
}

/** Names before a verb in its sentence ('JOSÉ SILVA doou o imóvel'): the clause's subject. */
function subjectOf(text: string, folded: string, actStart: number, verbAt: number): string[] {
  let from = actStart;
  const re = /\.\s+(?![\d/])/g;
  re.lastIndex = actStart;
  for (let m = re.exec(folded); m && m.index < verbAt; m = re.exec(folded)) {
    const before = folded.slice(Math.max(actStart, m.index - 4), m.index);
    if (/(?:^|[^a-z])(?:r|av|n|no|fls?|art|s\.a|s\/a|ltda|sr|sra|dr|dra)$/.test(before) || /s\.a$/.test(folded.slice(m.index - 3, m.index + 1))) continue;
    from = m.index + m[0].length;
  }
  return namesIn(text, from, verbAt).map((h) => cleanName(h.name));
}

/** Names right after `at` ('… ao BANCO X', '… em favor de MARIA Y'), joined by ' e '. */
function objectAfter(text: string, folded: string, at: number, span = 160): string[] {
  const names = namesIn(text, at, Math.min(text.length, at + span));
  if (names.length === 0) return [];
  const out = [names[0]!];
  for (const next of names.slice(1)) {
    if (/^[ \t,]*e[ \t]+$/.test(folded.slice(out.at(-1)!.end, next.start))) out.push(next);
    else break;
  }
  return out.map((h) => cleanName(h.name));
}

const PROSE_VERBS: readonly { pattern: RegExp; subject: PartyRole; object: PartyRole | null; to: RegExp }[] = [
  { pattern: /\b(?:doou|doaram)\b/g, subject: 'transmitente', object: 'adquirente', to: /^[^.;]{0,60}?\b(?:a|ao|aos|as|à|às|em favor de|para)\s+/ },
  { pattern: /\b(?:vendeu|venderam|transmitiu|transmitiram|alienou|alienaram)\b(?!\s+fiduciariamente)/g, subject: 'transmitente', object: 'adquirente', to: /^[^.;]{0,60}?\b(?:a|ao|aos|as|à|às|em favor de|para)\s+/ },
  { pattern: /\b(?:deu|deram)\b[^.;]{0,80}?\bhipoteca\b/g, subject: 'devedor', object: 'credor', to: /^[^;]{0,40}?\b(?:ao|a|à|em favor d[oa])\s+/ },
  { pattern: /\balien(?:ou|aram)\s+fiduciariamente\b/g, subject: 'devedor', object: 'credor', to: /^[^;]{0,40}?\b(?:ao|a|à|em favor d[oa])\s+/ },
  { pattern: /\binstitu(?:iu|iram)\b[^.;]{0,40}?\busufruto\b/g, subject: 'transmitente', object: 'usufrutuario', to: /^[^.;]{0,80}?\bem favor d[eoa]s?\s+/ },
  { pattern: /\bconsolid(?:a-se|ou-se|ada|ado)\b[^.;]{0,40}?\bpropriedade\b/g, subject: 'outro', object: 'adquirente', to: /^[^.;]{0,80}?\b(?:em nome d[oa]|em favor d[oa]|ao|a)\s+(?:credor(?:a)? fiduciari[oa]\s*,?\s*)?/ },
  { pattern: /\bexequente\b/g, subject: 'outro', object: 'exequente', to: /^[^.;]{0,12}?\b(?:o|a|os|as)?\s*/ },
];

/** 'Cláudio Costa Macedo, brasileiro…': a name in mixed case right at `at`, up to its comma. */
function capitalisedNameAt(text: string, at: number): string | null {
  const m = /^[ \t\n]*([A-ZÀ-Þ][\p{Ll}'’-]+(?:[ \t\n]+(?:(?:d[aeo]s?|e)[ \t\n]+)?[A-ZÀ-Þ][\p{L}'’-]*\.?){1,7})(?=[ \t\n]*[,;(])/u.exec(text.slice(at, at + 160));
  if (!m) return null;
  const name = cleanName(m[1]!);
  return name.split(' ').length >= 2 && name.replace(/[^\p{L}]/gu, '').length >= 5 ? name : null;
}

/** Where a party's name follows in passive prose, and the party's role. */
const PROSE_CUES: readonly [RegExp, PartyRole][] = [
  [/\b(?:alienad[oa]s?|vendid[oa]s?|transmitid[oa]s?)\s+por\s+(?:(?:sua|seu|suas|seus)\s+)?(?:propriet\w{0,10}\s+)?/g, 'transmitente'],
  [/\bpor compra feita (?:a|ao|aos|as|à|às)\s+/g, 'transmitente'],
  [/\badquirid[oa]s?\s+por\s+/g, 'adquirente'],
  [/\b(?:ao|aos|a|as|à|às)\s+(?:compradora?|compradoras|compradores|adquirentes?)\s*:?\s*/g, 'adquirente'],
];

function proseParties(text: string, folded: string, from: number, to: number): ActParty[] {
  const body = folded.slice(from, to);
  const parties: ActParty[] = [];
  const add = (name: string, role: PartyRole) => {
    if (!parties.some((p) => p.role === role && p.name === name)) parties.push({ name, role, taxId: null, fraction: null });
  };
  for (const verb of PROSE_VERBS) {
    for (const m of body.matchAll(verb.pattern)) {
      const at = from + m.index;
      if (verb.subject !== 'outro') for (const name of subjectOf(text, folded, from, at)) add(name, verb.subject);
      if (!verb.object) continue;
      const afterVerb = at + m[0].length;
      const lead = verb.to.exec(folded.slice(afterVerb, afterVerb + 200));
      if (!lead) continue;
      // 'em favor de' + a lower-case word ('do credor') is no name.
      for (const name of objectAfter(text, folded, afterVerb + lead[0].length)) {
        if (folded.slice(afterVerb + lead[0].length).trimStart().startsWith(fold(name).slice(0, 3))) add(name, verb.object);
      }
    }
  }
  // The passive of a registrar's prose: 'foi este imóvel alienado por sua proprietária X … ao
  // comprador Y', 'foi adquirido por Y …, por compra feita a X'.
  for (const [cue, role] of PROSE_CUES) {
    for (const m of body.matchAll(cue)) {
      const at = from + m.index + m[0].length;
      const upper = objectAfter(text, folded, at, 80)[0];
      const name = upper && folded.slice(at).trimStart().startsWith(fold(upper).slice(0, 3)) ? upper : capitalisedNameAt(text, at);
      if (name) add(name, role);
    }
  }
  // 'em que é exequente o Condomínio Edifício Solar': a creditor named in mixed case.
  if (!parties.some((p) => p.role === 'exequente')) {
    const mark = /\bexequente[s]?\s*:?\s+(?:(?:o|a|os|as)\s+)?/.exec(body);
    if (mark) {
      const at = from + mark.index + mark[0].length;
      const m = /^[A-ZÀ-Þ][\p{L}'’.&-]*(?:\s+(?:(?:d[aeo]s?|e)\s+)?[A-ZÀ-Þ0-9][\p{L}\d'’.&/-]*)*/u.exec(text.slice(at, Math.min(to, at + 120)));
      if (m && m[0].length >= 5) add(m[0].replace(/(?<![.,])[.,]+$/, ''), 'exequente');
    }
  }
  // 'bens deixados por PAULO …', 'espólio de …': who passes the property in an inheritance.
  for (const m of body.matchAll(/\b(?:bens deixados por|espolio de|sucessao de|falecimento de)\s+/g)) {
    for (const name of objectAfter(text, folded, from + m.index + m[0].length, 80)) add(name, 'transmitente');
  }
  // 'o imóvel foi partilhado da seguinte forma: à viúva meeira A, …, 50%; a B, …, 25%; e a C, …'.
  const shares = /\b(?:partilhad[oa]s?|adjudicad[oa]s?|da seguinte forma|coube|couberam|atribuid[oa]s?)\b[^:;]{0,60}?(?::|\s(?=(?:a|ao|aos|as|à|às)\s))/.exec(body);
  if (shares) {
    let start = from + shares.index + shares[0].length;
    const end = sentenceEndPlain(folded, start, to);
    for (let i = start; i <= end; i++) {
      if (i === end || folded[i] === ';') {
        const hit = namesIn(text, start, i)[0];
        if (hit && hit.start - start < 60) {
          const name = cleanName(hit.name);
          if (!parties.some((p) => p.role === 'adquirente' && p.name === name)) parties.push({ name, role: 'adquirente', taxId: taxIdIn(folded.slice(hit.end, i)), fraction: fractionIn(folded.slice(hit.end, i)) });
        }
        start = i + 1;
      }
    }
  }
  // 'reservando para si o usufruto': the donor keeps the use.
  if (/\breservando(?:-se)? para si\b[^.;]{0,30}\busufruto\b/.test(body)) for (const p of parties.filter((q) => q.role === 'transmitente')) add(p.name, 'usufrutuario');
  return parties;
}

// ---------------------------------------------------------------------------------------------
// Values and references

const MONEY = /\b[rR]\s?\$\s*([0-9lIoO][0-9lIoO.,]*[0-9lIoO])/g;

function moneyAt(raw: string): number | null {
  return parseFlexibleNumber(raw.replace(/[.,]$/, ''));
}

/** The act's value: after 'VALOR', 'preço', else the first amount. */
function actValue(text: string, folded: string, from: number, to: number): number | null {
  const body = folded.slice(from, to);
  const labelled = /\b(?:valor(?: declarado| da (?:transacao|venda|divida|avaliacao))?|preco)\b[^$\n]{0,40}?r\s?\$\s*/.exec(body);
  const amounts = [...text.slice(from, to).matchAll(MONEY)];
  if (labelled) {
    const after = amounts.find((a) => a.index >= labelled.index);
    if (after) return moneyAt(after[1]!);
  }
  return amounts[0] ? moneyAt(amounts[0][1]!) : null;
}

const ACT_REFERENCE = /\b(r|av|registro|averbacao)[ \t]*(?:n[º°o.]*[ \t]*)?(?:[.,\-–]{1,2}[ \t]*)?([0-9lio]{1,3})(?![0-9])/g;

function referencedActs(body: string, own: string): string[] {
  const labels: string[] = [];
  for (const r of body.matchAll(ACT_REFERENCE)) {
    // '4º RI - …' is the registry, not 'R.1': a number read from letters needs a separator before it.
    if (/^[lio]+$/.test(r[2]!) && !/[.,\-–]/.test(r[0].slice(r[1]!.length))) continue;
    // 'registro de imóveis', 'registro geral': only a number makes a reference.
    const kind = r[1] === 'r' || r[1] === 'registro' ? 'R' : 'AV';
    const label = `${kind}.${digitsOf(r[2]!)}`;
    if (label !== own && !labels.includes(label) && digitsOf(r[2]!) > 0) labels.push(label);
  }
  return labels;
}

// ---------------------------------------------------------------------------------------------

const LABEL_AT_START = /^(?:r|avv?|a\.v)[ \t]*(?:[.,\-–—]{1,2}[ \t]*)?[0-9lio]{1,3}(?![0-9])[ \t]*(?:[/|il\-–—][ \t]*[0-9lio][0-9lio.,]{0,9}(?:[ \t][0-9]{3})?[ \t]*)?[-–—:.)]?[ \t]*/;

/** 'COMPRA E VENDA', 'CANCELAMENTO DE HIPOTECA': the upper-case run that opens the act after its date. */
function actTitle(text: string, from: number, to: number): { title: string; end: number } | null {
  const slice = text.slice(from, Math.min(to, from + 160));
  const m = new RegExp(String.raw`^[\s.,;:–—-]*([${UPPER}][${UPPER} ,/()'’-]*[${UPPER})])(?=\s*(?:[.:\n–—]|-\s|$))`, 'u').exec(slice);
  if (!m) return null;
  const title = m[1]!.trim();
  const letters = title.replace(/[^\p{L}]/gu, '');
  if (letters.length < 4) return null;
  // 'TRANSMITENTE:' is a party label, not a title.
  if (new RegExp(ROLE_MARK.source).test(`${fold(title)}:`)) return null;
  return { title, end: from + m.index + m[0].length };
}

const OPENING_OWNER = /\b(proprietari[oa]s?|proprietari[oa]\(s\)|titular(?:es)? do dominio)[ \t]*:/;

export function parseMatriculaActs(source: ActSource): ParsedMatricula {
  const paged = new PagedText(source);
  const { text, folded } = paged;
  const found = findActs(folded);
  const liens = findLiens(folded, found);
  const acts: RegistryAct[] = [];
  for (const act of found) {
    const head = LABEL_AT_START.exec(folded.slice(act.start, act.end));
    const bodyStart = act.start + (head ? head[0].length : 0);
    const bodyFolded = folded.slice(bodyStart, act.end);
    // The date opens the act ('Em 12 de março de 1998.'), before or after its title.
    const date = firstDate(bodyFolded.slice(0, 120));
    let titleFrom = bodyStart;
    if (date && date.index < 60) titleFrom = bodyStart + date.index + date.length;
    const title = actTitle(text, titleFrom, act.end) ?? (date && date.index > 0 ? actTitle(text, bodyStart, act.end) : null);
    const type = actType(title ? fold(title.title) : '', bodyFolded);
    const partiesFrom = title ? title.end : titleFrom;
    let parties = labelledParties(text, folded, partiesFrom, act.end);
    const prose = proseParties(text, folded, partiesFrom, act.end);
    for (const p of prose) if (!parties.some((q) => q.role === p.role && sameName(q.name, p.name))) parties.push(p);
    // A label run the prose read too keeps the labelled reading.
    parties = dedupeParties(parties);
    if (/\bem partes iguais\b/.test(bodyFolded)) {
      const acquirers = parties.filter((p) => p.role === 'adquirente');
      if (acquirers.length > 0 && acquirers.every((p) => p.fraction === null)) for (const p of acquirers) p.fraction = Math.round((1 / acquirers.length) * 1e6) / 1e6;
    }
    const constituted = liens.filter((l) => l.act === act.label).map((l) => l.type);
    const cancelled = liens.filter((l) => l.cancelledBy === act.label).map((l) => l.act);
    const cancels = type === 'cancelamento' || type === 'consolidacao_fiduciaria' || type === 'retificacao' ? referencedActs(bodyFolded, act.label) : [];
    for (const c of cancelled) if (!cancels.includes(c)) cancels.push(c);
    acts.push({
      label: act.label,
      kind: act.kind,
      number: act.number,
      date: date && date.index < 80 ? date.iso : null,
      type,
      title: title?.title ?? '',
      parties,
      value: type === 'cancelamento' || type === 'inscricao' ? null : actValue(text, folded, bodyStart, act.end),
      cancels: cancels.filter((c) => acts.some((a) => a.label === c)),
      liens: [...new Set(constituted)],
      citation: paged.citeLine(act.start),
    });
  }
  // The opening owner: 'PROPRIETÁRIA: CONSTRUTORA ALFA LTDA, com sede …' before the first act.
  const headEnd = found[0]?.start ?? folded.length;
  const openingMark = OPENING_OWNER.exec(folded.slice(0, headEnd));
  let opening: ParsedMatricula['opening'] = null;
  if (openingMark) {
    const from = openingMark.index + openingMark[0].length;
    const end = Math.min(headEnd, sentenceEnd(folded, from, headEnd), nextLabel(folded, from, headEnd));
    const parties = partiesOfSection(text, folded, from, end, 'transmitente');
    if (parties.length > 0) opening = { parties, citation: paged.citeLine(openingMark.index) };
  }
  return { acts, opening, liens };
}

function nextLabel(folded: string, from: number, to: number): number {
  const m = /\n[ \t]*(?:registro anterior|imovel|r\.?\s*\d|av\.?\s*\d)/.exec(folded.slice(from, to));
  return m ? from + m.index : to;
}

function dedupeParties(parties: ActParty[]): ActParty[] {
  const out: ActParty[] = [];
  for (const p of parties) {
    const known = out.find((q) => q.role === p.role && sameName(q.name, p.name));
    if (known) {
      known.taxId ??= p.taxId;
      known.fraction ??= p.fraction;
    } else out.push({ ...p });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Names compared as people read them

/** Folded words of a name, without connectors ('José da Silva' → ['jose', 'silva']). */
export function nameWords(name: string): string[] {
  return fold(name)
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(?:d[aeo]s?|e)$/.test(w));
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  if (a.length > 40 || b.length > 40) return a === b ? 0 : 3;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

const wordMatches = (a: string, b: string) => a === b || (a.length >= 5 && b.length >= 5 && editDistance(a, b) <= 1);

/**
 * A name OCR garbled ('MINÍCIUS MAGALHÃES' for 'VINÍCIUS MAGALHÃES GOMES'): the first words close
 * (two slips at most) and another word close too. Used to recognise a person another document
 * of the folder names cleanly, never to tell two people apart.
 */
export function likelySameName(garbled: string, clean: string): boolean {
  if (sameName(garbled, clean)) return true;
  const x = nameWords(garbled);
  const y = nameWords(clean);
  if (x.length < 2 || y.length < 2) return false;
  const close = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 4 && editDistance(a, b) <= 2);
  if (!close(x[0]!, y[0]!)) return false;
  return x.slice(1).some((w) => w.length >= 4 && y.slice(1).some((v) => close(w, v)));
}

/**
 * The same person, as two documents print the name: accents and case aside, the first and last
 * words equal (one OCR slip allowed in a long word), and a middle name may be missing or misread.
 */
export function sameName(a: string, b: string): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  if (x.length === 0 || y.length === 0) return false;
  if (x.join(' ') === y.join(' ')) return true;
  if (!wordMatches(x[0]!, y[0]!) || !wordMatches(x.at(-1)!, y.at(-1)!)) return false;
  if (x.length === 1 || y.length === 1) return false;
  // Middle names: the shorter name's must each be read in the longer one (an OCR slip allowed).
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const middles = long.slice(1, -1);
  return short.slice(1, -1).every((w) => middles.some((m) => m === w || (w.length >= 4 && editDistance(w, m) <= 2)));
}

/** The text without its first '(' … last ')' span (a linear scan: /\(.*\)/ retried from every '('). */
function withoutParenthesis(text: string): string {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return text;
  const newline = text.indexOf('\n', open);
  return newline >= 0 && newline < close ? text : text.slice(0, open) + text.slice(close + 1);
}
