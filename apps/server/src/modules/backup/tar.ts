/**
 * A minimal POSIX ustar writer and reader: regular files only, which is all a backup archive holds
 * (manifest, one JSON-lines file per table, the stored files). Written here rather than pulled in
 * as a dependency; any `tar -xzf` reads what it writes.
 */
const BLOCK = 512;

function writeString(buf: Buffer, value: string, offset: number, length: number) {
  buf.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

function writeOctal(buf: Buffer, value: number, offset: number, length: number) {
  writeString(buf, value.toString(8).padStart(length - 1, '0') + '\0', offset, length);
}

function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new Error(`nome longo demais para o arquivo tar: ${name}`);
}

export function tarHeader(entryName: string, size: number, mtime = new Date()): Buffer {
  const buf = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(entryName);
  writeString(buf, name, 0, 100);
  writeOctal(buf, 0o644, 100, 8);
  writeOctal(buf, 0, 108, 8);
  writeOctal(buf, 0, 116, 8);
  writeOctal(buf, size, 124, 12);
  writeOctal(buf, Math.floor(mtime.getTime() / 1000), 136, 12);
  buf.fill(0x20, 148, 156);
  buf[156] = 0x30; // '0': regular file
  writeString(buf, 'ustar\0', 257, 6);
  writeString(buf, '00', 263, 2);
  writeString(buf, prefix, 345, 155);
  let sum = 0;
  for (const byte of buf) sum += byte;
  writeString(buf, sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return buf;
}

export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
/** Two zero blocks end the archive. */
export const tarEnd = () => Buffer.alloc(BLOCK * 2);

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  private take(n: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  async read(n: number): Promise<Buffer | null> {
    return (await this.fill(n)) ? this.take(n) : null;
  }

  /** Up to `max` bytes, at most one buffered chunk: lets a caller stream an entry piece by piece. */
  async readUpTo(max: number): Promise<Buffer> {
    if (!this.length && !(await this.fill(1))) throw new Error('arquivo de backup truncado');
    return this.take(Math.min(max, this.length));
  }
}

const readString = (buf: Buffer, offset: number, length: number) => {
  const raw = buf.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
};

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/** Iterates the regular files of a (decompressed) tar stream, in archive order. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.read(BLOCK);
    if (!header || header.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    if (sum !== parseInt(readString(header, 148, 8).trim(), 8)) throw new Error('arquivo de backup corrompido (checksum do tar)');
    const name = readString(header, 0, 100);
    const prefix = readString(header, 345, 155);
    const size = parseInt(readString(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 0x30);
    let left = size;
    const body = async function* () {
      while (left > 0) {
        const piece = await reader.readUpTo(left);
        left -= piece.length;
        yield piece;
      }
    };
    if (type === '0') yield { name: prefix ? `${prefix}/${name}` : name, size, body: body() };
    // Whatever the consumer left unread (or a non-file entry) is skipped.
    while (left > 0) left -= (await reader.readUpTo(left)).length;
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad && !(await reader.read(pad))) throw new Error('arquivo de backup truncado');
  }
}
