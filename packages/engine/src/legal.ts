import type { FigureSource, Insight, LegalResult, Severity } from '@viabiliza/contracts/analysis-result';
import { LIEN_TYPES, type LienType } from '@viabiliza/contracts/document-types';
import {
  DOCUMENT_OPTIONS,
  DOCUMENT_OPTION_LABELS,
  LEGAL_STATUS_LABELS,
  type Questionnaire,
} from '@viabiliza/contracts/questionnaire';
import { DOCUMENT_ROLES, documentTypeOf } from './document-roles.ts';
import { formatNumber, formatPercent } from './report.ts';
import { documentSource, questionnaireNumber, questionnaireSource } from './resolve-inputs.ts';
import type { EngineDocument } from './types.ts';

export type DocumentOption = (typeof DOCUMENT_OPTIONS)[number];

// ------------------------------------------------------------------------------------------------
// Document text helpers (shared with environmental.ts)

/** Lower case without accents, one UTF-16 unit for one, so offsets stay valid in the original. */
export function foldSameLength(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const base = ch.normalize('NFD')[0] ?? ch;
    const lower = base.toLowerCase();
    out += lower.length === 1 ? lower : ch;
  }
  return out;
}

/** A document's pages joined, with where each page starts. */
export interface DocText {
  doc: EngineDocument;
  text: string;
  folded: string;
  starts: { start: number; page: number }[];
}

export function docText(doc: EngineDocument): DocText {
  let text = '';
  const starts: DocText['starts'] = [];
  for (const page of [...doc.pages].sort((a, b) => a.number - b.number)) {
    if (text) text += '\n\n';
    starts.push({ start: text.length, page: page.number });
    text += page.text ?? '';
  }
  return { doc, text, folded: foldSameLength(text), starts };
}

export function pageAt(t: DocText, index: number): number {
  let page = t.starts[0]?.page ?? 1;
  for (const s of t.starts) {
    if (s.start > index) break;
    page = s.page;
  }
  return page;
}

/** About `radius` characters each side of [start, end), on one line, with ellipses. */
export function excerpt(text: string, start: number, end: number, radius = 70): string {
  let from = Math.max(0, start - radius);
  let to = Math.min(text.length, end + radius);
  // Whole words only: move the cut to the nearest space outside the window.
  while (from > 0 && from < start && !/\s/.test(text[from - 1]!)) from++;
  while (to < text.length && to > end && !/\s/.test(text[to]!)) to--;
  let s = text.slice(from, to).replace(/\s+/g, ' ').trim();
  if (from > 0) s = `…${s}`;
  if (to < text.length) s = `${s}…`;
  return s;
}

/** The sentence around `index` (bounded by '.', ';' or a blank line, at most 300 chars each side). */
export function sentenceAround(folded: string, index: number): string {
  const from = Math.max(0, index - 300);
  const before = folded.slice(from, index);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf(';'), before.lastIndexOf('\n\n'));
  const start = cut >= 0 ? from + cut + 1 : from;
  const after = folded.slice(index, index + 300);
  const ends = ['. ', ';', '\n\n'].map((s) => after.indexOf(s)).filter((i) => i >= 0);
  return folded.slice(start, index + (ends.length ? Math.min(...ends) : after.length));
}

// ------------------------------------------------------------------------------------------------
// Checklist

const HABITE_SE = /habite-?\s?se|auto de conclusao|certificado de conclusao/;

function provesOption(option: DocumentOption, doc: EngineDocument): boolean {
  const role = DOCUMENT_ROLES[documentTypeOf(doc)];
  if (role.proves === option) return true;
  if (option === 'habite-se' && !role.citesHabiteSe) {
    const first = [...doc.pages].sort((a, b) => a.number - b.number)[0];
    const head = foldSameLength(`${doc.fileName}\n${(first?.text ?? '').slice(0, 400)}`);
    return HABITE_SE.test(head);
  }
  return false;
}

export function firstPage(doc: EngineDocument): number {
  return doc.pages.length > 0 ? Math.min(...doc.pages.map((p) => p.number)) : 1;
}

export function buildChecklist(q: Questionnaire, docs: readonly EngineDocument[]): LegalResult['checklist'] {
  const declared = new Set(q.availableDocuments ?? []);
  return DOCUMENT_OPTIONS.map((option) => {
    const label = DOCUMENT_OPTION_LABELS[option];
    const proofs = docs.filter((d) => provesOption(option, d));
    if (proofs.length > 0) {
      return { id: option, label, status: 'presente' as const, sources: proofs.map((d) => documentSource(d, firstPage(d), label)) };
    }
    if (declared.has(option)) {
      return { id: option, label, status: 'declarado' as const, sources: [questionnaireSource('availableDocuments')] };
    }
    return { id: option, label, status: 'ausente' as const, sources: [] };
  });
}

// ------------------------------------------------------------------------------------------------
// Liens and restrictions (ônus)

/** How much each kind of lien weighs on a sale. */
const LIEN_SEVERITY: Record<LienType, Severity> = {
  hipoteca: 'alta',
  alienacao_fiduciaria: 'alta',
  penhora: 'alta',
  arresto: 'alta',
  sequestro: 'alta',
  indisponibilidade: 'alta',
  usufruto: 'alta',
  inalienabilidade: 'alta',
  impenhorabilidade: 'media',
  incomunicabilidade: 'baixa',
  servidao: 'media',
  promessa_registrada: 'alta',
  acao_reipersecutoria: 'alta',
  enfiteuse: 'media',
  tombamento: 'media',
  bem_de_familia: 'media',
};

export const LIEN_PATTERNS: readonly { type: string; pattern: RegExp; severity: Severity }[] = [
  { type: 'hipoteca', pattern: /hipotec/g, severity: 'alta' },
  {
    type: 'alienação fiduciária',
    pattern: /alienacao fiduciaria|alienad[oa] fiduciariamente|alienou fiduciariamente|propriedade fiduciaria/g,
    severity: 'alta',
  },
  { type: 'penhora', pattern: /\bpenhor(?:a|ad[oa])\b/g, severity: 'alta' },
  { type: 'arresto', pattern: /\barrest(?:o|ad[oa])\b/g, severity: 'alta' },
  { type: 'indisponibilidade', pattern: /\bindisponibilidade\b|\bindisponivel\b/g, severity: 'alta' },
  { type: 'arrolamento', pattern: /\barrolament|\barrolad[oa]\b/g, severity: 'alta' },
  { type: 'usufruto', pattern: /\busufrut/g, severity: 'alta' },
  { type: 'cláusula de inalienabilidade', pattern: /inalienabilidade/g, severity: 'alta' },
  { type: 'cláusula de impenhorabilidade', pattern: /impenhorabilidade/g, severity: 'media' },
  { type: 'servidão', pattern: /\bservidao\b|\bservidoes\b/g, severity: 'media' },
];

const CANCELLATION = /cancelament|cancelad[oa]|cancela-se|\bbaixa d[aeo]|\bextint[oa]\b|\bextincao\b|\bliberacao d[ae]|levantamento d[ae]/;
/** 'livre e desembaraçado de quaisquer ônus, hipotecas…', 'não consta penhora'. */
const NEGATION = /\blivres?\b.{0,80}(?:onus|desembaracad)|desembaracad|\binexist|\bnao (?:ha|existe|existem|consta|constam|pesa|pesam)\b|nada consta|\bsem onus\b|\bisent[oa]s? de\b|\bnegativa de onus/;
/** A registration entry starts a line or a sentence: 'R.1/45.678 -', 'AV.3 -', 'Av-3'. */
const ENTRY_MARK = /(?:^|\n|[.;]\s)[ \t]*(R|AV|Av)\s*[.-]\s*(\d{1,3})(?=[\s/:–—-]|\.\s)/g;
const ENTRY_REFERENCE = /\b(r|av)\s*[.-]\s*(\d{1,3})\b/g;

export interface LienFound {
  type: string;
  severity: Severity;
  /** 'R.2', 'AV.2', or null outside numbered entries. */
  entry: string | null;
  page: number;
  excerpt: string;
  cancelled: boolean;
  cancelledBy: { entry: string | null; page: number } | null;
}

interface Entry {
  label: string | null;
  start: number;
  end: number;
}

function entriesOf(t: DocText): Entry[] {
  const marks = [...t.text.matchAll(ENTRY_MARK)].map((m) => ({
    label: `${m[1]!.toUpperCase()}.${Number(m[2])}`,
    start: m.index + m[0].search(/[RA]/),
  }));
  const entries: Entry[] = [{ label: null, start: 0, end: marks[0]?.start ?? t.text.length }];
  marks.forEach((mark, i) => entries.push({ label: mark.label, start: mark.start, end: marks[i + 1]?.start ?? t.text.length }));
  return entries.filter((e) => e.end > e.start);
}

/**
 * Liens and restrictions mentioned in a document's text, entry by entry. An entry that cancels
 * (cancelamento, baixa, extinção) marks as cancelled the entries it cites ('objeto da AV.2'),
 * else the latest active lien of the type it names; a mention followed by its cancellation in
 * the same sentence outside numbered entries is cancelled too. Negative statements ('livre e
 * desembaraçado de ônus') are not liens.
 */
export function findLiens(t: DocText): LienFound[] {
  const found: LienFound[] = [];
  for (const entry of entriesOf(t)) {
    const text = t.folded.slice(entry.start, entry.end);
    const mentioned: { type: string; severity: Severity; index: number; end: number }[] = [];
    for (const { type, pattern, severity } of LIEN_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const index = entry.start + match.index;
        if (NEGATION.test(sentenceAround(t.folded, index))) continue;
        mentioned.push({ type, severity, index, end: index + match[0].length });
        break;
      }
    }
    const cancels = entry.label !== null && CANCELLATION.test(text);
    if (!cancels) {
      for (const m of mentioned) {
        const sentence = sentenceAround(t.folded, m.index);
        const cancelledHere = entry.label === null && CANCELLATION.test(sentence);
        found.push({
          type: m.type,
          severity: m.severity,
          entry: entry.label,
          page: pageAt(t, m.index),
          excerpt: excerpt(t.text, m.index, m.end),
          cancelled: cancelledHere,
          cancelledBy: cancelledHere ? { entry: null, page: pageAt(t, m.index) } : null,
        });
      }
      continue;
    }
    const cited = new Set(
      [...text.matchAll(ENTRY_REFERENCE)].map((r) => `${r[1]!.toUpperCase()}.${Number(r[2])}`).filter((label) => label !== entry.label),
    );
    const by = { entry: entry.label, page: pageAt(t, entry.start) };
    if (cited.size > 0) {
      for (const lien of found) {
        if (!lien.cancelled && lien.entry !== null && cited.has(lien.entry)) {
          lien.cancelled = true;
          lien.cancelledBy = by;
        }
      }
      continue;
    }
    for (const type of new Set(mentioned.map((m) => m.type))) {
      const latest = found.filter((l) => l.type === type && !l.cancelled).at(-1);
      if (latest) {
        latest.cancelled = true;
        latest.cancelledBy = by;
      }
    }
  }
  return found;
}

/**
 * The liens of one document. Only a registry document (a matrícula) records liens: a deed, a
 * contract, a web page or a certificate names them to deny or disclaim them. Extraction gives
 * each lien with its act and whether a later act cancelled it; documents read before it did are
 * scanned here, still only if they are matrículas.
 */
function liensOf(doc: EngineDocument): LienFound[] {
  if (documentTypeOf(doc) !== 'matricula') return [];
  const fromActs = doc.keyFields.filter((f) => f.key === 'onus' && f.lien);
  if (fromActs.length > 0) {
    return fromActs.map((f) => {
      const lien = f.lien!;
      return {
        type: LIEN_TYPES[lien.type].toLowerCase(),
        severity: LIEN_SEVERITY[lien.type],
        entry: lien.act,
        page: f.page,
        excerpt: f.value,
        cancelled: !lien.active,
        cancelledBy: lien.active ? null : { entry: lien.cancelledBy, page: f.page },
      };
    });
  }
  const t = docText(doc);
  const liens = findLiens(t);
  // Key fields from extraction ('hipoteca', 'penhora (cancelada)') add what the text scan missed.
  for (const field of doc.keyFields) {
    if (field.key !== 'onus') continue;
    const cancelled = /cancelad/i.test(field.value);
    const name = field.value.replace(/\s*\(cancelad[oa]\)\s*$/i, '').trim();
    const folded = foldSameLength(name);
    const known = LIEN_PATTERNS.find((p) => foldSameLength(p.type) === folded || new RegExp(p.pattern.source).test(folded));
    const type = known?.type ?? name;
    if (liens.some((l) => l.type === type)) continue;
    liens.push({
      type,
      severity: known?.severity ?? 'media',
      entry: null,
      page: field.page,
      excerpt: field.value,
      cancelled,
      cancelledBy: cancelled ? { entry: null, page: field.page } : null,
    });
  }
  return liens;
}

function lienFindings(docs: readonly EngineDocument[]): Insight[] {
  const out: Insight[] = [];
  docs.forEach((doc, d) => {
    liensOf(doc).forEach((lien, i) => {
      const where = lien.entry ? ` (${lien.entry})` : '';
      const sources: FigureSource[] = [documentSource(doc, lien.page, `Ônus: ${lien.type}`)];
      if (lien.cancelled) {
        if (lien.cancelledBy && lien.cancelledBy.page !== lien.page) {
          sources.push(documentSource(doc, lien.cancelledBy.page, `Cancelamento: ${lien.type}`));
        }
        const by = lien.cancelledBy?.entry ? ` em ${lien.cancelledBy.entry}` : '';
        out.push({
          id: `legal-onus-cancelado-${d + 1}-${i + 1}`,
          severity: 'baixa',
          title: `Ônus cancelado: ${lien.type}${where}`,
          detail: `${doc.fileName}: ${lien.type}${where} consta como cancelada${by}; não é ônus ativo. Confirme na certidão de ônus reais atualizada. Trecho: "${lien.excerpt}"`,
          sources,
        });
        return;
      }
      out.push({
        id: `legal-onus-${d + 1}-${i + 1}`,
        severity: lien.severity,
        title: `Ônus ou restrição: ${lien.type}${where}`,
        detail: `${doc.fileName}, p. ${lien.page}: "${lien.excerpt}"`,
        sources,
      });
    });
  });
  return out;
}

/** Active (not cancelled) liens of all documents, for insights and the score. */
export function activeLiens(findings: readonly Insight[]): Insight[] {
  return findings.filter((f) => f.id.startsWith('legal-onus-') && !f.id.startsWith('legal-onus-cancelado-'));
}

// ------------------------------------------------------------------------------------------------
// Mismatches between the questionnaire and the documents, and between documents

/** Two areas differ when they are more than 5% apart (of the larger one). */
export const AREA_TOLERANCE = 0.05;

const AREA_PAIRS = [
  { field: 'usableArea', key: 'area_privativa_m2', label: 'área útil / privativa' },
  { field: 'builtArea', key: 'area_construida_m2', label: 'área construída' },
  { field: 'totalArea', key: 'area_total_m2', label: 'área total' },
] as const;

interface DocValue {
  doc: EngineDocument;
  page: number;
  value: number;
  raw: string;
}

function firstNumber(doc: EngineDocument, key: string): DocValue | null {
  for (const f of doc.keyFields) {
    if (f.key !== key) continue;
    const value = typeof f.normalized === 'number' ? f.normalized : null;
    if (value !== null && Number.isFinite(value) && value > 0) return { doc, page: f.page, value, raw: f.value };
  }
  return null;
}

function firstText(doc: EngineDocument, key: string): { doc: EngineDocument; page: number; value: string } | null {
  for (const f of doc.keyFields) {
    if (f.key !== key) continue;
    const value = typeof f.normalized === 'string' && f.normalized ? f.normalized : f.value;
    if (value.trim()) return { doc, page: f.page, value };
  }
  return null;
}

function differs(a: number, b: number): number | null {
  const diff = Math.abs(a - b) / Math.max(a, b);
  return diff > AREA_TOLERANCE ? diff : null;
}

function areaFindings(q: Questionnaire, docs: readonly EngineDocument[]): Insight[] {
  const out: Insight[] = [];
  for (const pair of AREA_PAIRS) {
    const keys: string[] = [pair.key];
    if (pair.field === 'totalArea' && q.propertyType === 'terreno') keys.push('area_terreno_m2');
    const values = docs.map((d) => keys.map((k) => firstNumber(d, k)).find((v) => v !== null) ?? null).filter((v): v is DocValue => v !== null);
    const typed = questionnaireNumber(q, pair.field);
    if (typed) {
      for (const v of values) {
        const diff = differs(typed.value, v.value);
        if (diff === null) continue;
        out.push({
          id: `legal-area-${pair.field}-${out.length + 1}`,
          severity: 'media',
          title: `Área divergente: ${pair.label}`,
          detail: `Questionário: ${formatNumber(typed.value)} m²; ${v.doc.fileName}, p. ${v.page}: ${formatNumber(v.value)} m² (diferença de ${formatPercent(diff, 1)}).`,
          sources: [typed.source, documentSource(v.doc, v.page, pair.label)],
        });
      }
    }
    const first = values[0];
    if (!first) continue;
    for (const v of values.slice(1)) {
      const diff = differs(first.value, v.value);
      if (diff === null) continue;
      out.push({
        id: `legal-area-docs-${pair.field}-${out.length + 1}`,
        severity: 'media',
        title: `Área divergente entre documentos: ${pair.label}`,
        detail: `${first.doc.fileName}, p. ${first.page}: ${formatNumber(first.value)} m²; ${v.doc.fileName}, p. ${v.page}: ${formatNumber(v.value)} m² (diferença de ${formatPercent(diff, 1)}).`,
        sources: [documentSource(first.doc, first.page, pair.label), documentSource(v.doc, v.page, pair.label)],
      });
    }
  }
  return out;
}

const ADDRESS_WORDS: Record<string, string> = { r: 'rua', av: 'avenida', al: 'alameda', tv: 'travessa', rod: 'rodovia', est: 'estrada', pca: 'praca' };
const ADDRESS_STOP = new Set([
  'rua', 'avenida', 'alameda', 'travessa', 'rodovia', 'estrada', 'praca', 'largo', 'viela', 'de', 'da', 'do', 'das', 'dos', 'e',
  'n', 'no', 'nr', 'numero', 'apto', 'ap', 'apartamento', 'bloco', 'bl', 'casa', 'lote', 'quadra', 'sala', 'andar', 'conjunto',
  'edificio', 'ed', 'bairro', 'cep', 'sp', 'sao', 'paulo', 'cidade', 'municipio', 'estado', 'km',
]);

function addressParts(address: string): { words: Set<string>; number: string | null } {
  const s = foldSameLength(address)
    .replace(/\b\d{5}-?\d{3}\b|\b\d{2}\.\d{3}-\d{3}\b/g, ' ')
    .replace(/(\d)\.(\d{3})\b/g, '$1$2')
    .replace(/[nº°]\s*º|n\.\s*º|nº/g, ' ');
  const tokens = s.split(/[^a-z0-9]+/).filter(Boolean).map((w) => ADDRESS_WORDS[w] ?? w);
  const number = tokens.find((w) => /^\d+$/.test(w)) ?? null;
  const words = new Set(tokens.filter((w) => !/^\d+$/.test(w) && w.length >= 3 && !ADDRESS_STOP.has(w)));
  return { words, number };
}

/** Same street and number as far as the text shows (accents, case, abbreviations ignored). */
export function sameAddress(a: string, b: string): boolean {
  const pa = addressParts(a);
  const pb = addressParts(b);
  if (pa.number && pb.number && pa.number !== pb.number) return false;
  const smaller = Math.min(pa.words.size, pb.words.size);
  if (smaller === 0) return true;
  let shared = 0;
  for (const w of pa.words) if (pb.words.has(w)) shared++;
  return shared / smaller >= 0.5;
}

function addressFindings(q: Questionnaire, docs: readonly EngineDocument[]): Insight[] {
  const out: Insight[] = [];
  const addresses = docs.map((d) => firstText(d, 'endereco')).filter((v): v is NonNullable<typeof v> => v !== null);
  const typed = q.address?.trim();
  if (typed) {
    for (const a of addresses) {
      if (sameAddress(typed, a.value)) continue;
      out.push({
        id: `legal-endereco-${out.length + 1}`,
        severity: 'media',
        title: 'Endereço divergente',
        detail: `Questionário: "${typed}"; ${a.doc.fileName}, p. ${a.page}: "${a.value}".`,
        sources: [questionnaireSource('address'), documentSource(a.doc, a.page, 'Endereço')],
      });
    }
  }
  const firstAddress = addresses[0];
  if (firstAddress) {
    for (const a of addresses.slice(1)) {
      if (sameAddress(firstAddress.value, a.value)) continue;
      out.push({
        id: `legal-endereco-docs-${out.length + 1}`,
        severity: 'media',
        title: 'Endereço divergente entre documentos',
        detail: `${firstAddress.doc.fileName}, p. ${firstAddress.page}: "${firstAddress.value}"; ${a.doc.fileName}, p. ${a.page}: "${a.value}".`,
        sources: [documentSource(firstAddress.doc, firstAddress.page, 'Endereço'), documentSource(a.doc, a.page, 'Endereço')],
      });
    }
  }
  const digits = (s: string) => s.replace(/\D/g, '');
  const ceps = docs
    .map((d) => firstText(d, 'cep'))
    .filter((v): v is NonNullable<typeof v> => v !== null && digits(v.value).length === 8);
  const typedCep = digits(q.zipCode ?? '');
  if (typedCep.length === 8) {
    for (const c of ceps) {
      if (digits(c.value) === typedCep) continue;
      out.push({
        id: `legal-cep-${out.length + 1}`,
        severity: 'media',
        title: 'CEP divergente',
        detail: `Questionário: ${typedCep.slice(0, 5)}-${typedCep.slice(5)}; ${c.doc.fileName}, p. ${c.page}: ${c.value}.`,
        sources: [questionnaireSource('zipCode'), documentSource(c.doc, c.page, 'CEP')],
      });
    }
  }
  const firstCep = ceps[0];
  if (firstCep) {
    for (const c of ceps.slice(1)) {
      if (digits(c.value) === digits(firstCep.value)) continue;
      out.push({
        id: `legal-cep-docs-${out.length + 1}`,
        severity: 'media',
        title: 'CEP divergente entre documentos',
        detail: `${firstCep.doc.fileName}, p. ${firstCep.page}: ${firstCep.value}; ${c.doc.fileName}, p. ${c.page}: ${c.value}.`,
        sources: [documentSource(firstCep.doc, firstCep.page, 'CEP'), documentSource(c.doc, c.page, 'CEP')],
      });
    }
  }
  return out;
}

function statusFindings(q: Questionnaire): Insight[] {
  if (q.legalStatus === 'restricoes') {
    return [
      {
        id: 'legal-status-restricoes',
        severity: 'alta',
        title: 'Situação legal declarada com restrições',
        detail: 'O questionário informa restrições legais sobre o imóvel: identifique-as na matrícula e nas certidões antes de avançar.',
        sources: [questionnaireSource('legalStatus')],
      },
    ];
  }
  if (q.legalStatus === 'pendencias') {
    return [
      {
        id: 'legal-status-pendencias',
        severity: 'media',
        title: 'Situação legal declarada com pendências',
        detail: 'O questionário informa pendências legais: liste-as e estime prazo e custo de regularização.',
        sources: [questionnaireSource('legalStatus')],
      },
    ];
  }
  return [];
}

const SEVERITY_ORDER: Record<Severity, number> = { alta: 0, media: 1, baixa: 2 };

export function bySeverity<T extends { severity: Severity }>(items: readonly T[]): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => SEVERITY_ORDER[a.item.severity] - SEVERITY_ORDER[b.item.severity] || a.i - b.i)
    .map((x) => x.item);
}

export function computeLegal(q: Questionnaire, docs: readonly EngineDocument[]): LegalResult {
  return {
    checklist: buildChecklist(q, docs),
    legalStatus: q.legalStatus ? LEGAL_STATUS_LABELS[q.legalStatus] : null,
    findings: bySeverity([...statusFindings(q), ...lienFindings(docs), ...areaFindings(q, docs), ...addressFindings(q, docs)]),
  };
}
