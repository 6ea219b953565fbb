/**
 * The truth of the real documents in `../shared/realdocs-dev/` (issue "Documents III", item 1),
 * written by a person reading each file (text layer, page images, OCR) — never by the reader.
 * One JSON file per document in `truth/`, keyed by its path relative to realdocs-dev.
 *
 * Rules (the shared folder's README and DOCUMENTS.md):
 * - only the facts the reader must find; names of people as initials ('J.S.' → 'JS'), companies
 *   and banks by their initials too ('Caixa Econômica Federal' → 'CEF'); taxpayer ids never, only
 *   counted in `notes` when useful;
 * - field values in the generated corpus's format (truth.ts `TruthField`): money, areas, rates as
 *   numbers, codes as digits, dates ISO, `endereco` as 'Rua X, 123';
 * - a fact a person cannot read (handwritten ledger photos) is not guessed: `illegible: true` on
 *   the document (or on `matricula`), and the honest answer is 'ilegível';
 * - liens: only a registry act, or a certificate stating that a lien exists, makes a lien (a deed
 *   that constitutes an alienação fiduciária records none until registered; `notes` says so).
 */
import type { ActType } from '@viabiliza/contracts/dossier';
import type { DocumentTypeId } from '@viabiliza/contracts/document-types';
import type { TruthField, TruthLien } from '../truth.ts';

export interface RealTruthAct {
  /** 'R.1', 'AV.9' (normalised: kind, dot, number without zeros). */
  label: string;
  type: ActType;
  /** ISO date of the act (the registration date), when printed. */
  date: string | null;
  /** Value in R$ when the act prints one. */
  value?: number | null;
  /** Labels of the acts it cancels ('R.7'). */
  cancels?: string[];
}

export interface RealTruthMatricula {
  /** Digits only; null when the number is blacked out or illegible. */
  number: string | null;
  /** The acts a person reads on it, in order; [] when the certificate shows none (a summary certificate). */
  acts: RealTruthAct[];
  /** Current owners by initials ('JS'); null when the document does not tell (illegible, or a summary without owners). */
  owners: { initials: string; fraction?: number | null }[] | null;
  /** Every lien, active or cancelled (TruthLien: act 'R.7', active, cancelledBy 'AV.12'). */
  liens: TruthLien[];
  /** The whole history cannot be read by a person (handwritten ledger photo). */
  illegible?: boolean;
}

export interface RealTruth {
  /** Path relative to realdocs-dev ('Gabrielsb1__axion/STNegativa.pdf'). */
  file: string;
  /** The source repository folder: a 'sale folder' for the dossier. */
  source: string;
  type: DocumentTypeId;
  pages: number;
  /** Pages whose content is only in an image (need OCR). */
  scannedPages: number[];
  /** The document as a whole cannot be read by a person: every fact is 'ilegível'. */
  illegible?: boolean;
  /**
   * Not transcribed yet (handwritten ledger photos left for later): only the type and whether it
   * was read are judged; fields are not scored and liens the dossier reads on it are listed apart.
   */
  pending?: boolean;
  /** Pages with nothing to read (blank, 'EM BRANCO'): not counted as unread. */
  blankPages?: number[];
  /**
   * Fields of the type's registry list a person reads on it (one entry per distinct value).
   * `optional: true`: a right value the reader may fairly report (the parking space's area beside
   * the flat's) but is not owed: it makes a prediction right and does not count in recall.
   */
  fields: (TruthField & { optional?: boolean })[];
  /** Liens stated by this document itself (for the per-document 'onus' fields). */
  liens: TruthLien[];
  /** Registry certificates: the matrícula's acts, owners and liens. */
  matricula?: RealTruthMatricula;
  /** Free text for the next engineer (never names). */
  notes?: string;
}

/** 'R-1-Mat.479', 'AV.09-Mat.479.', 'R.10.Mat.479', 'AV-01=26.396', 'Av.2' → 'R.1', 'AV.9'. */
export function normalActLabel(label: string): string {
  const m = /^\s*(R|AV)(?:\s*[-.,=])?\s*0*(\d+)/i.exec(label);
  return m ? `${m[1]!.toUpperCase()}.${m[2]}` : label.trim().toUpperCase();
}

const STOP = new Set(['de', 'da', 'das', 'do', 'dos', 'e', 'del', 'van', 'von', 'sa', 's/a', 'ltda', 'me', 'epp']);

/** 'João da Silva' → 'JS'; 'Caixa Econômica Federal' → 'CEF'. */
export function initialsOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[\s.,/-]+/)
    .filter((w) => w && /^\p{L}/u.test(w) && !STOP.has(w.toLowerCase()))
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Why a truth file is invalid, or null. */
export function truthProblems(t: RealTruth, fileName: string): string[] {
  const out: string[] = [];
  if (!t.file || typeof t.file !== 'string') out.push(`${fileName}: sem 'file'`);
  if (!t.source || !t.file?.startsWith(`${t.source}/`)) out.push(`${fileName}: 'source' não é a pasta de 'file'`);
  if (!t.type) out.push(`${fileName}: sem 'type'`);
  if (!Array.isArray(t.fields)) out.push(`${fileName}: 'fields' não é lista`);
  if (!Array.isArray(t.liens)) out.push(`${fileName}: 'liens' não é lista`);
  for (const f of t.fields ?? []) if (!f.key || f.value === undefined || !(f.page >= 1)) out.push(`${fileName}: campo inválido ${JSON.stringify(f)}`);
  const m = t.matricula;
  if (m) {
    for (const a of m.acts) if (normalActLabel(a.label) !== a.label) out.push(`${fileName}: rótulo de ato fora do formato 'R.1'/'AV.2': ${a.label}`);
    for (const l of m.liens) if (l.act && !m.acts.some((a) => a.label === l.act) && m.acts.length > 0) out.push(`${fileName}: ônus de ato inexistente ${l.act}`);
    for (const o of m.owners ?? []) if (!/^[A-Z]{1,8}$/.test(o.initials)) out.push(`${fileName}: proprietário deve ir só com iniciais: ${o.initials}`);
  }
  return out;
}
