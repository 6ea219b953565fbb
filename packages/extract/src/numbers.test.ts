import { describe, expect, it } from 'vitest';
import { fixDigitLookalikes, formatSql, isValidSql, parseFlexibleNumber, sqlCheckDigit } from './numbers.ts';

describe('numbers as OCR reads them', () => {
  it.each([
    ['46.511', 46511],
    ['46,511', 46511],
    ['1.234.567,89', 1234567.89],
    ['1.234.567.89', 1234567.89],
    ['1,234,567,89', 1234567.89],
    ['85,5', 85.5],
    ['85.50', 85.5],
    ['0,0125', 0.0125],
    ['l.234,5O', 1234.5],
    ['480.OOO,OO', 480000],
  ])('%s → %d', (raw, value) => {
    expect(parseFlexibleNumber(raw)).toBe(value);
  });

  it('leaves words alone', () => {
    expect(fixDigitLookalikes('SOLO')).toBe('SOLO');
    expect(parseFlexibleNumber('abc')).toBeNull();
  });
});

describe('São Paulo SQL check digit', () => {
  it('checks the example of DOCUMENTS.md and refuses a misread digit', () => {
    expect(isValidSql('039.080.0244-3')).toBe(true);
    expect(isValidSql('039.080.0244-8')).toBe(false);
    expect(isValidSql('039.080.0214-3')).toBe(false);
    expect(sqlCheckDigit('0390800244')).toBe(3);
    expect(formatSql('03908002443')).toBe('039.080.0244-3');
  });
});

describe('numbers written in words', () => {
  it('reads the days and years deeds write out', async () => {
    const { parseNumberWords } = await import('./numbers.ts');
    expect(parseNumberWords('dezesseis')).toBe(16);
    expect(parseNumberWords('trinta e um')).toBe(31);
    expect(parseNumberWords('dois mil e vinte e cinco')).toBe(2025);
    expect(parseNumberWords('mil novecentos e oitenta e quatro')).toBe(1984);
    expect(parseNumberWords('vinte e tal')).toBeNull();
  });
});
