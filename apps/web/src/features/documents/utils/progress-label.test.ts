import { describe, expect, it } from 'vitest';

import { etaLabel, pageLabel, retryLabel } from './progress-label';

const processing = { status: 'processing' as const, pageCount: 6, pagesDone: 2, progressPhase: null, progressPage: null, etaSeconds: null };

describe('progress labels', () => {
  it('names the page in OCR, else the pages read', () => {
    expect(pageLabel({ ...processing, progressPhase: 'ocr', progressPage: 3 })).toBe('Página 3 de 6 (OCR)');
    expect(pageLabel({ ...processing, progressPhase: 'text' })).toBe('Página 2 de 6');
    expect(pageLabel({ ...processing, pagesDone: 0 })).toBeNull();
    expect(pageLabel({ ...processing, status: 'uploaded' })).toBeNull();
    expect(pageLabel({ ...processing, pageCount: null })).toBeNull();
  });

  it('gives the time left from the measured pace, in seconds then minutes', () => {
    expect(etaLabel({ status: 'processing', etaSeconds: 12 })).toBe('~12 s restantes');
    expect(etaLabel({ status: 'processing', etaSeconds: 0 })).toBe('~1 s restantes');
    expect(etaLabel({ status: 'processing', etaSeconds: 200 })).toBe('~3 min restantes');
    expect(etaLabel({ status: 'processing', etaSeconds: null })).toBeNull();
    expect(etaLabel({ status: 'completed', etaSeconds: 5 })).toBeNull();
  });

  it('says a file between two attempts waits for its next one, and why the last failed', () => {
    expect(retryLabel({ status: 'uploaded', attempts: 1, errorMessage: 'Tentativa 1 falhou: Timeout: Arquivo muito grande ou complexo' })).toBe(
      'Nova tentativa em instantes (2ª de 3) · Tentativa 1 falhou: Timeout: Arquivo muito grande ou complexo',
    );
    expect(retryLabel({ status: 'uploaded', attempts: 0, errorMessage: null })).toBeNull();
    expect(retryLabel({ status: 'processing', attempts: 1, errorMessage: null })).toBeNull();
    expect(retryLabel({ status: 'error', attempts: 3, errorMessage: 'Erro após 3 tentativas: x' })).toBeNull();
  });
});
