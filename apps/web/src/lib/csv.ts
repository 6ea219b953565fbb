/**
 * CSV the way Excel in pt-BR opens it: ';' between cells, CRLF between lines, quotes where needed.
 * A text cell that a spreadsheet would run as a formula ('=', '+', '-', '@', tab or CR first) gets
 * a leading apostrophe (OWASP 'CSV injection'); a number such as '-3,5' is left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+([.,]\d+)*$/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(';')).join('\r\n');
}
