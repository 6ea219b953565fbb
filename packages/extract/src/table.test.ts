import { describe, expect, it } from 'vitest';
import { parseCsv, readTableCells } from './table.ts';
import { TABLE_MESSAGES, TABLE_ZIP_LIMITS } from './table-limits.ts';
import { buildZip, xlsxBomb, xlsxEntries } from './test-fixtures.ts';

describe('parseCsv', () => {
  it('splits CSV by semicolon, tab or comma, honouring quotes', () => {
    expect(parseCsv('a;"b;c";d\r\n1;2;3')).toEqual([['a', 'b;c', 'd'], ['1', '2', '3']]);
    expect(parseCsv('a,"1,5"\n')).toEqual([['a', '1,5']]);
    expect(parseCsv('\uFEFFa\tb\n')).toEqual([['a', 'b']]);
  });
});

describe('readTableCells', () => {
  it('reads CSV in UTF-8 or Latin-1 and the first sheet of an XLSX', async () => {
    expect(await readTableCells(Buffer.from('cidade;UF\nSão Paulo;SP\n'))).toEqual([['cidade', 'UF'], ['São Paulo', 'SP']]);
    expect(await readTableCells(Buffer.from('cidade;UF\nSão Paulo;SP\n', 'latin1'))).toEqual([['cidade', 'UF'], ['São Paulo', 'SP']]);
    expect(await readTableCells(buildZip(xlsxEntries([['UF', 'data'], ['BA', '09/2026']])))).toEqual([['UF', 'data'], ['BA', '09/2026']]);
  });

  it('refuses a 400 MiB bomb from its declared sizes, inflating nothing', async () => {
    const bomb = xlsxBomb();
    expect(bomb.length).toBeLessThan(512 * 1024);
    const started = performance.now();
    await expect(readTableCells(bomb)).rejects.toMatchObject({ reason: 'too-large', message: TABLE_MESSAGES.bomb });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('stops inflating a bomb whose headers lie at the decoded-size bound', async () => {
    const liar = xlsxBomb({ decodedBytes: 3 * TABLE_ZIP_LIMITS.maxTotalUncompressed, declaredSize: 1000 });
    await expect(readTableCells(liar)).rejects.toMatchObject({ reason: 'too-large', message: TABLE_MESSAGES.bomb });
    // Many entries each under the ratio rule's threshold: refused by their declared total.
    const many = buildZip(xlsxEntries().concat(Array.from({ length: 10 }, (_, i) => ({ name: `xl/media/f${i}.bin`, data: Buffer.alloc(1024 * 1024, i) }))));
    await expect(readTableCells(many)).rejects.toMatchObject({ reason: 'too-large' });
  });

  it('calls a file that is not a spreadsheet unreadable', async () => {
    await expect(readTableCells(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]))).rejects.toMatchObject({ reason: 'unreadable', message: TABLE_MESSAGES.unreadable });
  });
});
