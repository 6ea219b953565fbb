import { dossier as dossierSchema, type Citation, type Dossier, type DossierFactKey, type DossierLien } from '@viabiliza/contracts/dossier';

/**
 * The analysis result's due-diligence dossier (issue 16), read defensively: results made before it
 * have none, and one that does not match the contract is not shown rather than shown wrong.
 */
export function readDossier(result: unknown): Dossier | null {
  if (!result || typeof result !== 'object') return null;
  const parsed = dossierSchema.safeParse((result as { dossier?: unknown }).dossier);
  return parsed.success ? parsed.data : null;
}

/** A dossier that read at least one document: anything less gets the empty state. */
export function hasDossierContent(d: Dossier | null | undefined): d is Dossier {
  return !!d && d.documentIds.length > 0;
}

export function citationLabel(c: Pick<Citation, 'fileName' | 'page'>): string {
  return `${c.fileName}, p. ${c.page}`;
}

/** '46511' → '46.511', as the registry prints it. */
export function formatMatricula(digits: string): string {
  if (!/^\d+$/.test(digits)) return digits;
  // A dot before each group of three from the right; a loop, as the lookahead /\B(?=(\d{3})+(?!\d))/
  // rescanned every remaining digit from each position (quadratic on a long number).
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? '.' : '') + digits[i];
  return out;
}

/** 0.5 → '50%'; 1/3 → '33,33%'; null → 'não informada'. */
export function formatOwnerFraction(f: number | null): string {
  if (f === null) return 'não informada';
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(f * 100)}%`;
}

export function lienStatusLabel(l: Pick<DossierLien, 'status' | 'cancelledBy'>): string {
  if (l.status === 'ativo') return 'Ativo';
  return l.cancelledBy ? `Cancelado pela ${l.cancelledBy}` : 'Cancelado';
}

/** The ITBI facts, in the order a reader checks them: base, rate, due, paid, when. */
export const ITBI_FACT_KEYS: readonly DossierFactKey[] = ['base_calculo_itbi', 'aliquota_itbi', 'valor_itbi', 'valor_itbi_pago', 'data_pagamento_itbi'];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where `quote` sits in `text`, tolerant of how the text was stored: any run of whitespace (line
 * breaks, double spaces, a tab) matches any other, and case is ignored when the exact case is not
 * found. Null when the phrase is not on the page.
 */
export function findQuote(text: string, quote: string): { start: number; end: number } | null {
  const words = quote.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const pattern = words.map(escapeRegExp).join('\\s+');
  for (const flags of ['u', 'iu']) {
    const m = new RegExp(pattern, flags).exec(text);
    if (m) return { start: m.index, end: m.index + m[0].length };
  }
  return null;
}
