import { canonicalDocumentType, type DocumentTypeId } from '@viabiliza/contracts/document-types';
import type { Citation, DossierDocument } from '@viabiliza/contracts/dossier';
import { foldText } from '../acts.ts';
import { fold } from '../key-fields.ts';

/** Pieces every part of the dossier shares: the documents' types, fields, dates and citations. */

export type Field = DossierDocument['keyFields'][number];

export interface Doc {
  source: DossierDocument;
  type: DocumentTypeId | null;
  /** Page texts folded (lower case, no accents, same offsets), each the first time it is asked for. */
  folded: FoldedPages;
}

/** Folded pages on demand: a 200-page statement nobody reads is never folded. */
export class FoldedPages {
  private readonly cache = new Map<number, string>();
  constructor(private readonly pages: DossierDocument['pages']) {}

  get(page: number): string | undefined {
    let folded = this.cache.get(page);
    if (folded === undefined) {
      const text = this.pages.find((p) => p.number === page)?.text;
      if (text === undefined) return undefined;
      folded = foldText(text);
      this.cache.set(page, folded);
    }
    return folded;
  }

  *values(): IterableIterator<string> {
    for (const p of this.pages) yield this.get(p.number)!;
  }
}

export function prepare(documents: readonly DossierDocument[]): Doc[] {
  return documents.map((source) => ({ source, type: canonicalDocumentType(source.documentType), folded: new FoldedPages(source.pages) }));
}

export const fieldsOf = (doc: Doc, key: string): Field[] => doc.source.keyFields.filter((f) => f.key === key);
export const fieldOf = (doc: Doc, key: string): Field | null => fieldsOf(doc, key).sort((a, b) => b.confidence - a.confidence)[0] ?? null;

export function pageText(doc: Doc, page: number): string {
  return doc.source.pages.find((p) => p.number === page)?.text ?? doc.source.pages[0]?.text ?? '';
}

export function foldedPage(doc: Doc, page: number): string {
  return doc.folded.get(page) ?? foldText(pageText(doc, page));
}

/** A citation of text found on a page (a substring of it, ≤ 240 characters). */
export function citeAt(doc: Doc, page: number, start: number, end: number): Citation {
  const text = pageText(doc, page);
  const realPage = doc.source.pages.some((p) => p.number === page) ? page : (doc.source.pages[0]?.number ?? 1);
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length, from + 240));
  let quote = text.slice(from, to).trim();
  if (!quote) quote = text.slice(0, 120).trim();
  return { documentId: doc.source.id, fileName: doc.source.fileName, page: realPage, quote };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const moneyText = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Where a key field's value is printed on its page: the value as found, else its figure in the
 * usual spellings, else a window around a label of the field; the quote is always a substring of
 * the page's text.
 */
export function citeField(doc: Doc, field: Field, labels: readonly string[] = []): Citation {
  const text = pageText(doc, field.page);
  const folded = foldedPage(doc, field.page);
  const tries: string[] = [];
  const value = field.value.trim();
  tries.push(value);
  tries.push(value.replace(/^R\$\s*/i, ''));
  tries.push(value.replace(/(?<!\s)\s*m²$/, ''));
  tries.push(value.replace(/%$/, '').trim());
  if (typeof field.normalized === 'number') {
    tries.push(moneyText(field.normalized));
    tries.push(String(field.normalized).replace('.', ','));
  }
  if (typeof field.normalized === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(field.normalized)) {
    const [y, m, d] = field.normalized.split('-');
    tries.push(`${d}/${m}/${y}`);
  }
  for (const t of tries) {
    if (t.length < 2) continue;
    // Spaces may differ (a line break inside the value).
    // Whole tokens only: 'SP' is not the one inside 'DAMSP', '3,00' not the end of '13,00'.
    const pattern = new RegExp(`(?<![\\p{L}\\d])${escapeRegex(t).replace(/\s+/g, '\\s+')}(?![\\p{L}\\d])`, 'iu');
    const m = pattern.exec(text);
    if (m) {
      // A short window: the label before the value helps the reader find it.
      const lineStart = Math.max(text.lastIndexOf('\n', m.index) + 1, m.index - 60);
      return citeAt(doc, field.page, lineStart, m.index + m[0].length);
    }
  }
  for (const label of labels) {
    const at = folded.indexOf(label);
    if (at >= 0) return citeAt(doc, field.page, at, Math.min(text.length, at + 100));
  }
  const line = text.indexOf('\n');
  return citeAt(doc, field.page, 0, line > 0 ? Math.min(line, 160) : 160);
}

// ---------------------------------------------------------------------------------------------
// Dates

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const isIsoDate = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);

/** '2025-03-12' → '12/03/2025'. */
export function brDate(iso: string | null): string {
  if (!iso) return '—';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export const brMoney = (n: number) => `R$ ${moneyText(n)}`;
export const brNumber = (n: number, digits = 2) => n.toLocaleString('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: digits });

export const digitsOnly = (s: string) => s.replace(/\D/g, '');

/** Upper-case words of a name in title case for display ('JOSÉ DA SILVA' stays as printed). */
export { fold };
