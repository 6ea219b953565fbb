/**
 * How the benchmark judges a predicted field against the truth: numbers within 0.5 % (or 0.01),
 * codes by their digits, dates as ISO, city/UF/result folded, the address by its street-name
 * words and number, the registry office by its ordinal and most of its words.
 */
import type { FieldKey, LienType } from '@viabiliza/contracts/document-types';
import type { TruthField, TruthLien } from './truth.ts';

/** The shape of a field from extractKeyFields, old or new (the `lien` object comes with the rewrite). */
export interface PredictedField {
  key: string;
  value: string;
  normalized?: number | string | null;
  page: number;
  lien?: { type: LienType | string; act: string | null; active: boolean; cancelledBy: string | null };
}

const NUMERIC = new Set<FieldKey>([
  'area_privativa_m2', 'area_total_m2', 'area_terreno_m2', 'area_construida_m2', 'fracao_ideal', 'valor_transacao', 'valor_venal',
  'valor_venal_referencia', 'base_calculo_itbi', 'aliquota', 'valor_imposto', 'valor_pago', 'valor',
]);
const CODES = new Set<FieldKey>(['matricula_numero', 'inscricao_imobiliaria', 'cep', 'cnm', 'cpf', 'cnpj']);
const DATES = new Set<FieldKey>(['data_pagamento', 'data_vencimento', 'data_emissao', 'validade', 'data']);
const FOLDED = new Set<FieldKey>(['cidade', 'uf', 'resultado_certidao']);

export const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
const digitsOnly = (s: string) => s.replace(/\D/g, '');

/** '1.234,56' → 1234.56; '46.511' (thousands) → 46511; '3,00%' → 3. */
export function parseNumber(text: string): number | null {
  const m = /-?\d[\d.,]*/.exec(text);
  if (!m) return null;
  let s = m[0].replace(/[.,]$/, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function isoOf(f: PredictedField): string | null {
  if (typeof f.normalized === 'string' && /^\d{4}-\d{2}-\d{2}/.test(f.normalized)) return f.normalized.slice(0, 10);
  const m = /(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(f.value);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(f.value);
  return iso ? iso[0] : null;
}

const STREET_KINDS = new Set(['rua', 'r', 'avenida', 'av', 'alameda', 'al', 'travessa', 'praca', 'estrada']);
const STOP = new Set(['de', 'da', 'das', 'do', 'dos', 'e']);
const words = (s: string) => fold(s).replace(/[^a-z0-9 ]/g, ' ').split(' ').filter((w) => w && !STOP.has(w));

function addressMatches(truth: string, predicted: string): boolean {
  const [street, number] = truth.split(/,\s*/);
  const want = words(street ?? '').filter((w) => !STREET_KINDS.has(w));
  const got = new Set(words(predicted));
  const num = (number ?? '').trim();
  const predictedNumbers: string[] = predicted.match(/\d+/g) ?? [];
  return want.every((w) => got.has(w)) && predictedNumbers.includes(num);
}

function officeMatches(truth: string, predicted: string): boolean {
  const ordinal = (s: string) => /(?<!\d)(\d+)\s*[º°o]/.exec(s)?.[1] ?? null;
  if (ordinal(truth) !== ordinal(predicted)) return false;
  const want = words(truth).filter((w) => !/^\d/.test(w));
  const got = new Set(words(predicted));
  return want.filter((w) => got.has(w)).length >= Math.ceil(want.length * 0.75);
}

export function fieldMatches(truth: TruthField, predicted: PredictedField): boolean {
  const key = truth.key;
  if (NUMERIC.has(key)) {
    const value = typeof predicted.normalized === 'number' ? predicted.normalized : parseNumber(predicted.value);
    const want = Number(truth.value);
    return value !== null && Math.abs(value - want) <= Math.max(0.01, Math.abs(want) * 0.005);
  }
  if (CODES.has(key)) {
    const got = digitsOnly(typeof predicted.normalized === 'string' ? predicted.normalized : predicted.value);
    return got.length > 0 && got === digitsOnly(String(truth.value));
  }
  if (DATES.has(key)) return isoOf(predicted) === truth.value;
  if (FOLDED.has(key)) return fold(String(predicted.normalized ?? predicted.value)) === fold(String(truth.value));
  if (key === 'endereco') return addressMatches(String(truth.value), predicted.value);
  if (key === 'cartorio') return officeMatches(String(truth.value), predicted.value);
  return fold(predicted.value) === fold(String(truth.value));
}

export interface LienVerdict {
  falseActive: { type: string; act: string | null; value: string }[];
  missedActive: TruthLien[];
}

/**
 * A predicted active lien is false unless the document has an active lien of that type (of any
 * type, when the prediction says none); each true active lien needs one prediction of its type.
 */
export function judgeLiens(truth: TruthLien[], predicted: PredictedField[]): LienVerdict {
  const active = truth.filter((l) => l.active);
  const claims = predicted
    .filter((f) => f.key === 'onus')
    .map((f) => ({ type: f.lien?.type ?? null, act: f.lien?.act ?? null, active: f.lien ? f.lien.active : true, value: f.value }))
    .filter((c) => c.active);
  const falseActive = claims
    .filter((c) => (c.type ? !active.some((l) => l.type === c.type) : active.length === 0))
    .map((c) => ({ type: c.type ?? 'desconhecido', act: c.act, value: c.value }));
  const untyped = claims.filter((c) => !c.type).length;
  let spare = untyped;
  const missedActive = active.filter((l) => {
    if (claims.some((c) => c.type === l.type)) return false;
    if (spare > 0) {
      spare -= 1;
      return false;
    }
    return true;
  });
  return { falseActive, missedActive };
}
