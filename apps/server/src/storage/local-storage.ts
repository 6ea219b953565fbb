import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { FileStorage, StorageArea, StoredKey } from './file-storage.ts';

export interface StoredTemp {
  tmpPath: string;
  size: number;
  sha256: string;
  /** True when the stream went past the limit; the file holds only the first `limit` bytes. */
  truncated: boolean;
}

/**
 * Uploaded originals on local disk under DATA_DIR: `uploads/` for accepted files, `quarantine/`
 * for suspicious ones (never extracted), `tmp/` while a stream is being received. Files are
 * streamed to disk and hashed on the way, never held whole in memory.
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;
  constructor(dataDir: string) {
    this.root = resolve(dataDir);
  }

  async receive(stream: Readable, limitBytes: number): Promise<StoredTemp> {
    const tmpPath = join(this.root, 'tmp', randomUUID());
    await mkdir(dirname(tmpPath), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    let truncated = false;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        if (truncated) return done();
        const room = limitBytes - size;
        const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
        if (chunk.length > room) truncated = true;
        size += piece.length;
        hash.update(piece);
        done(null, piece);
      },
    });
    // The source is piped by hand, not handed to pipeline(): when the disk fails (ENOSPC) the
    // rest of the upload must still be read (and dropped), or the client's connection is cut
    // before it reads the answer that says why.
    const written = pipeline(meter, this.openTemp(tmpPath));
    const failSource = (err: Error) => meter.destroy(err);
    stream.once('error', failSource);
    stream.pipe(meter);
    try {
      await written;
    } catch (err) {
      stream.unpipe(meter);
      stream.resume();
      await rm(tmpPath, { force: true });
      throw err;
    } finally {
      stream.off('error', failSource);
    }
    return { tmpPath, size, sha256: hash.digest('hex'), truncated };
  }

  /** The temporary file being written; a test stands a disk that fills up in here. */
  protected openTemp(path: string): Writable {
    return createWriteStream(path);
  }

  describe(): string {
    return `Disco local (${this.root})`;
  }

  path(key: string, area: StorageArea = 'uploads'): string {
    const full = resolve(this.root, area, key);
    if (!full.startsWith(resolve(this.root, area) + sep)) throw new Error('chave de armazenamento inválida');
    return full;
  }

  async commit(tmpPath: string, key: string, area: StorageArea): Promise<void> {
    const target = this.path(key, area);
    await mkdir(dirname(target), { recursive: true });
    await rename(tmpPath, target);
  }

  /** The stored file itself: nothing to copy on local disk. */
  async withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(this.path(key, 'uploads'));
  }

  async openRead(key: string, area: StorageArea): Promise<Readable> {
    const path = this.path(key, area);
    await access(path);
    return createReadStream(path);
  }

  async removeFrom(key: string, area: StorageArea): Promise<void> {
    await rm(this.path(key, area), { force: true });
  }

  async discard(tmpPath: string): Promise<void> {
    await rm(tmpPath, { force: true });
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key, 'uploads'), { force: true });
    await rm(this.path(key, 'quarantine'), { force: true });
  }

  /** Keys are `{userId}/{id}`: two levels under the area. */
  async *listKeys(area: StorageArea): AsyncIterable<StoredKey> {
    const base = join(this.root, area);
    const owners = await readdir(base, { withFileTypes: true }).catch(() => []);
    for (const owner of owners) {
      if (!owner.isDirectory()) continue;
      for (const file of await readdir(join(base, owner.name)).catch(() => [])) {
        const info = await stat(join(base, owner.name, file)).catch(() => null);
        if (info?.isFile()) yield { key: `${owner.name}/${file}`, modifiedAt: info.mtime };
      }
    }
  }

  async sweepTemp(before: Date): Promise<number> {
    const dir = join(this.root, 'tmp');
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [])) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (!info?.isFile() || info.mtime >= before) continue;
      await rm(join(dir, name), { force: true });
      removed++;
    }
    return removed;
  }
}
