import type { FigureSource } from '@viabiliza/contracts/analysis-result';
import type { Citation, Dossier, DossierFact, DossierFactKey } from '@viabiliza/contracts/dossier';
import { parseBrNumber } from '@viabiliza/contracts/questionnaire';
import { fold } from './reference-data.ts';

/**
 * Reading the dossier's consolidated facts (issue 16) as the engine's inputs: each value with the
 * document and page its first (most authoritative) source was read on.
 */

/** A dossier citation as a figure's source: the document and page, with what was read there. */
export function citationSource(c: Citation, label: string): FigureSource {
  return { kind: 'document', documentId: c.documentId, fileName: c.fileName, page: c.page, label };
}

export function dossierFact(d: Dossier | null | undefined, key: DossierFactKey): DossierFact | null {
  return d?.facts.find((f) => f.key === key) ?? null;
}

/** A positive number the dossier holds for `key`, with its source. */
export function dossierNumber(d: Dossier | null | undefined, key: DossierFactKey): { value: number; source: FigureSource; text: string } | null {
  const fact = dossierFact(d, key);
  const first = fact?.sources[0];
  if (!fact || !first) return null;
  const value = typeof fact.normalized === 'number' ? fact.normalized : parseBrNumber(fact.value.replace(/^R\$\s*/i, '').replace(/(?<!\s)\s*(?:m²|m2)$/i, ''));
  if (value === null || !Number.isFinite(value) || value <= 0) return null;
  return { value, source: citationSource(first.citation, fact.label), text: fact.value };
}

/** A text the dossier holds for `key` (city, UF, address), with its source. */
export function dossierText(d: Dossier | null | undefined, key: DossierFactKey): { value: string; printed: string; source: FigureSource } | null {
  const fact = dossierFact(d, key);
  const first = fact?.sources[0];
  if (!fact || !first) return null;
  const value = (typeof fact.normalized === 'string' && fact.normalized.trim() ? fact.normalized : fact.value).trim();
  return value ? { value, printed: fact.value, source: citationSource(first.citation, fact.label) } : null;
}

// ------------------------------------------------------------------------------------------------
// Addresses

const ADDRESS_WORDS: Record<string, string> = { r: 'rua', av: 'avenida', al: 'alameda', tv: 'travessa', rod: 'rodovia', est: 'estrada', pca: 'praca' };
const ADDRESS_STOP = new Set([
  'rua', 'avenida', 'alameda', 'travessa', 'rodovia', 'estrada', 'praca', 'largo', 'viela', 'de', 'da', 'do', 'das', 'dos', 'e',
  'n', 'no', 'nr', 'numero', 'apto', 'ap', 'apartamento', 'bloco', 'bl', 'casa', 'lote', 'quadra', 'sala', 'andar', 'conjunto',
  'edificio', 'ed', 'bairro', 'cep', 'sp', 'sao', 'paulo', 'cidade', 'municipio', 'estado', 'km',
]);

function addressParts(address: string): { words: Set<string>; number: string | null } {
  const s = fold(address)
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

