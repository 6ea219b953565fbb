import type { Readable } from 'node:stream';
import type { StoredTemp } from './local-storage.ts';

/**
 * `uploads/` holds accepted originals; `quarantine/` suspicious ones, kept apart and never extracted;
 * `backups/` the admin's backup archives.
 */
export type StorageArea = 'uploads' | 'quarantine' | 'backups';

/**
 * Where uploaded originals live: local disk under DATA_DIR (default) or an S3-compatible bucket
 * (S3_BUCKET). Either way a file is first streamed to a temporary file under DATA_DIR, where it is
 * hashed and validated by its bytes, and only then committed under its key.
 */
export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Streams `stream` to a temporary file, stopping at `limitBytes` (marked `truncated`). */
  receive(stream: Readable, limitBytes: number): Promise<StoredTemp>;
  /** Moves a received temporary file to its key in `area`; the temporary file is gone afterwards. */
  commit(tmpPath: string, key: string, area: StorageArea): Promise<void>;
  discard(tmpPath: string): Promise<void>;
  /** Removes the key from both areas; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Runs `use` with a path on local disk holding the accepted file (extraction reads files). */
  withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Every stored key of `area` with when it was written, for the orphan sweep after a crash. */
  listKeys(area: StorageArea): AsyncIterable<StoredKey>;
  /** Removes temporary files written before `before` (receives cut off by a crash); how many. */
  sweepTemp(before: Date): Promise<number>;
  /** The stored object as a stream; a missing object rejects. */
  openRead(key: string, area: StorageArea): Promise<Readable>;
  /** Removes the key from one area; a missing object is not an error. */
  removeFrom(key: string, area: StorageArea): Promise<void>;
  /** For status pages: the kind of store and where. */
  describe(): string;
}
