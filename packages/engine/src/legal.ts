import type { FigureSource, Insight, LegalResult, Severity } from '@viabiliza/contracts/analysis-result';
import { LIEN_TYPES } from '@viabiliza/contracts/document-types';
import {
  CERTIDAO_STATUS_LABELS,
  CHECK_STATUS_LABELS,
  LIEN_SEVERITY_LABELS,
  type CertidaoCheck,
  type Citation,
  type Dossier,
  type DossierLien,
} from '@viabiliza/contracts/dossier';
import {
  DOCUMENT_OPTIONS,
  DOCUMENT_OPTION_LABELS,
  LEGAL_STATUS_LABELS,
  type Questionnaire,
} from '@viabiliza/contracts/questionnaire';
import { DOCUMENT_ROLES, documentTypeOf } from './document-roles.ts';
import { citationSource, sameAddress } from './document-facts.ts';
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
// The dossier: liens, certidões and cross-document checks (issue 16)

/** How a lien's weight on a sale (DOCUMENTS.md) becomes a finding's severity. */
const WEIGHT_SEVERITY: Record<LienWeight, Severity> = { bloqueia: 'alta', condiciona: 'media', informa: 'baixa' };
type LienWeight = DossierLien['severity'];

const cite = (c: Citation, label: string): FigureSource => citationSource(c, label);

function lienLabel(l: DossierLien): string {
  return LIEN_TYPES[l.type].toLowerCase();
}

/** Liens whose name is masculine ('usufruto ativo', 'arresto cancelado'): the adjective agrees. */
const MASCULINE_LIENS: ReadonlySet<DossierLien['type']> = new Set(['usufruto', 'arresto', 'sequestro', 'tombamento', 'bem_de_familia']);
const agree = (l: DossierLien, feminine: string) => (MASCULINE_LIENS.has(l.type) ? `${feminine.slice(0, -1)}o` : feminine);

/**
 * One finding per lien of the dossier's matrículas: active ones by their weight on a sale
 * (blocks → alta, conditions → média, informs → baixa), cancelled ones as notes naming the act
 * that cancelled them, which the score does not count.
 */
function lienFindings(dossier: Dossier): Insight[] {
  const out: Insight[] = [];
  dossier.matriculas.forEach((m, mi) => {
    m.liens.forEach((lien, li) => {
      const label = lienLabel(lien);
      const where = `matrícula ${m.matricula}, ${lien.act}`;
      const sources = [cite(lien.citation, `Ônus: ${label} (${lien.act})`)];
      if (lien.status === 'cancelado') {
        if (lien.cancelCitation) sources.push(cite(lien.cancelCitation, `Cancelamento: ${label}`));
        const by = lien.cancelledBy ? ` em ${lien.cancelledBy}` : '';
        out.push({
          id: `legal-onus-cancelado-${mi + 1}-${li + 1}`,
          severity: 'baixa',
          title: `Ônus cancelado: ${label} (${lien.act})`,
          detail: `${label[0]!.toUpperCase()}${label.slice(1)} da ${where} consta ${agree(lien, 'cancelada')}${by}; não é ônus ativo. "${lien.citation.quote}"`,
          sources,
        });
        return;
      }
      const beneficiary = lien.beneficiary ? ` em favor de ${lien.beneficiary}` : '';
      const date = lien.date ? ` de ${formatIsoDate(lien.date)}` : '';
      out.push({
        id: `legal-onus-${mi + 1}-${li + 1}`,
        severity: WEIGHT_SEVERITY[lien.severity],
        title: `${LIEN_SEVERITY_LABELS[lien.severity]}: ${label} (${lien.act})`,
        detail: `${label[0]!.toUpperCase()}${label.slice(1)} ${agree(lien, 'ativa')} na ${where}${date}${beneficiary}. ${lien.citation.fileName}, p. ${lien.citation.page}: "${lien.citation.quote}"`,
        sources,
      });
    });
  });
  return out;
}

function formatIsoDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** Expired certidões weigh more than missing ones (a missing one may simply not have been sent yet). */
const CERTIDAO_SEVERITY: Partial<Record<CertidaoCheck['status'], Severity>> = { vencida: 'media', sem_data: 'baixa' };

/** One finding per expired or undated certidão, and one listing the missing ones. */
function certidaoFindings(dossier: Dossier): Insight[] {
  const out: Insight[] = [];
  const about = (c: CertidaoCheck) => (c.person ? ` — ${c.person}` : '');
  dossier.certidoes.forEach((c, i) => {
    const severity = CERTIDAO_SEVERITY[c.status];
    if (!severity) return;
    const dates = [c.issuedOn ? `emitida em ${formatIsoDate(c.issuedOn)}` : null, c.validUntil ? `válida até ${formatIsoDate(c.validUntil)}` : null].filter(Boolean).join(', ');
    const status = CERTIDAO_STATUS_LABELS[c.status].toLowerCase();
    out.push({
      id: `legal-certidao-${c.status}-${i + 1}`,
      severity,
      title: `Certidão ${status}: ${c.label}${about(c)}`,
      detail: `${c.label}${about(c)}${dates ? `, ${dates}` : ''} (${c.rule}): ${status} em ${formatIsoDate(dossier.asOf)}.`,
      sources: c.citation ? [cite(c.citation, c.label)] : [],
    });
  });
  const missing = dossier.certidoes.filter((c) => c.status === 'ausente');
  if (missing.length) {
    out.push({
      id: 'legal-certidao-ausente',
      severity: 'media',
      title: `Certidões ausentes (${missing.length})`,
      detail: `Não estão entre os documentos: ${missing.map((c) => `${c.label}${about(c)}`).join('; ')}. Providencie antes da escritura.`,
      sources: [],
    });
  }
  return out;
}

/** Checks the lien and certidão findings already say; the others become findings of their own. */
const CHECKS_SAID_ELSEWHERE: ReadonlySet<string> = new Set(['onus', 'certidoes']);

function checkFindings(dossier: Dossier): Insight[] {
  const out: Insight[] = [];
  for (const check of dossier.checks) {
    if (CHECKS_SAID_ELSEWHERE.has(check.id) || (check.status !== 'falha' && check.status !== 'atencao')) continue;
    const severity: Severity = check.status === 'atencao' ? 'baixa' : check.id === 'vendedores_proprietarios' ? 'alta' : 'media';
    out.push({
      id: `legal-verificacao-${check.id}`,
      severity,
      title: `${CHECK_STATUS_LABELS[check.status]}: ${check.label}`,
      detail: check.detail,
      sources: check.citations.map((c) => cite(c, check.label)),
    });
  }
  return out;
}

export const INSUFFICIENT_NO_MATRICULA =
  'Dados insuficientes: nenhuma certidão de matrícula entre os documentos, então proprietários, ônus e certidões não puderam ser verificados. Envie a matrícula atualizada.';
export const NO_DOSSIER_NOTE =
  'Os atos da matrícula não foram lidos nesta análise (sem dossiê): ônus e proprietários não foram verificados.';

/** Active (not cancelled) liens among the legal findings, for insights. */
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

export { sameAddress };

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

/**
 * The legal part. Liens, certidões and cross-document checks come only from the dossier (a lien is
 * a registry act, never a word found in a text); without a matrícula in the folder the part says
 * the data is insufficient instead of scoring it. With a dossier, the questionnaire is compared
 * with its consolidated facts (resolve-inputs reports those disagreements), not with every
 * address a document prints.
 */
export function computeLegal(q: Questionnaire, docs: readonly EngineDocument[], dossier: Dossier | null = null): LegalResult {
  const checklist = buildChecklist(q, docs);
  const legalStatus = q.legalStatus ? LEGAL_STATUS_LABELS[q.legalStatus] : null;
  const hasMatricula = dossier ? dossier.matriculas.length > 0 : docs.some((d) => documentTypeOf(d) === 'matricula');
  if (!dossier) {
    const findings = [...statusFindings(q), ...areaFindings(q, docs), ...addressFindings(q, docs)];
    if (hasMatricula) findings.push({ id: 'legal-sem-dossie', severity: 'baixa', title: 'Ônus não verificados', detail: NO_DOSSIER_NOTE, sources: [] });
    return { checklist, legalStatus, findings: bySeverity(findings), insufficient: hasMatricula ? null : INSUFFICIENT_NO_MATRICULA, blockingLiens: 0 };
  }
  const findings = [...statusFindings(q), ...lienFindings(dossier), ...certidaoFindings(dossier), ...checkFindings(dossier)];
  const blockingLiens = dossier.matriculas.reduce((n, m) => n + m.liens.filter((l) => l.status === 'ativo' && l.severity === 'bloqueia').length, 0);
  return { checklist, legalStatus, findings: bySeverity(findings), insufficient: hasMatricula ? null : INSUFFICIENT_NO_MATRICULA, blockingLiens };
}
