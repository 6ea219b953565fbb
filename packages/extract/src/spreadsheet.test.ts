import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus, xlsx, XLSX_PAGE_TEXTS, type Corpus } from '../test/corpus.ts';
import { extractDocument, XLS_NOT_SUPPORTED } from './extract.ts';
import { formatCell, readFirstSheetCells, sheetToText } from './spreadsheet.ts';
import { ExtractionError } from './types.ts';

let corpus: Corpus;
beforeAll(() => {
  corpus = writeCorpus();
});
afterAll(() => corpus.cleanup());

describe('formatCell', () => {
  it('writes numbers with a decimal comma, dates as dd/MM/yyyy, booleans in Portuguese', () => {
    expect(formatCell(1250000.5)).toBe('1250000,5');
    expect(formatCell(0.1 + 0.2)).toBe('0,3');
    expect(formatCell(new Date(Date.UTC(2025, 2, 14)))).toBe('14/03/2025');
    expect(formatCell(new Date(Date.UTC(2025, 2, 14, 9, 5)))).toBe('14/03/2025 09:05');
    expect(formatCell(true)).toBe('VERDADEIRO');
    expect(formatCell(null)).toBe('');
    expect(formatCell('a\tb\nc')).toBe('a b c');
  });
});

describe('sheetToText', () => {
  it('names the sheet, separates cells with tabs, drops empty rows and trailing empty cells', () => {
    expect(sheetToText('Resumo', [['A', null, 'C', null], [null, null], [null, 2]])).toEqual({ text: 'Planilha: Resumo\nA\t\tC\n\t2', rowCount: 2 });
  });
});

describe('XLSX extraction', () => {
  it('reads every sheet as a page of tab-separated rows', async () => {
    const progress: unknown[] = [];
    const result = await extractDocument({ path: corpus.files.xlsx, kind: 'xlsx', fileName: 'custos.xlsx' }, { onProgress: (p) => progress.push(p) });
    expect(result.pages.map((p) => p.text)).toEqual(XLSX_PAGE_TEXTS);
    expect(result.pages.map((p) => [p.number, p.method])).toEqual([
      [1, 'text'],
      [2, 'text'],
    ]);
    expect(progress).toEqual([{ pagesDone: 2, pageCount: 2 }]);
  });

  it('refuses a spreadsheet with less than 20 characters', async () => {
    await expect(extractDocument({ path: corpus.files.tinyXlsx, kind: 'xlsx', fileName: 'curta.xlsx' })).rejects.toThrow(
      new ExtractionError('Erro ao processar XLSX: Planilha não contém dados suficientes'),
    );
  });

  it('asks for XLSX instead of the old XLS format', async () => {
    const error = await extractDocument({ path: corpus.files.doc, kind: 'xls', fileName: 'antiga.xls' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).message).toBe(XLS_NOT_SUPPORTED);
    expect((error as ExtractionError).retryable).toBe(false);
  });
});

describe('readFirstSheetCells (reference-data imports)', () => {
  it('gives the first sheet as text cells, numbers with a decimal comma', async () => {
    const file = xlsx([
      { name: 'CUB', rows: [['UF', 'R$/m²', 'data', 'fonte'], ['BA', 2345.67, '09/2026', 'Sinduscon-BA']] },
      { name: 'Outra', rows: [['ignorada']] },
    ]);
    expect(await readFirstSheetCells(file)).toEqual([
      ['UF', 'R$/m²', 'data', 'fonte'],
      ['BA', '2345,67', '09/2026', 'Sinduscon-BA'],
    ]);
  });
});
