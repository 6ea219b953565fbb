import type { DocumentTypeId, FieldKey, LienType } from '@viabiliza/contracts/document-types';

/**
 * What a generated document really holds, written beside it by the corpus generator and read by
 * `npm run bench:documents`. Values are normalised: money, areas and rates as numbers (R$, m², %),
 * codes (matrícula, inscrição, CEP, CNM, CPF) as digits only, dates as ISO yyyy-mm-dd, `uf` as two
 * capitals, `cidade` as written ('São Paulo'), `endereco` as 'Rua X, 123' (street with its kind and
 * number, no unit), `resultado_certidao` as 'negativa' | 'positiva' | 'positiva com efeitos de negativa'.
 */
export interface TruthField {
  key: FieldKey;
  value: string | number;
  /** 1-based page where the value is printed (the first one if it repeats). */
  page: number;
}

export interface TruthLien {
  type: LienType;
  /** 'R.2', 'AV.5' for a registry act; null for an explicit statement outside numbered acts. */
  act: string | null;
  active: boolean;
  /** The act that cancels it ('AV.5'), when cancelled. */
  cancelledBy?: string | null;
}

export interface TruthPage {
  number: number;
  /** The page's content is only in a raster image (scan, photo): OCR is needed to read it. */
  needsOcr: boolean;
  /** Nothing but a stamp like 'EM BRANCO' or nothing at all. */
  blank: boolean;
  /** Clockwise rotation of the content as drawn (a sideways photo: 90 or 270). */
  rotation?: 0 | 90 | 180 | 270;
}

export interface DocumentTruth {
  /** File name inside the corpus directory (what the clerk typed, not the type). */
  file: string;
  type: DocumentTypeId;
  pages: TruthPage[];
  fields: TruthField[];
  /** Every lien or restriction the document really records, active or cancelled. */
  liens: TruthLien[];
  /** The traps of DOCUMENTS.md this document exercises, e.g. 'stamp-only-text-layer', 'eof-html-tail'. */
  traps: string[];
}
