import { describe, expect, it } from 'vitest';
import { countLetters, normalizeText, rejoinHyphens } from './normalize.ts';

describe('normalizeText', () => {
  it('composes accents (NFC), collapses spaces and blank lines, trims', () => {
    const decomposed = 'Matri\u0301cula  n\u00ba\u00a01.234 \r\n\r\n\r\n\r\n  Sa\u0303o Paulo  ';
    expect(normalizeText(decomposed)).toBe('Matrícula nº 1.234\n\nSão Paulo');
  });

  it("writes m² for OCR's m? and the m2 of text layers, after a number only", () => {
    expect(normalizeText('área de 85,50 m? e 120m2, total 3 m².')).toBe('área de 85,50 m² e 120m², total 3 m².');
    expect(normalizeText('Qual o tamanho em m? A sala m2b')).toBe('Qual o tamanho em m? A sala m2b');
    expect(normalizeText('lote 12 m25')).toBe('lote 12 m25');
  });

  it('keeps tabs (spreadsheet cells) and drops control characters', () => {
    expect(normalizeText('\tA\tB\u0007\fC\u00ad')).toBe('A\tBC');
    expect(normalizeText('x\n\tvazio\tsim')).toBe('x\n\tvazio\tsim');
  });
});

describe('rejoinHyphens', () => {
  it('joins a word split at the end of a line', () => {
    expect(rejoinHyphens('foi alie-\nnado fiduciariamente')).toBe('foi alienado fiduciariamente');
  });

  it('keeps the hyphen of a compound split at its hyphen (Portuguese repeats it)', () => {
    expect(rejoinHyphens('averbação do habite-\n-se nº 1')).toBe('averbação do habite-se nº 1');
  });

  it('leaves hyphens before capitals and digits alone', () => {
    expect(rejoinHyphens('Ficha 01 -\nLivro 2\nCEP 12246-\n000')).toBe('Ficha 01 -\nLivro 2\nCEP 12246-\n000');
    expect(rejoinHyphens('R.2 - ALIEN-\nAÇÃO')).toBe('R.2 - ALIEN-\nAÇÃO');
  });
});

describe('countLetters', () => {
  it('counts letters of any script, not digits or marks', () => {
    expect(countLetters('Ação 123 — ü!')).toBe(5);
    expect(countLetters('𝐀𝐁 1')).toBe(2);
  });
});
