import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
export class LocalStorage {
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
    try {
      await pipeline(stream, meter, createWriteStream(tmpPath));
    } catch (err) {
      await rm(tmpPath, { force: true });
      throw err;
    }
    return { tmpPath, size, sha256: hash.digest('hex'), truncated };
  }

  path(key: string, area: 'uploads' | 'quarantine' = 'uploads'): string {
    const full = resolve(this.root, area, key);
    if (!full.startsWith(resolve(this.root, area) + sep)) throw new Error('chave de armazenamento inválida');
    return full;
  }

  async commit(tmpPath: string, key: string, area: 'uploads' | 'quarantine'): Promise<string> {
    const target = this.path(key, area);
    await mkdir(dirname(target), { recursive: true });
    await rename(tmpPath, target);
    return target;
  }

  async discard(tmpPath: string): Promise<void> {
    await rm(tmpPath, { force: true });
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key, 'uploads'), { force: true });
    await rm(this.path(key, 'quarantine'), { force: true });
  }
}
