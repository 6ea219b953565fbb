import { describe, expect, it } from 'vitest';
import { CfbError, parseCfbDirectory } from './cfb.ts';
import type { ReadAt } from './cfb.ts';
import { buildCfb } from './test-fixtures.ts';

function reader(bytes: Buffer): { readAt: ReadAt; reads: number[] } {
  const reads: number[] = [];
  const readAt: ReadAt = async (offset, length) => {
    reads.push(offset);
    return new Uint8Array(bytes.subarray(offset, offset + length));
  };
  return { readAt, reads };
}

describe('parseCfbDirectory', () => {
  it('lists the root, streams and storages with their sizes', async () => {
    const bytes = buildCfb({ streams: ['WordDocument', '1Table'], storages: ['Macros'] });
    const { readAt } = reader(bytes);
    expect(await parseCfbDirectory(readAt, bytes.length)).toEqual([
      { name: 'Root Entry', type: 'root', size: 0 },
      { name: 'WordDocument', type: 'stream', size: 4096 },
      { name: '1Table', type: 'stream', size: 4096 },
      { name: 'Macros', type: 'storage', size: 0 },
    ]);
  });

  it('follows a directory chain across several directory sectors and FAT sectors', async () => {
    const streams = Array.from({ length: 9 }, (_, i) => `Stream${i}`);
    const bytes = buildCfb({ streams: ['Workbook', ...streams], fillerSectors: 300 });
    const { readAt, reads } = reader(bytes);
    const entries = await parseCfbDirectory(readAt, bytes.length);
    expect(entries.map((e) => e.name)).toEqual(['Root Entry', 'Workbook', ...streams]);
    // Header, one FAT sector (the one covering the directory) and the three directory sectors.
    expect(reads.length).toBe(5);
  });

  it('fails cleanly on a truncated file and on a directory chain that loops', async () => {
    const bytes = buildCfb({ streams: ['WordDocument'] });
    await expect(parseCfbDirectory(reader(bytes.subarray(0, 600)).readAt, 600)).rejects.toThrow(CfbError);

    const looping = Buffer.from(bytes);
    const firstDir = looping.readUInt32LE(48);
    looping.writeUInt32LE(firstDir, 512 + firstDir * 4); // the directory sector points to itself
    await expect(parseCfbDirectory(reader(looping).readAt, looping.length)).rejects.toThrow('broken directory chain');
  });

  it('refuses a file that is not a compound file', async () => {
    const bytes = Buffer.alloc(1024, 0x41);
    await expect(parseCfbDirectory(reader(bytes).readAt, bytes.length)).rejects.toThrow('not a compound file');
  });
});
