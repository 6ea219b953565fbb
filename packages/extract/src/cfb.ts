import { open } from 'node:fs/promises';

/**
 * A minimal reader of the directory of an OLE2 / Compound File Binary (MS-CFB) file: the container
 * of legacy .doc and .xls. It reads the header, the FAT sectors the directory chain needs and the
 * directory sectors; never the streams themselves. Every loop is bounded, so a crafted file (cycles
 * in the FAT, absurd counts) ends with an error instead of hanging.
 */

export const CFB_SIGNATURE = Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

export type CfbEntryType = 'storage' | 'stream' | 'root';

export interface CfbEntry {
  name: string;
  type: CfbEntryType;
  /** Declared stream size in bytes (0 for storages). */
  size: number;
}

export class CfbError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CfbError';
  }
}

/** Reads `length` bytes at `offset`; returns fewer at the end of the file. */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const MAX_SECTOR = 0xfffffffa;
const DIRECTORY_ENTRY_SIZE = 128;
/** Far above any real document's directory (a few dozen entries); a cap, not a format limit. */
const MAX_DIRECTORY_ENTRIES = 20_000;

export function hasCfbSignature(head: Uint8Array): boolean {
  return head.length >= 8 && CFB_SIGNATURE.every((b, i) => head[i] === b);
}

export async function readCfbDirectory(path: string): Promise<CfbEntry[]> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const readAt: ReadAt = async (offset, length) => {
      const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      if (buffer.length === 0) return buffer;
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    };
    return await parseCfbDirectory(readAt, size);
  } finally {
    await handle.close();
  }
}

export async function parseCfbDirectory(readAt: ReadAt, fileSize: number): Promise<CfbEntry[]> {
  const header = await readAt(0, 512);
  if (header.length < 512 || !hasCfbSignature(header)) throw new CfbError('not a compound file');
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (view.getUint16(28, true) !== 0xfffe) throw new CfbError('bad byte order mark');
  const sectorShift = view.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) throw new CfbError(`bad sector shift ${sectorShift}`);
  const sectorSize = 1 << sectorShift;
  const idsPerSector = sectorSize / 4;
  const fatSectorCount = view.getUint32(44, true);
  const firstDirectorySector = view.getUint32(48, true);
  const firstDifatSector = view.getUint32(68, true);
  const difatSectorCount = view.getUint32(72, true);
  const sectorCount = Math.ceil(fileSize / sectorSize) - 1;
  if (fatSectorCount > sectorCount) throw new CfbError('FAT larger than the file');

  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const readSector = async (sector: number): Promise<DataView> => {
    if (sector > MAX_SECTOR || sector >= sectorCount) throw new CfbError(`sector ${sector} outside the file`);
    const bytes = await readAt(sectorOffset(sector), sectorSize);
    if (bytes.length < sectorSize) throw new CfbError(`sector ${sector} truncated`);
    return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };

  // The FAT sector list (DIFAT): 109 ids in the header, the rest in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) {
    fatSectors.push(view.getUint32(76 + i * 4, true));
  }
  let difatSector = firstDifatSector;
  for (let n = 0; fatSectors.length < fatSectorCount; n++) {
    if (n >= difatSectorCount || difatSector > MAX_SECTOR) throw new CfbError('DIFAT chain too short');
    const difat = await readSector(difatSector);
    for (let i = 0; i < idsPerSector - 1 && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(difat.getUint32(i * 4, true));
    }
    difatSector = difat.getUint32((idsPerSector - 1) * 4, true);
  }

  // FAT sectors are read lazily: the directory chain usually touches one of them.
  const fatCache = new Map<number, DataView>();
  const nextSector = async (sector: number): Promise<number> => {
    const index = Math.floor(sector / idsPerSector);
    const fatSector = fatSectors[index];
    if (fatSector === undefined) throw new CfbError(`sector ${sector} not covered by the FAT`);
    let fat = fatCache.get(index);
    if (!fat) {
      fat = await readSector(fatSector);
      fatCache.set(index, fat);
    }
    return fat.getUint32((sector % idsPerSector) * 4, true);
  };

  const entries: CfbEntry[] = [];
  const visited = new Set<number>();
  let sector = firstDirectorySector;
  const entriesPerSector = sectorSize / DIRECTORY_ENTRY_SIZE;
  while (sector !== END_OF_CHAIN) {
    if (sector === FREE_SECTOR || visited.has(sector)) throw new CfbError('broken directory chain');
    if (visited.size * entriesPerSector >= MAX_DIRECTORY_ENTRIES) throw new CfbError('directory too large');
    visited.add(sector);
    const dir = await readSector(sector);
    for (let i = 0; i < entriesPerSector; i++) {
      const entry = parseDirectoryEntry(dir, i * DIRECTORY_ENTRY_SIZE, sectorShift === 12);
      if (entry) entries.push(entry);
    }
    sector = await nextSector(sector);
  }
  if (entries[0]?.type !== 'root') throw new CfbError('missing root entry');
  return entries;
}

function parseDirectoryEntry(dir: DataView, offset: number, version4: boolean): CfbEntry | null {
  const objectType = dir.getUint8(offset + 66);
  const type: CfbEntryType | null = objectType === 1 ? 'storage' : objectType === 2 ? 'stream' : objectType === 5 ? 'root' : null;
  if (!type) return null;
  const nameBytes = Math.min(dir.getUint16(offset + 64, true), 64);
  let name = '';
  for (let i = 0; i + 1 < nameBytes; i += 2) {
    const code = dir.getUint16(offset + i, true);
    if (code === 0) break;
    name += String.fromCharCode(code);
  }
  const low = dir.getUint32(offset + 120, true);
  // Version 3 files may leave garbage in the high half of the size; only version 4 uses it.
  const high = version4 ? dir.getUint32(offset + 124, true) : 0;
  return { name, type, size: type === 'storage' ? 0 : high * 2 ** 32 + low };
}
