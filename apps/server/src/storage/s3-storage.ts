import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { FileStorage, StorageArea, StoredKey } from './file-storage.ts';
import { LocalStorage, type StoredTemp } from './local-storage.ts';

export interface S3StorageConfig {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, R2, …); absent means AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can serve several installations. */
  prefix: string;
}

/**
 * Uploaded originals in an S3-compatible bucket, so several server instances share them. Uploads
 * are still received into DATA_DIR/tmp first (hashed and validated by their bytes), then sent to the
 * bucket with their length; extraction gets a temporary local copy that is removed afterwards.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly temp: LocalStorage;

  constructor(
    private readonly config: S3StorageConfig,
    private readonly dataDir: string,
  ) {
    this.temp = new LocalStorage(dataDir);
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Plain bodies with a length: aws-chunked trailing checksums are not understood by every
      // S3-compatible server.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  describe(): string {
    return `S3 (${this.config.endpoint ?? 'AWS'} · bucket ${this.config.bucket})`;
  }

  objectKey(key: string, area: StorageArea): string {
    // Keys are `{userId}/{uuid}` made by the server; refuse anything that could climb out of the area.
    if (!/^[\w-]+\/[\w-]+$/.test(key)) throw new Error('chave de armazenamento inválida');
    return `${this.config.prefix}${area}/${key}`;
  }

  receive(stream: Readable, limitBytes: number): Promise<StoredTemp> {
    return this.temp.receive(stream, limitBytes);
  }

  discard(tmpPath: string): Promise<void> {
    return this.temp.discard(tmpPath);
  }

  async commit(tmpPath: string, key: string, area: StorageArea): Promise<void> {
    try {
      const { size } = await stat(tmpPath);
      await this.client.send(
        new PutObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key, area), Body: createReadStream(tmpPath), ContentLength: size }),
      );
    } finally {
      await rm(tmpPath, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    await Promise.all(
      (['uploads', 'quarantine'] as const).map((area) => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key, area) }))),
    );
  }

  async openRead(key: string, area: StorageArea): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key, area) }));
    if (!object.Body) throw new Error('objeto vazio no armazenamento');
    return object.Body as Readable;
  }

  async removeFrom(key: string, area: StorageArea): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key, area) }));
  }

  async withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    const dir = join(this.dataDir, 'tmp');
    const path = join(dir, `s3-${randomUUID()}`);
    await mkdir(dir, { recursive: true });
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key, 'uploads') }));
      if (!object.Body) throw new Error('objeto vazio no armazenamento');
      await pipeline(object.Body as Readable, createWriteStream(path));
      return await use(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  async *listKeys(area: StorageArea): AsyncIterable<StoredKey> {
    const prefix = `${this.config.prefix}${area}/`;
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.config.bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  /** Temporary files stay on local disk (DATA_DIR/tmp) with S3 too. */
  sweepTemp(before: Date): Promise<number> {
    return this.temp.sweepTemp(before);
  }

  destroy(): void {
    this.client.destroy();
  }
}
