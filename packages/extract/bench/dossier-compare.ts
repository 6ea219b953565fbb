/**
 * How the benchmark judges a built dossier against a folder's `dossier.truth.json`. Every truth
 * item is one point in a category (owners and chain, liens, certidões, ITBI, values, areas,
 * property identity, parties, checks); an item the dossier adds that the truth does not hold
 * (an owner, a lien) is one wrong point. Names compare without case and accents; figures by
 * `compare.ts` (0,5 % for money, digits for codes); act labels by kind and number ('R-2/46.511' =
 * 'R.2'). Lists every mismatch, so the builder's author can fix the reader.
 */
import type { FieldKey } from '@viabiliza/contracts/document-types';
import type { Dossier, DossierFactKey } from '@viabiliza/contracts/dossier';
import { fieldMatches, fold } from './compare.ts';
import type { DossierTruth } from './truth.ts';

export const DOSSIER_CATEGORIES = {
  owners: 'Proprietários e cadeia',
  liens: 'Ônus (com situação)',
  certidoes: 'Certidões',
  itbi: 'ITBI',
  values: 'Valores',
  areas: 'Áreas',
  property: 'Identificação do imóvel',
  parties: 'Partes',
  checks: 'Conferências',
} as const;
export type DossierCategory = keyof typeof DOSSIER_CATEGORIES;

const FACT_CATEGORY: Record<DossierFactKey, DossierCategory> = {
  matricula_numero: 'property',
  cartorio: 'property',
  inscricao_imobiliaria: 'property',
  endereco: 'property',
  cep: 'property',
  cidade: 'property',
  uf: 'property',
  area_privativa_m2: 'areas',
  area_total_m2: 'areas',
  area_terreno_m2: 'areas',
  area_construida_m2: 'areas',
  valor_transacao: 'values',
  valor_venal: 'values',
  valor_venal_referencia: 'values',
  iptu_anual: 'values',
  base_calculo_itbi: 'itbi',
  aliquota_itbi: 'itbi',
  valor_itbi: 'itbi',
  valor_itbi_pago: 'itbi',
  data_pagamento_itbi: 'itbi',
};

/** The per-file field a fact is judged as (compare.ts knows how each field compares). */
const FACT_FIELD: Record<DossierFactKey, FieldKey> = {
  matricula_numero: 'matricula_numero',
  cartorio: 'cartorio',
  inscricao_imobiliaria: 'inscricao_imobiliaria',
  endereco: 'endereco',
  cep: 'cep',
  cidade: 'cidade',
  uf: 'uf',
  area_privativa_m2: 'area_privativa_m2',
  area_total_m2: 'area_total_m2',
  area_terreno_m2: 'area_terreno_m2',
  area_construida_m2: 'area_construida_m2',
  valor_transacao: 'valor_transacao',
  valor_venal: 'valor_venal',
  valor_venal_referencia: 'valor_venal_referencia',
  iptu_anual: 'valor_imposto',
  base_calculo_itbi: 'base_calculo_itbi',
  aliquota_itbi: 'aliquota',
  valor_itbi: 'valor_imposto',
  valor_itbi_pago: 'valor_pago',
  data_pagamento_itbi: 'data_pagamento',
};

export interface DossierItem {
  category: DossierCategory;
  /** What was judged ('matrícula 23932: proprietário Beatriz Rocha Machado (50 %)'). */
  what: string;
  ok: boolean;
  /** What the dossier said, when wrong. */
  got?: string;
}

export interface DossierVerdict {
  folder: string;
  items: DossierItem[];
  /** Liens the dossier holds active that the truth does not (absent, or cancelled). */
  falseActive: string[];
  /** Active liens of the truth the dossier does not hold active. */
  missedActive: string[];
}

/** 'R-2/46.511', 'R.02/46511', 'Av.4', 'AV-4' → 'R.2', 'AV.4'. */
export function actLabel(label: string): string {
  const m = /^\s*(R|AV)\s*(?:[-.,]\s*)?0*(\d+)/i.exec(label);
  return m ? `${m[1]!.toUpperCase()}.${m[2]}` : label.trim().toUpperCase();
}

const sameName = (a: string, b: string) => {
  const x = fold(a).replace(/[^a-z ]/g, ' ').replace(/\s+/g, ' ').trim();
  const y = fold(b).replace(/[^a-z ]/g, ' ').replace(/\s+/g, ' ').trim();
  return x === y;
};

/** A beneficiary is right when the dossier's names the same person or company (its words, in any case). */
function sameBeneficiary(truth: string, got: string | null): boolean {
  if (!got) return false;
  const words = (s: string) => fold(s).replace(/[^a-z0-9 ]/g, ' ').split(' ').filter((w) => w.length > 2 && !['s.a', 'ltda'].includes(w));
  const want = words(truth);
  const have = new Set(words(got));
  return want.length > 0 && want.filter((w) => have.has(w)).length >= Math.ceil(want.length * 0.75);
}

const digits = (s: string) => s.replace(/\D/g, '');
const pctText = (f: number | null) => (f === null ? 's/ fração' : `${Math.round(f * 1000) / 10} %`);

export function compareDossier(truth: DossierTruth, dossier: Dossier): DossierVerdict {
  const items: DossierItem[] = [];
  const falseActive: string[] = [];
  const missedActive: string[] = [];
  const push = (category: DossierCategory, what: string, ok: boolean, got?: string) => items.push({ category, what, ok, ...(ok ? {} : { got: got ?? '—' }) });

  for (const tm of truth.matriculas) {
    const dm = dossier.matriculas.find((m) => digits(m.matricula) === tm.number);
    const where = `matrícula ${tm.number}`;
    // Owners: each true owner (with the fraction when the act prints one), and no extra owner.
    const gotOwners = dm?.owners ?? [];
    const used = new Set<number>();
    for (const o of tm.owners) {
      const i = gotOwners.findIndex((g, k) => !used.has(k) && sameName(o.name, g.name));
      if (i >= 0) used.add(i);
      const g = i >= 0 ? gotOwners[i]! : null;
      const fractionOk = o.fraction === null || (g !== null && g.fraction !== null && Math.abs(g.fraction - o.fraction) < 0.001);
      push('owners', `${where}: proprietário ${o.name} (${pctText(o.fraction)})`, g !== null && fractionOk, g ? `${g.name} (${pctText(g.fraction)})` : dm ? `proprietários: ${gotOwners.map((x) => x.name).join('; ') || 'nenhum'}` : 'matrícula ausente do dossiê');
    }
    gotOwners.forEach((g, k) => {
      if (!used.has(k)) push('owners', `${where}: proprietário a mais`, false, `${g.name} (${pctText(g.fraction)}, ${g.sinceAct})`);
    });
    const chain = (dm?.chain ?? []).map((s) => actLabel(s.act));
    push('owners', `${where}: cadeia dominial ${tm.chain.join(' → ')}`, chain.join('|') === tm.chain.join('|'), chain.join(' → ') || 'vazia');

    // Liens: each with its status (and what cancelled it), its beneficiary when named; no extra lien.
    const gotLiens = dm?.liens ?? [];
    const usedL = new Set<number>();
    for (const l of tm.liens) {
      const i = gotLiens.findIndex((g, k) => !usedL.has(k) && g.type === l.type && actLabel(g.act) === l.act);
      if (i >= 0) usedL.add(i);
      const g = i >= 0 ? gotLiens[i]! : null;
      const desc = `${where}: ${l.type} ${l.act} ${l.status}${l.cancelledBy ? ` (cancelado por ${l.cancelledBy})` : ''}`;
      const ok = g !== null && g.status === l.status && (l.status === 'ativo' || (g.cancelledBy !== null && actLabel(g.cancelledBy) === l.cancelledBy));
      push('liens', desc, ok, g ? `${g.type} ${g.act} ${g.status}${g.cancelledBy ? ` (cancelado por ${g.cancelledBy})` : ''}` : 'não encontrado');
      if (l.beneficiary) push('liens', `${where}: ${l.type} ${l.act} em favor de ${l.beneficiary}`, sameBeneficiary(l.beneficiary, g?.beneficiary ?? null), g?.beneficiary ?? 'sem beneficiário');
      if (l.status === 'ativo' && g?.status !== 'ativo') missedActive.push(`${truth.folder} ${desc}`);
    }
    gotLiens.forEach((g, k) => {
      if (usedL.has(k)) {
        const l = tm.liens.find((x) => x.type === g.type && x.act === actLabel(g.act));
        if (g.status === 'ativo' && l?.status !== 'ativo') falseActive.push(`${truth.folder} ${where}: ${g.type} ${g.act} dado como ativo (cancelado por ${l?.cancelledBy ?? '?'})`);
        return;
      }
      push('liens', `${where}: ônus a mais`, false, `${g.type} ${g.act} ${g.status}`);
      if (g.status === 'ativo') falseActive.push(`${truth.folder} ${where}: ${g.type} ${g.act} ativo não existe`);
    });
  }
  // A matrícula the dossier found that the truth does not hold (a misread number, say).
  for (const dm of dossier.matriculas) {
    if (!truth.matriculas.some((m) => m.number === digits(dm.matricula))) {
      push('owners', 'matrícula a mais', false, dm.matricula);
      for (const l of dm.liens.filter((x) => x.status === 'ativo')) falseActive.push(`${truth.folder} matrícula ${dm.matricula} (não existe): ${l.type} ${l.act}`);
    }
  }

  // Facts.
  for (const [key, value] of Object.entries(truth.facts) as [DossierFactKey, string | number][]) {
    const fact = dossier.facts.find((f) => f.key === key);
    const ok = fact ? fieldMatches({ key: FACT_FIELD[key], value, page: 1 }, { key: FACT_FIELD[key], value: fact.value, normalized: fact.normalized, page: 1 }) : false;
    push(FACT_CATEGORY[key], `${key} = ${value}`, ok, fact ? `${fact.value}${fact.conflict ? ' (conflito)' : ''}` : 'ausente');
  }

  // Parties.
  for (const [role, names, got] of [['vendedor', truth.sellers, dossier.sellers], ['comprador', truth.buyers, dossier.buyers]] as const) {
    for (const n of names) push('parties', `${role} ${n}`, got.some((p) => sameName(p.name, n)), got.map((p) => p.name).join('; ') || 'nenhum');
  }

  // Certidões: each truth entry against one of the dossier's with the same item and person.
  const usedC = new Set<number>();
  for (const c of truth.certidoes) {
    const candidates = dossier.certidoes.map((d, k) => ({ d, k })).filter(({ d, k }) => !usedC.has(k) && d.item === c.item && (c.person === null ? true : d.person !== null && sameName(d.person, c.person)));
    const best = candidates.find(({ d }) => d.status === c.status) ?? candidates[0];
    if (best) usedC.add(best.k);
    push('certidoes', `${c.item}${c.person ? ` de ${c.person}` : ''}: ${c.status}${c.file ? ` (${c.file})` : ''}`, best?.d.status === c.status, best ? `${best.d.status}${best.d.person ? ` de ${best.d.person}` : ''}` : 'não listada');
  }

  // Checks.
  for (const [id, status] of Object.entries(truth.checks)) {
    const got = dossier.checks.find((c) => c.id === id);
    push('checks', `${id}: ${status}`, got?.status === status, got ? `${got.status}: ${got.detail}` : 'ausente');
  }
  return { folder: truth.folder, items, falseActive, missedActive };
}
