import type { DocumentTypeId } from '@viabiliza/contracts/document-types';
import { DOSSIER_FACTS, type DossierFact, type DossierFactKey } from '@viabiliza/contracts/dossier';
import { isValidSql, parseFlexibleNumber } from '../numbers.ts';
import { brMoney, citeField, digitsOnly, fieldOf, fold, type Doc, type Field } from './common.ts';

/**
 * The main property's facts across the folder: each key field mapped to the fact it states (the
 * ITBI's 'valor do imposto' is the tax, the carnê's is the yearly IPTU), every source listed with
 * where it is printed, the most authoritative one first, and a conflict when they disagree.
 */

const CONTRACTS: DocumentTypeId[] = ['escritura', 'compromisso', 'minuta'];
const ITBI: DocumentTypeId[] = ['itbi_guia', 'itbi_declaracao'];

/** Who is believed first, per fact. Types not listed follow, by the field's confidence. */
const AUTHORITY: Record<DossierFactKey, readonly DocumentTypeId[]> = {
  matricula_numero: ['matricula', ...CONTRACTS],
  cartorio: ['matricula', ...CONTRACTS],
  inscricao_imobiliaria: ['iptu_cadastral', 'iptu_carne', ...ITBI, 'vvr', 'cnd_imobiliaria', 'matricula', ...CONTRACTS],
  endereco: ['matricula', 'iptu_cadastral', 'iptu_carne', ...CONTRACTS, ...ITBI, 'vvr', 'cnd_imobiliaria'],
  cep: ['iptu_cadastral', 'iptu_carne', 'matricula', ...CONTRACTS, ...ITBI],
  cidade: ['matricula', 'iptu_cadastral', 'iptu_carne', ...CONTRACTS, ...ITBI],
  uf: ['matricula', 'iptu_cadastral', 'iptu_carne', ...CONTRACTS, ...ITBI],
  area_privativa_m2: ['matricula', ...CONTRACTS],
  area_total_m2: ['matricula', ...CONTRACTS],
  area_terreno_m2: ['iptu_cadastral', 'iptu_carne', 'matricula', 'itbi_declaracao'],
  area_construida_m2: ['iptu_cadastral', 'iptu_carne', 'matricula', 'itbi_declaracao', 'habite_se'],
  valor_transacao: [...CONTRACTS, ...ITBI],
  valor_venal: ['iptu_cadastral', 'iptu_carne'],
  valor_venal_referencia: ['vvr', ...ITBI, 'escritura'],
  base_calculo_itbi: [...ITBI, 'escritura'],
  aliquota_itbi: [...ITBI],
  valor_itbi: [...ITBI, 'escritura'],
  valor_itbi_pago: ['itbi_comprovante'],
  data_pagamento_itbi: ['itbi_comprovante'],
  iptu_anual: ['iptu_carne'],
};

const IDENTITY_KEYS: ReadonlySet<DossierFactKey> = new Set(['matricula_numero', 'cartorio', 'inscricao_imobiliaria', 'endereco', 'cep']);

/** The fact a document's key field states, or null. */
export function factKeyOf(type: DocumentTypeId | null, key: string): DossierFactKey | null {
  switch (key) {
    case 'aliquota':
      return type && ITBI.includes(type) ? 'aliquota_itbi' : null;
    case 'valor_imposto':
      if (type === 'iptu_carne') return 'iptu_anual';
      return type && (ITBI.includes(type) || type === 'escritura') ? 'valor_itbi' : null;
    case 'valor_pago':
      return type === 'itbi_comprovante' ? 'valor_itbi_pago' : null;
    case 'data_pagamento':
      return type === 'itbi_comprovante' ? 'data_pagamento_itbi' : null;
    default:
      return Object.hasOwn(DOSSIER_FACTS, key) ? (key as DossierFactKey) : null;
  }
}

const STREET_WORDS: Record<string, string> = {
  r: 'rua', av: 'avenida', al: 'alameda', tv: 'travessa', trav: 'travessa', rod: 'rodovia', pca: 'praca', est: 'estrada',
  eng: 'engenheiro', dr: 'doutor', prof: 'professor', cel: 'coronel', gen: 'general', sta: 'santa', sto: 'santo', pres: 'presidente',
  des: 'desembargador', brig: 'brigadeiro', mal: 'marechal', cap: 'capitao', ten: 'tenente', pe: 'padre', com: 'comendador', min: 'ministro',
};

/** 'R. das Flores, nº 100, apto 52' → 'rua flores 100'. */
export function addressKey(value: string): string {
  const folded = fold(value).replace(/\bn[º°o]?\s*(?:\.\s*)?(?=\d)/g, ' ');
  const m = /^(.*?\d+)/.exec(folded);
  const head = m ? m[1]! : folded;
  return head
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(?:d[aeo]s?|e|n|no)$/.test(w))
    .map((w) => STREET_WORDS[w] ?? w)
    .join(' ');
}

/** What two sources are compared by. */
export function comparable(key: DossierFactKey, field: Field): string | number | null {
  if (key === 'endereco') return addressKey(field.value) || null;
  if (key === 'matricula_numero' || key === 'inscricao_imobiliaria' || key === 'cep') {
    const d = digitsOnly(String(field.normalized ?? field.value));
    return d ? (key === 'matricula_numero' ? d.replace(/^0+(?=\d)/, '') : d) : null;
  }
  if (typeof field.normalized === 'number') return Math.round(field.normalized * 100) / 100;
  if (key === 'cidade' || key === 'uf' || key === 'cartorio') return fold(String(field.normalized ?? field.value)).replace(/[^a-z0-9]+/g, ' ').trim();
  return field.normalized ?? fold(field.value);
}

/**
 * Two addresses are the same place when the numbers agree and the street's words mostly do: a
 * city form may cut a long name or spell 'AV ENG.' where the deed writes 'Avenida Engenheiro'.
 */
function sameAddress(a: string, b: string): boolean {
  const parts = (s: string) => {
    const words = s.split(' ');
    const number = /^\d+$/.test(words.at(-1) ?? '') ? words.pop()! : '';
    return { number, words: words.filter((w) => w.length > 1) };
  };
  const x = parts(a);
  const y = parts(b);
  if (x.number !== y.number) return false;
  // One slip in a long word ('Eandeirantes') is a scan's, not another street.
  const close = (w: string, v: string) => w === v || (w.length >= 5 && v.length >= 5 && oneEditApart(w, v));
  const shared = x.words.filter((w) => y.words.some((v) => close(w, v))).length;
  return shared >= Math.ceil(Math.min(x.words.length, y.words.length) * 0.75);
}

function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export function sameValue(a: string | number | null, b: string | number | null, key?: DossierFactKey): boolean {
  if (a === null || b === null) return true;
  if (key === 'endereco' && typeof a === 'string' && typeof b === 'string') return sameAddress(a, b);
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= Math.max(0.011, Math.abs(a) * 1e-6);
  return String(a) === String(b);
}

const FACT_LABELS: Partial<Record<DossierFactKey, string[]>> = {
  valor_transacao: ['preco', 'valor'],
  valor_itbi: ['imposto', 'itbi'],
  valor_itbi_pago: ['valor', 'pago'],
  inscricao_imobiliaria: ['contribuinte', 'inscricao', 'sql'],
};

/**
 * A deed's or contract's 'área construída de 256,93 m²' (a house): the registry's type list keeps
 * no built area for contracts, so the key fields do not carry it; the dossier reads it here.
 */
function contractBuiltArea(doc: Doc): Field[] {
  if (!doc.type || !CONTRACTS.includes(doc.type) || doc.source.keyFields.some((f) => f.key === 'area_construida_m2')) return [];
  for (const page of doc.source.pages) {
    const m = /\barea construida de\s+(\d{1,3}(?:\.\d{3})*,\d{2}|\d+,\d{1,2})\s*m/.exec(doc.folded.get(page.number) ?? '');
    const value = m ? parseFlexibleNumber(m[1]!) : null;
    if (m && value !== null) return [{ key: 'area_construida_m2', label: 'Área construída', value: `${m[1]} m²`, normalized: value, page: page.number, confidence: 80 }];
  }
  return [];
}

/** What a party's address follows on a form: the addressee of a carnê, a sender, a payer. */
const PARTY_ADDRESS = /\b(?:destinatari[oa]|remetente|correspondencia|endereco de entrega|entrega|sacado|pagador|contribuinte:|proprietari[oa]:|resident|domiciliad|com sede)\b[^\n]{0,60}(?:\n[ \t]*){0,2}$/;

/**
 * A source that cannot be the fact: an address printed under a carnê's addressee (the owner's
 * home), an 'inscription' that is a certificate's number ('366848/2025-75').
 */
function notTheProperty(key: DossierFactKey, doc: Doc, field: Field): boolean {
  if (key === 'inscricao_imobiliaria') return /\/(?:19|20)\d{2}\b/.test(field.value);
  if (key !== 'endereco' && key !== 'cep') return false;
  const page = doc.source.pages.find((p) => p.number === field.page);
  const folded = doc.folded.get(field.page);
  if (!page || !folded) return false;
  const at = folded.indexOf(fold(field.value).slice(0, 24));
  if (at <= 0) return false;
  if (PARTY_ADDRESS.test(folded.slice(Math.max(0, at - 90), at))) return true;
  // A CEP at the end of the addressee's street line: the line before says whose it is.
  const lines = folded.slice(0, at).split('\n').filter((l) => l.trim()).slice(-2);
  return key === 'cep' && lines.length === 2 && /\b(?:destinatari[oa]|remetente|correspondencia|entrega|sacado|pagador)\b/.test(lines[0]!);
}

/** A São Paulo SQL whose check digit fails is a misread of the inscription, not another one. */
function misreadSql(key: DossierFactKey, field: Field): boolean {
  if (key !== 'inscricao_imobiliaria') return false;
  const digits = digitsOnly(String(field.normalized ?? field.value));
  return digits.length === 11 && /^\d{3}\.\d{3}\.\d{4}-\d$/.test(field.value.trim()) && !isValidSql(digits);
}

/**
 * The ITBI of a sale of a flat with its parking space (two matrículas, two inscriptions) comes in
 * two guides and two receipts: the sale's tax is their sum. One value per property (its
 * inscription, else its figure), so a guide and the declaration of the same unit are not added twice.
 */
const SUMMED = {
  valor_itbi: ['itbi_guia', 'itbi_declaracao'],
  base_calculo_itbi: ['itbi_guia', 'itbi_declaracao'],
  valor_itbi_pago: ['itbi_comprovante'],
} as const satisfies Partial<Record<DossierFactKey, readonly DocumentTypeId[]>>;

function sumPerProperty(key: keyof typeof SUMMED, list: readonly { doc: Doc; field: Field }[]): { sum: number; parts: number } | null {
  const byInscription = new Map<string, number>();
  const byValue = new Map<number, number>();
  for (const { doc, field } of list) {
    if (!doc.type || !(SUMMED[key] as readonly string[]).includes(doc.type) || typeof field.normalized !== 'number') continue;
    const inscription = fieldOf(doc, 'inscricao_imobiliaria');
    const id = inscription ? digitsOnly(String(inscription.normalized ?? inscription.value)) : '';
    if (id) {
      if (!byInscription.has(id)) byInscription.set(id, field.normalized);
    } else if (!byValue.has(field.normalized)) byValue.set(field.normalized, field.normalized);
  }
  const values = [...byInscription.values(), ...[...byValue.values()].filter((v) => ![...byInscription.values()].includes(v))];
  if (values.length < 2) return null;
  return { sum: Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100, parts: values.length };
}

/** `corrected`: a document's fields read again by the dossier (a matrícula's own number), by document id. */
export function consolidateFacts(docs: readonly Doc[], corrected: ReadonlyMap<string, Field[]> = new Map()): DossierFact[] {
  const sources = new Map<DossierFactKey, { doc: Doc; field: Field; rank: number }[]>();
  for (const doc of docs) {
    const fixes = corrected.get(doc.source.id) ?? [];
    const fields = doc.source.keyFields.filter((f) => !fixes.some((x) => x.key === f.key));
    for (const field of [...fields, ...fixes, ...contractBuiltArea(doc)]) {
      const key = factKeyOf(doc.type, field.key);
      if (!key || notTheProperty(key, doc, field)) continue;
      const order = AUTHORITY[key];
      // Who the property is comes only from papers about it: a marriage certificate's 'matrícula',
      // a letter's or a costs sheet's address are someone else's.
      if (IDENTITY_KEYS.has(key) && !(doc.type && order.includes(doc.type))) continue;
      const rank = doc.type && order.includes(doc.type) ? order.indexOf(doc.type) : order.length;
      const list = sources.get(key) ?? [];
      list.push({ doc, field, rank });
      sources.set(key, list);
    }
  }
  const facts: DossierFact[] = [];
  for (const key of Object.keys(DOSSIER_FACTS) as DossierFactKey[]) {
    const list = sources.get(key);
    if (!list || list.length === 0) continue;
    list.sort((a, b) => a.rank - b.rank || b.field.confidence - a.field.confidence);
    // 'Registro de Imóveis de São Paulo' read where a line break cut '4º Oficial de': the fuller name wins.
    if (key === 'cartorio') {
      const first = String(comparable(key, list[0]!.field));
      const fuller = list.find((s) => String(comparable(key, s.field)).endsWith(first) && s.field.value.length > list[0]!.field.value.length);
      if (fuller) list.unshift(...list.splice(list.indexOf(fuller), 1));
    }
    // An address: the spelling most documents share, so one scan's slip does not become the fact.
    if (key === 'endereco' && list.length > 2) {
      const count = (k: string) => list.filter((x) => addressKey(x.field.value) === k).length;
      const best = [...list].sort((a, b) => count(addressKey(b.field.value)) - count(addressKey(a.field.value)) || a.rank - b.rank)[0]!;
      const sameSpelling = list.find((x) => x.rank === Math.min(...list.filter((y) => addressKey(y.field.value) === addressKey(best.field.value)).map((y) => y.rank)) && addressKey(x.field.value) === addressKey(best.field.value))!;
      if (count(addressKey(best.field.value)) > count(addressKey(list[0]!.field.value))) list.unshift(...list.splice(list.indexOf(sameSpelling), 1));
    }
    const total = key in SUMMED ? sumPerProperty(key as keyof typeof SUMMED, list) : null;
    if (total) {
      facts.push({
        key,
        label: DOSSIER_FACTS[key],
        value: `${brMoney(total.sum)} (soma de ${total.parts} guias: unidade e vaga, ou imóveis da mesma venda)`,
        normalized: total.sum,
        sources: list.map((s) => ({ value: s.field.value, normalized: s.field.normalized, citation: citeField(s.doc, s.field, FACT_LABELS[key] ?? []) })),
        conflict: false,
      });
      continue;
    }
    const chosen = list[0]!;
    const base = comparable(key, chosen.field);
    // An inscription read in part ('791.034' of '69.70.777.7911.034') is unreadable, not another property's.
    const partial = (f: Field) => key === 'inscricao_imobiliaria' && typeof base === 'string' && String(comparable(key, f) ?? '').length !== base.length;
    const conflict = list.some((s) => !misreadSql(key, s.field) && !partial(s.field) && !sameValue(base, comparable(key, s.field), key) && !(key === 'cartorio' && String(base).endsWith(String(comparable(key, s.field)))));
    facts.push({
      key,
      label: DOSSIER_FACTS[key],
      value: chosen.field.value,
      normalized: chosen.field.normalized,
      sources: list.map((s) => ({ value: s.field.value, normalized: s.field.normalized, citation: citeField(s.doc, s.field, FACT_LABELS[key] ?? []) })),
      conflict,
    });
  }
  return facts;
}
