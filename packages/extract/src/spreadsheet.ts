import readXlsxFile from 'read-excel-file/node';
import type { ExtractedPage } from './types.ts';

type Cell = string | number | boolean | Date | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Cells as a person in Brazil reads them: decimal comma without thousands separators
 * (1250000,5, as Excel pt-BR shows an unformatted number), dates dd/MM/yyyy (with HH:mm when the
 * cell has a time), booleans VERDADEIRO/FALSO.
 */
export function formatCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Number(value.toPrecision(15))).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  if (value instanceof Date) {
    const date = `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
    const time = value.getUTCHours() || value.getUTCMinutes() ? ` ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}` : '';
    return date + time;
  }
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

/** One page per sheet: 'Planilha: {name}' and then its rows, cells separated by tabs. */
export function sheetToText(name: string, rows: Cell[][]): { text: string; rowCount: number } {
  const lines = [`Planilha: ${name}`];
  let rowCount = 0;
  for (const row of rows) {
    const cells = row.map(formatCell);
    while (cells.length && cells[cells.length - 1] === '') cells.pop();
    if (!cells.length) continue;
    lines.push(cells.join('\t'));
    rowCount++;
  }
  return { text: lines.join('\n'), rowCount };
}

export async function extractXlsx(path: string): Promise<ExtractedPage[]> {
  const sheets = await readXlsxFile(path);
  return sheets.map((sheet, i) => ({
    number: i + 1,
    text: sheetToText(sheet.sheet, sheet.data as Cell[][]).text,
    method: 'text' as const,
    confidence: null,
  }));
}

/** The first sheet's rows as text cells (formatCell), for table imports (reference data). */
export async function readFirstSheetCells(file: Buffer): Promise<string[][]> {
  const sheets = await readXlsxFile(file);
  const first = sheets[0];
  if (!first) return [];
  return (first.data as Cell[][]).map((row) => row.map(formatCell));
}
