import type { DocumentSummary } from '@viabiliza/contracts/documents';

/**
 * What a file being read says about itself (issue 14: progress says the truth): the page in OCR
 * ('Página 3 de 6 (OCR)'), else the pages read, and the time left from the pace the server
 * measured. Null parts are not shown.
 */
export function pageLabel(doc: Pick<DocumentSummary, 'status' | 'pageCount' | 'pagesDone' | 'progressPhase' | 'progressPage'>): string | null {
  if (doc.status !== 'processing' || !doc.pageCount) return null;
  if (doc.progressPhase === 'ocr' && doc.progressPage) return `Página ${doc.progressPage} de ${doc.pageCount} (OCR)`;
  return doc.pagesDone > 0 ? `Página ${doc.pagesDone} de ${doc.pageCount}` : null;
}

/** '~12 s restantes', '~3 min restantes'; null when the server has not measured a page yet. */
export function etaLabel(doc: Pick<DocumentSummary, 'status' | 'etaSeconds'>): string | null {
  if (doc.status !== 'processing' || doc.etaSeconds === null) return null;
  const seconds = Math.max(1, doc.etaSeconds);
  return seconds < 90 ? `~${seconds} s restantes` : `~${Math.round(seconds / 60)} min restantes`;
}

/**
 * Between two attempts of the queue (1 s, then 2 s): the document is waiting for its next try, not
 * for its first. Says which attempt comes and why the last one failed ('Tentativa 1 falhou: …').
 */
export function retryLabel(doc: Pick<DocumentSummary, 'status' | 'attempts' | 'errorMessage'>, attempts = 3): string | null {
  if (doc.status !== 'uploaded' || doc.attempts < 1 || !doc.errorMessage) return null;
  return `Nova tentativa em instantes (${doc.attempts + 1}ª de ${attempts}) · ${doc.errorMessage}`;
}
