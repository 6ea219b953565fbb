import type { DocumentTypeId, FieldKey, LienType } from '@viabiliza/contracts/document-types';
import type { CertidaoItem, CheckId, DossierFactKey } from '@viabiliza/contracts/dossier';

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

/**
 * What a sale folder really says as a whole (`dossier.truth.json`, issue 16), from the generator's
 * sale and the acts it prints, never from the reader. Names as the sale holds them (compare
 * without case and accents); codes as digits; money, areas and rates as numbers; dates ISO.
 *
 * Rules the truth follows (the dossier builder is judged by them):
 * - owners: the acquirers of the last transfer act (compra e venda, doação, partilha, consolidação
 *   da propriedade fiduciária…); `fraction` only when the act prints it, else null.
 * - liens: every lien any act constitutes, 'cancelado' with the act that cancels it (a consolidação
 *   ends the alienação fiduciária it consolidates); `beneficiary` only when the act names one.
 * - certidões on `asOf`: valid through `issued + days` (the registry's rule in document-types.ts:
 *   the printed validity when printed, else the fallback). One entry per matrícula certificate
 *   (person null); CNDT and CND federal one per seller ('ausente' when the folder lacks it); one per
 *   distribuidor/protesto certificate with the person it names ('ausente', person null, when none);
 *   CND municipal once; condomínio once for a unit in a condominium (not for a house).
 * - checks: 'certidoes' is 'atencao' when any certidão is 'vencida' or 'ausente'; 'onus' is 'falha'
 *   with an active lien that blocks a sale (LIEN_SEVERITY 'bloqueia'), 'atencao' with one that
 *   conditions it, else 'ok'; 'itbi_pago' is 'atencao' without a payment receipt in the folder;
 *   'vendedores_proprietarios' is 'falha' when the deed's or contract's sellers are not the
 *   current owners of the main matrícula; the others are 'ok' (the folder's documents agree).
 *   A check is 'sem_dados' when the folder lacks one side of it: no matrícula certificate of the
 *   main property (matrícula × contract, sellers × owners, ônus), no contract, no area on the
 *   registry side (matrícula, deed, contract) or on the city's (IPTU), no inscription, address,
 *   ITBI base or tax printed anywhere.
 */
export interface DossierTruthLien {
  type: LienType;
  /** 'R.2', 'AV.4'. */
  act: string;
  status: 'ativo' | 'cancelado';
  cancelledBy: string | null;
  beneficiary: string | null;
}

export interface DossierTruthMatricula {
  /** Digits only. */
  number: string;
  /** The file the certificate is in. */
  file: string;
  owners: { name: string; fraction: number | null }[];
  /** Labels of the transfer acts, in order ('R.1', 'AV.4', 'R.5'). */
  chain: string[];
  liens: DossierTruthLien[];
}

export interface DossierTruthCertidao {
  item: CertidaoItem;
  person: string | null;
  status: 'valida' | 'vencida' | 'ausente';
  /** The file it was judged on; null when absent. */
  file: string | null;
  issuedOn: string | null;
  validUntil: string | null;
}

export interface DossierTruth {
  /** The sale folder ('venda-03'). */
  folder: string;
  /** The analysis date: the sale's `dates.today`. */
  asOf: string;
  /** The main property's matrícula first. */
  matriculas: DossierTruthMatricula[];
  /** The DOSSIER_FACTS the folder's documents state, with the true value. */
  facts: Partial<Record<DossierFactKey, string | number>>;
  sellers: string[];
  buyers: string[];
  certidoes: DossierTruthCertidao[];
  checks: Record<CheckId, 'ok' | 'atencao' | 'falha' | 'sem_dados'>;
  /** The dossier traps this folder exercises ('fiduciaria-consolidada', 'certidao-vencida', …). */
  traps: string[];
}
