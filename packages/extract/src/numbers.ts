/**
 * Numbers as scans and OCR print them: '46.511' read as '46,511', 'R$ l.234,5O', '1.234.567.89'.
 * And the check digits that tell a real code from a misread one.
 */

/** Letters OCR puts where a digit was printed, fixed only inside a run that is mostly digits. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', '|': '1', i: '1', S: '5', B: '8', Z: '2' };

/**
 * Replaces look-alike letters inside a token that already has at least two real digits and at
 * most a third of look-alikes: 'l.234,5O' → '1.234,50', while words ('SOLO', 'Ilha') stay.
 */
export function fixDigitLookalikes(token: string): string {
  const digits = token.replace(/\D/g, '').length;
  // Made only of digits, round look-alikes and separators, with real digits in it: a number.
  if (digits >= 2 && /^[\dOoDQlI|][\dOoDQlI|.,-]*$/.test(token)) return [...token].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
  const lookalikes = [...token].filter((c) => DIGIT_LOOKALIKES[c] !== undefined).length;
  if (digits < 2 || lookalikes === 0 || lookalikes * 2 > digits) return token;
  return [...token].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
}

/**
 * A Brazilian amount or measure in any separator style a scan produces: '1.234.567,89',
 * '1 234 567,89', '1.234.567.89' (OCR turned the comma into a dot), '1,234,567,89', '85,5',
 * '85.50'. The last separator is the decimal one when one or two digits follow it (or up to 4
 * for fractions like '0,0125'); any other separator groups thousands. Null when not a number.
 */
export function parseFlexibleNumber(raw: string): number | null {
  const text = fixDigitLookalikes(raw.trim()).replace(/(?<!\s)\s+(?=\d{3}\b)/g, '.');
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastSep = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  if (lastSep < 0) return Number(text);
  const tail = text.slice(lastSep + 1);
  const head = text.slice(0, lastSep);
  const sepChar = text[lastSep];
  const groups = head.split(/[.,]/);
  const thousandsLike = groups.slice(1).every((g) => g.length === 3) && groups[0]!.length <= 3;
  let decimal: boolean;
  if (tail.length === 3 && thousandsLike) {
    // '46.511' or '46,511': a thousands group, unless a comma follows a dotted run ('1.234,567').
    decimal = sepChar === ',' && head.includes('.');
  } else {
    decimal = tail.length >= 1 && tail.length <= 4 && (tail.length !== 3 || !thousandsLike);
  }
  // '0,001881': a fraction, however many decimals.
  if (head === '0') decimal = true;
  const intPart = head.replace(/[.,]/g, '');
  if (!/^\d+$/.test(intPart) || !/^\d+$/.test(tail)) return null;
  const value = decimal ? Number(`${intPart}.${tail}`) : Number(`${intPart}${tail}`);
  return Number.isFinite(value) ? value : null;
}

/**
 * São Paulo's property code (SQL, 'número do contribuinte'): setor, quadra, lote and a check
 * digit, printed '039.080.0244-3'. The digit is the sum of the ten digits weighted 10, 1, 2, …, 9,
 * modulo 11, with 10 written as 1 (the example of DOCUMENTS.md checks: 039.080.0244-3).
 */
export function sqlCheckDigit(tenDigits: string): number {
  const weights = [10, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(tenDigits[i]) * weights[i]!;
  const rest = sum % 11;
  return rest === 10 ? 1 : rest;
}

export function isValidSql(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && sqlCheckDigit(digits.slice(0, 10)) === Number(digits[10]);
}

/** '03908002443' → '039.080.0244-3'. */
export function formatSql(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 10)}-${digits.slice(10)}`;
}

const NUMBER_WORDS: Record<string, number> = {
  um: 1, uma: 1, primeiro: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9,
  dez: 10, onze: 11, doze: 12, treze: 13, quatorze: 14, catorze: 14, quinze: 15, dezesseis: 16, dezasseis: 16,
  dezessete: 17, dezassete: 17, dezoito: 18, dezenove: 19, dezanove: 19, vinte: 20, trinta: 30, quarenta: 40,
  cinquenta: 50, sessenta: 60, setenta: 70, oitenta: 80, noventa: 90, cem: 100, cento: 100, duzentos: 200,
  trezentos: 300, quatrocentos: 400, quinhentos: 500, seiscentos: 600, setecentos: 700, oitocentos: 800, novecentos: 900,
};

/**
 * A whole number written in Portuguese words, as deeds write their dates ('dezesseis', 'vinte e
 * seis', 'dois mil e vinte e cinco', 'mil novecentos e oitenta e quatro'); folded text (no accents).
 * Null when a word is not a number word.
 */
export function parseNumberWords(folded: string): number | null {
  const words = folded.trim().split(/\s+/).filter((w) => w !== 'e');
  if (words.length === 0) return null;
  let total = 0;
  let group = 0;
  for (const word of words) {
    if (word === 'mil') {
      total += (group || 1) * 1000;
      group = 0;
      continue;
    }
    const n = NUMBER_WORDS[word];
    if (n === undefined) return null;
    group += n;
  }
  return total + group;
}
