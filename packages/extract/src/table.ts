import { readFirstSheetCells } from './spreadsheet.ts';
import { TABLE_MESSAGES, TABLE_ZIP_LIMITS, TableReadError } from './table-limits.ts';
import { zipBombReasons } from './validate.ts';
import { listZipEntries, scanZipContent, ZipLimitError, ZipTimeoutError } from './zip-inspect.ts';

/**
 * Tables an admin imports (reference data): a CSV or the first sheet of an XLSX, as text cells.
 * Runs on an extraction thread (`ExtractionPool.readTable`): the pool bounds its time and heap,
 * and the zip is measured here before anything inflates it into the thread's memory.
 */

/** CSV lines to cells: ';' when the first line has one (Brazilian Excel), else tab, else ','; double quotes honoured. */
export function parseCsv(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const sep = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < clean.length; i++) {
    const ch = clean[i]!;
    if (quoted) {
      if (ch === '"' && clean[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && clean[i + 1] === '\n') i++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell.trim());
    rows.push(row);
  }
  return rows;
}

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The table's cells, in this thread. Throws TableReadError. */
export async function readTableCells(bytes: Uint8Array): Promise<string[][]> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isZip(buffer)) {
    // UTF-8, else Windows Excel's Latin-1.
    const text = buffer.toString('utf8');
    return parseCsv(text.includes('\uFFFD') ? buffer.toString('latin1') : text);
  }
  // The central directory's declared sizes first: nothing inflated.
  const listing = await listZipEntries(buffer, TABLE_ZIP_LIMITS.maxEntries + 1).catch(() => {
    throw new TableReadError(TABLE_MESSAGES.unreadable, 'unreadable');
  });
  if (zipBombReasons(listing, TABLE_ZIP_LIMITS).length > 0) throw new TableReadError(TABLE_MESSAGES.bomb, 'too-large');
  // Then every entry inflated once to nowhere, stopping at the bound: a header may lie.
  try {
    await scanZipContent(buffer, { maxTotalBytes: TABLE_ZIP_LIMITS.maxTotalUncompressed, deadline: Date.now() + TABLE_ZIP_LIMITS.timeoutMs, allowNested: () => true });
  } catch (error) {
    if (error instanceof ZipLimitError) throw new TableReadError(TABLE_MESSAGES.bomb, 'too-large');
    if (error instanceof ZipTimeoutError) throw new TableReadError(TABLE_MESSAGES.timeout, 'timeout');
    throw new TableReadError(TABLE_MESSAGES.unreadable, 'unreadable');
  }
  try {
    return await readFirstSheetCells(buffer);
  } catch {
    throw new TableReadError(TABLE_MESSAGES.unreadable, 'unreadable');
  }
}
