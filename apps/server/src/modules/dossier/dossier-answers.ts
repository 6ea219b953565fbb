import type { ChatAnswer, ChatCitation } from '@viabiliza/contracts/chat';
import { LIEN_TYPES, type LienType } from '@viabiliza/contracts/document-types';
import {
  CERTIDAO_STATUS_LABELS,
  CHECK_STATUS_LABELS,
  type Citation,
  type Dossier,
  type DossierFact,
  type DossierFactKey,
} from '@viabiliza/contracts/dossier';

/**
 * The chat's first resort (issue 16): questions about owners, liens, ITBI, areas, values and
 * certidões are answered from the analysis' dossier, each statement citing the document and page
 * it was read on, before any passage retrieval or model. A question the dossier cannot answer
 * (no matrícula acts read, no such fact) returns null and the chat searches the pages as before.
 */

export const DOSSIER_ANSWER_INTRO = 'Do dossiê de diligência dos documentos desta análise:';

/** Lower case without accents. */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

class Cites {
  readonly list: ChatCitation[] = [];
  /** The citation's number, reusing one already given for the same phrase. */
  ref(c: Citation): string {
    const same = this.list.find((x) => x.documentId === c.documentId && x.page === c.page && x.excerpt === c.quote);
    if (same) return `[${same.n}]`;
    const n = this.list.length + 1;
    this.list.push({ n, source: 'document', documentId: c.documentId, sourceName: c.fileName, page: c.page, section: null, excerpt: c.quote });
    return `[${n}]`;
  }
}

const percent = (f: number) => `${(Math.round(f * 10000) / 100).toLocaleString('pt-BR')} %`;
const date = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso);

function owners(d: Dossier, cites: Cites): string[] | null {
  const withOwners = d.matriculas.filter((m) => m.owners.length > 0);
  if (!withOwners.length) return null;
  return withOwners.map((m) => {
    const names = m.owners.map((o) => `${o.name}${o.fraction !== null ? ` (${percent(o.fraction)})` : ''} ${cites.ref(o.citation)}`);
    return `Proprietários atuais da matrícula nº ${m.matricula}: ${names.join('; ')}.`;
  });
}

/** Lien kinds a question names ('hipoteca', 'alienação fiduciária', 'usufruto'…). */
const LIEN_WORDS: readonly [LienType, RegExp][] = [
  ['hipoteca', /hipotec/],
  ['alienacao_fiduciaria', /aliena\w* fiduciari|fiduciari/],
  ['penhora', /penhor/],
  ['arresto', /arrest/],
  ['sequestro', /sequestr/],
  ['indisponibilidade', /indisponib/],
  ['usufruto', /usufrut/],
  ['inalienabilidade', /inalienab/],
  ['impenhorabilidade', /impenhorab/],
  ['incomunicabilidade', /incomunicab/],
  ['servidao', /servid/],
];

function liens(d: Dossier, q: string, cites: Cites): string[] | null {
  if (!d.matriculas.length) return null;
  const named = LIEN_WORDS.filter(([, re]) => re.test(q)).map(([type]) => type);
  const lines: string[] = [];
  for (const m of d.matriculas) {
    const relevant = m.liens.filter((l) => !named.length || named.includes(l.type));
    const active = relevant.filter((l) => l.status === 'ativo');
    const cancelled = relevant.filter((l) => l.status === 'cancelado');
    const what = named.length ? named.map((t) => LIEN_TYPES[t].toLowerCase()).join(' ou ') : 'ônus';
    if (!active.length) {
      // A 'no' rests on the matrícula read to its last act: cite that act.
      const last = m.acts.at(-1);
      if (!last && !cancelled.length) continue;
      lines.push(`Matrícula nº ${m.matricula}: nenhum(a) ${what} ativo(a)${last ? ` (atos lidos até o ${last.label}) ${cites.ref(last.citation)}` : ''}.`);
    }
    for (const l of active) {
      const beneficiary = l.beneficiary ? `, em favor de ${l.beneficiary}` : '';
      lines.push(`Matrícula nº ${m.matricula}: ${LIEN_TYPES[l.type].toLowerCase()} ATIVA (${l.act}${l.date ? `, ${date(l.date)}` : ''}${beneficiary}) ${cites.ref(l.citation)}.`);
    }
    for (const l of cancelled) {
      const by = l.cancelledBy ? ` pela ${l.cancelledBy}` : '';
      const refs = [cites.ref(l.citation), ...(l.cancelCitation ? [cites.ref(l.cancelCitation)] : [])].join(' ');
      lines.push(`Matrícula nº ${m.matricula}: ${LIEN_TYPES[l.type].toLowerCase()} do ${l.act} cancelada${by} — não é ônus ativo ${refs}.`);
    }
  }
  return lines;
}

function facts(d: Dossier, keys: readonly DossierFactKey[], cites: Cites): string[] | null {
  const found = keys.map((k) => d.facts.find((f) => f.key === k)).filter((f): f is DossierFact => !!f && f.sources.length > 0);
  if (!found.length) return null;
  return found.map((f) => {
    const other = f.conflict ? ` (os documentos divergem: ${[...new Set(f.sources.map((s) => s.value))].join(' × ')})` : '';
    return `${f.label}: ${f.value}${other} ${cites.ref(f.sources[0]!.citation)}.`;
  });
}

function itbi(d: Dossier, cites: Cites): string[] | null {
  const lines = facts(d, ['valor_itbi_pago', 'data_pagamento_itbi', 'valor_itbi', 'base_calculo_itbi', 'aliquota_itbi'], cites) ?? [];
  for (const c of d.checks.filter((x) => x.id.startsWith('itbi') && x.status !== 'sem_dados')) {
    const refs = c.citations.slice(0, 2).map((x) => cites.ref(x)).join(' ');
    lines.push(`${c.label}: ${CHECK_STATUS_LABELS[c.status]} — ${c.detail}${refs ? ` ${refs}` : ''}`);
  }
  return lines.length ? lines : null;
}

function certidoes(d: Dossier, cites: Cites): string[] | null {
  if (!d.certidoes.length) return null;
  const lines = d.certidoes.map((c) => {
    const about = c.person ? ` — ${c.person}` : '';
    const until = c.validUntil ? `, válida até ${date(c.validUntil)}` : '';
    const ref = c.citation ? ` ${cites.ref(c.citation)}` : '';
    return `${c.label}${about}: ${CERTIDAO_STATUS_LABELS[c.status]}${c.status === 'ausente' ? '' : `${until} (${c.rule})`}${ref}.`;
  });
  return [`Situação em ${date(d.asOf)}:`, ...lines];
}

const TOPICS: readonly { test: RegExp; answer: (d: Dossier, q: string, cites: Cites) => string[] | null }[] = [
  { test: /propriet|\bdonos?\b|titular/, answer: (d, _q, c) => owners(d, c) },
  { test: /\bonus\b|gravame|hipotec|fiduciari|penhor|arrest|sequestr|indisponib|usufrut|inalienab|impenhorab|incomunicab|servid|restric/, answer: liens },
  { test: /\bitbi\b/, answer: (d, _q, c) => itbi(d, c) },
  { test: /certid|\bcndt?\b|negativa de debito|validade/, answer: (d, _q, c) => certidoes(d, c) },
  {
    test: /\bareas?\b|metragem|\bm2\b|m²|tamanho/,
    answer: (d, q, c) =>
      facts(d, /privativ|util/.test(q) ? ['area_privativa_m2'] : /terreno/.test(q) ? ['area_terreno_m2'] : /construid/.test(q) ? ['area_construida_m2'] : ['area_privativa_m2', 'area_total_m2', 'area_construida_m2', 'area_terreno_m2'], c),
  },
  { test: /valor venal|\bvvr\b|valor de referencia/, answer: (d, _q, c) => facts(d, ['valor_venal', 'valor_venal_referencia'], c) },
  { test: /valor da (venda|transacao|compra)|preco (de venda|da venda|pago)|por quanto/, answer: (d, _q, c) => facts(d, ['valor_transacao'], c) },
  { test: /\biptu\b/, answer: (d, _q, c) => facts(d, ['iptu_anual', 'valor_venal', 'inscricao_imobiliaria'], c) },
];

/** The answer the dossier gives to `question`, or null when it does not cover it. */
export function answerFromDossier(d: Dossier | null | undefined, question: string): Omit<ChatAnswer, 'provider' | 'providerName'> | null {
  if (!d) return null;
  const q = fold(question);
  const cites = new Cites();
  const lines: string[] = [];
  for (const topic of TOPICS) {
    if (!topic.test.test(q)) continue;
    const said = topic.answer(d, q, cites);
    if (said) lines.push(...said);
  }
  if (!lines.length || !cites.list.length) return null;
  return { answer: [DOSSIER_ANSWER_INTRO, ...lines].join('\n'), found: true, citations: cites.list };
}
