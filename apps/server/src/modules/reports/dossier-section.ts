import {
  ACT_TYPES,
  CERTIDAO_STATUS_LABELS,
  CHECK_STATUS_LABELS,
  LIEN_SEVERITY_LABELS,
  dossier as dossierSchema,
  noLienSentence,
  type Citation,
  type Dossier,
  type DossierFact,
  type DossierFactKey,
  type DossierLien,
  type MatriculaDossier,
} from '@viabiliza/contracts/dossier';
import { LIEN_TYPES } from '@viabiliza/contracts/document-types';
import { formatDate, formatMoney, formatNumber } from '@viabiliza/engine/report';

import type { Block, Cell, Section } from './report-model.ts';

/**
 * The 'Diligência' section of the HTML and PDF reports (issue 16): owners, chain of title, liens
 * with their status, certidões on the analysis date, ITBI, the cross-document checks and the
 * property's facts, every row citing its document and page as text ('matricula.pdf, p. 2'). It is
 * built from plain blocks, so both renderers draw it without knowing what a dossier is.
 */

/** The result's dossier when it is one (older results have none; a malformed one is not shown). */
export function readDossier(result: unknown): Dossier | null {
  if (!result || typeof result !== 'object') return null;
  const parsed = dossierSchema.safeParse((result as { dossier?: unknown }).dossier);
  return parsed.success ? parsed.data : null;
}

export function citationText(c: Citation): string {
  return `${c.fileName}, p. ${c.page}`;
}

function citationsText(cs: readonly (Citation | null)[]): string {
  const seen = [...new Set(cs.filter((c): c is Citation => c !== null).map(citationText))];
  return seen.length ? seen.join('; ') : '—';
}

const date = (d: string | null) => (d ? formatDate(d) : '—');
const source = (cs: readonly (Citation | null)[]): Cell => ({ text: citationsText(cs), tone: 'muted' });

/** '46511' → '46.511', as the registry prints it. */
export function formatMatricula(digits: string): string {
  if (!/^\d+$/.test(digits)) return digits;
  // A dot before each group of three from the right; a loop, as the lookahead /\B(?=(\d{3})+(?!\d))/
  // rescanned every remaining digit from each position (quadratic on a long number).
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? '.' : '') + digits[i];
  return out;
}

export function formatFraction(f: number | null): string {
  return f === null ? 'não informada' : `${formatNumber(f * 100, 2, 0)}%`;
}

export function lienStatusText(l: DossierLien): string {
  if (l.status === 'ativo') return 'Ativo';
  return l.cancelledBy ? `Cancelado pela ${l.cancelledBy}` : 'Cancelado';
}

function matriculaBlocks(m: MatriculaDossier, many: boolean): Block[] {
  const blocks: Block[] = [];
  const title = `Matrícula ${formatMatricula(m.matricula)}${m.cartorio ? ` — ${m.cartorio}` : ''}${m.issuedOn ? ` (certidão de ${formatDate(m.issuedOn)})` : ''}`;
  if (many) blocks.push({ kind: 'subheading', text: title });
  else blocks.push({ kind: 'paragraph', spans: [{ text: title, bold: true }] });

  blocks.push({ kind: 'subheading', text: 'Proprietários atuais' });
  if (m.owners.length === 0) {
    blocks.push({ kind: 'paragraph', spans: [{ text: 'Nenhum proprietário atual identificado nos atos lidos.' }], tone: 'muted' });
  } else {
    blocks.push({
      kind: 'table',
      columns: [
        { label: 'Proprietário', weight: 3.4 },
        { label: 'Fração', align: 'right', weight: 1.2 },
        { label: 'Ato', weight: 1 },
        { label: 'Fonte', weight: 2.6 },
      ],
      rows: m.owners.map((o) => [{ text: o.name, bold: true }, { text: formatFraction(o.fraction) }, { text: o.sinceAct }, source([o.citation])]),
    });
  }

  if (m.chain.length) {
    blocks.push({ kind: 'subheading', text: 'Cadeia dominial' });
    blocks.push({
      kind: 'table',
      columns: [
        { label: 'Ato', weight: 0.9 },
        { label: 'Data', weight: 1.2 },
        { label: 'De → para', weight: 4 },
        { label: 'Valor', align: 'right', weight: 1.6 },
        { label: 'Fonte', weight: 2.3 },
      ],
      rows: m.chain.map((s) => [
        { text: s.act, note: ACT_TYPES[s.type] },
        { text: date(s.date) },
        { text: `${s.from.length ? s.from.join(', ') : '—'} → ${s.to.length ? s.to.join(', ') : '—'}` },
        { text: s.value === null ? '—' : formatMoney(s.value) },
        source([s.citation]),
      ]),
    });
  }

  blocks.push({ kind: 'subheading', text: 'Ônus e gravames' });
  if (m.liens.length === 0) {
    blocks.push({ kind: 'paragraph', spans: [{ text: noLienSentence(m) }], tone: 'muted' });
  } else {
    blocks.push({
      kind: 'table',
      columns: [
        { label: 'Ônus', weight: 2 },
        { label: 'Ato', weight: 0.8 },
        { label: 'Situação', weight: 1.7 },
        { label: 'Beneficiário', weight: 2.2 },
        { label: 'Gravidade', weight: 1.6 },
        { label: 'Fonte', weight: 2.2 },
      ],
      rows: m.liens.map((l) => [
        { text: LIEN_TYPES[l.type], bold: l.status === 'ativo', note: l.date ? `desde ${formatDate(l.date)}` : undefined },
        { text: l.act },
        { text: lienStatusText(l), bold: true, tone: l.status === 'ativo' ? 'negative' : 'positive' },
        { text: l.beneficiary ?? '—' },
        { text: LIEN_SEVERITY_LABELS[l.severity] },
        { text: `${citationText(l.citation)}${l.cancelCitation ? `; cancelamento: ${citationText(l.cancelCitation)}` : ''}`, tone: 'muted' },
      ]),
    });
  }
  return blocks;
}

const ITBI_FACTS: readonly DossierFactKey[] = ['base_calculo_itbi', 'aliquota_itbi', 'valor_itbi', 'valor_itbi_pago', 'data_pagamento_itbi'];

function factRow(f: DossierFact): Cell[] {
  const differing = f.conflict ? f.sources.filter((s) => s.value !== f.value) : [];
  return [
    { text: f.label },
    {
      text: f.value,
      bold: true,
      ...(f.conflict
        ? { tone: 'negative' as const, note: `Divergência: ${differing.map((s) => `${s.value} (${citationText(s.citation)})`).join('; ') || 'as fontes discordam'}` }
        : {}),
    },
    source(f.sources.map((s) => s.citation)),
  ];
}

const FACT_COLUMNS = [
  { label: 'Dado', weight: 2.2 },
  { label: 'Valor', weight: 3.6 },
  { label: 'Fonte', weight: 3 },
];

/** The section, or null when there is no dossier or it read no document (no empty section). */
export function dossierSection(result: unknown): Section | null {
  const d = readDossier(result);
  if (!d || d.documentIds.length === 0) return null;
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      spans: [
        {
          text: `Dossiê montado a partir de ${d.documentIds.length === 1 ? '1 documento lido' : `${d.documentIds.length} documentos lidos`}; certidões avaliadas em ${formatDate(d.asOf)}. Cada linha cita o arquivo e a página de onde foi lida.`,
        },
      ],
      tone: 'muted',
    },
  ];

  if (d.matriculas.length === 0) {
    blocks.push({ kind: 'paragraph', spans: [{ text: 'Nenhuma certidão de matrícula na pasta: proprietários e ônus não puderam ser verificados.' }], tone: 'note' });
  }
  for (const m of d.matriculas) blocks.push(...matriculaBlocks(m, d.matriculas.length > 1));

  if (d.certidoes.length) {
    blocks.push({ kind: 'subheading', text: 'Certidões' });
    blocks.push({
      kind: 'table',
      columns: [
        { label: 'Certidão', weight: 2.6 },
        { label: 'Situação', weight: 1.3 },
        { label: 'Emissão', weight: 1.2 },
        { label: 'Validade', weight: 1.2 },
        { label: 'Regra', weight: 2.2 },
        { label: 'Fonte', weight: 2 },
      ],
      rows: d.certidoes.map((c) => [
        { text: c.label, note: c.person ?? undefined },
        {
          text: CERTIDAO_STATUS_LABELS[c.status],
          bold: true,
          tone: c.status === 'valida' ? 'positive' : 'negative',
          note: c.result ?? undefined,
        },
        { text: date(c.issuedOn) },
        { text: date(c.validUntil) },
        { text: c.rule, tone: 'muted' },
        source([c.citation]),
      ]),
    });
  }

  const itbi = ITBI_FACTS.map((k) => d.facts.find((f) => f.key === k)).filter((f): f is DossierFact => !!f);
  if (itbi.length) {
    blocks.push({ kind: 'subheading', text: 'ITBI' });
    blocks.push({ kind: 'table', columns: FACT_COLUMNS, rows: itbi.map(factRow) });
  }

  if (d.checks.length) {
    blocks.push({ kind: 'subheading', text: 'Conferências entre documentos' });
    blocks.push({
      kind: 'table',
      columns: [
        { label: 'Conferência', weight: 2.6 },
        { label: 'Resultado', weight: 1.1 },
        { label: 'Detalhe', weight: 3.8 },
        { label: 'Fontes', weight: 2.2 },
      ],
      rows: d.checks.map((c) => [
        { text: c.label },
        { text: CHECK_STATUS_LABELS[c.status], bold: true, tone: c.status === 'ok' ? 'positive' : c.status === 'sem_dados' ? 'muted' : 'negative' },
        { text: c.detail },
        source(c.citations),
      ]),
    });
  }

  const others = d.facts.filter((f) => !ITBI_FACTS.includes(f.key));
  if (others.length) {
    blocks.push({ kind: 'subheading', text: 'Dados do imóvel' });
    blocks.push({ kind: 'table', columns: FACT_COLUMNS, rows: others.map(factRow) });
  }

  if (d.warnings.length) {
    blocks.push({ kind: 'subheading', text: 'O que não pôde ser lido ou decidido' });
    blocks.push({ kind: 'list', items: d.warnings.map((w) => [{ text: w }]) });
  }
  return { id: 'dossier', title: 'Diligência', blocks };
}
