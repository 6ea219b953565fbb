import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseOptions } from '@viabiliza/db/client';
import { LocalStorage } from './storage/local-storage.ts';
import { DISK_FULL_MESSAGE } from './lib/disk-full.ts';
import { READ_ONLY_MESSAGE, openForStart } from './lib/read-only.ts';
import { loadEnv } from './config/env.ts';
import { createRuntime } from './bootstrap.ts';
import { buildApp } from './app.ts';
import { createTestApp, multipartBody, signUp, type TestApp } from '../test/helper.ts';

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** A disk with room for `room` bytes: the temporary file gets what fits, then every write fails with ENOSPC. */
class FillingDisk extends LocalStorage {
  constructor(dataDir: string, private readonly room: number) {
    super(dataDir);
  }
  protected override openTemp(path: string): Writable {
    const real = super.openTemp(path);
    let written = 0;
    return new Writable({
      write: (chunk: Buffer, _enc, done) => {
        if (written + chunk.length > this.room) return done(enospc());
        written += chunk.length;
        real.write(chunk, done);
      },
      final: (done) => real.end(done),
      destroy: (err, done) => {
        real.destroy();
        done(err);
      },
    });
  }
}

/** A real HTTP upload (not inject): a full disk must answer it, not cut the connection. */
function postOverSocket(base: string, path: string, body: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // Sent in pieces, as a browser's upload arrives: the disk fills while the body is still coming.
    let at = 0;
    const next = () => {
      while (at < body.length) {
        const piece = body.subarray(at, at + 64 * 1024);
        at += piece.length;
        if (!req.write(piece)) return void req.once('drain', next);
      }
      req.end();
    };
    next();
  });
}

let t: TestApp;
let base: string;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ cookie } = await signUp(t));
});
afterAll(async () => t?.close());

describe('a disk that fills up during an upload', () => {
  it("answers 507 'Espaço em disco insuficiente' over the connection, and keeps nothing half-written", async () => {
    const real = t.runtime.ctx.storage;
    t.runtime.ctx.storage = new FillingDisk(t.runtime.ctx.config.dataDir, 256 * 1024);
    try {
      const big = Buffer.from('ESCRITURA PÚBLICA DE COMPRA E VENDA. '.repeat(60_000)); // ~2,2 MB
      const form = multipartBody([
        { name: 'escritura.txt', content: big, type: 'text/plain' },
        { name: 'matricula.txt', content: 'MATRÍCULA Nº 12.345', type: 'text/plain' },
      ]);
      const res = await postOverSocket(base, '/api/documents', form.payload, { ...form.headers, cookie, origin: 'http://localhost:3000' });
      expect(res.status, res.body).toBe(507);
      expect(JSON.parse(res.body).error.message).toBe(DISK_FULL_MESSAGE);
      expect(DISK_FULL_MESSAGE).toMatch(/^Espaço em disco insuficiente/);
    } finally {
      t.runtime.ctx.storage = real;
    }
    const tmp = join(t.runtime.ctx.config.dataDir, 'tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    const listed = await t.app.inject({ url: '/api/documents', headers: { cookie } });
    expect(listed.json().documents).toEqual([]);
    // The server is still there for the next request.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('a start with DATA_DIR on a full disk', () => {
  it('comes up read-only on a copy of the database instead of exiting: reads work, writes answer 503 with Retry-After', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-full-'));
    try {
      // An installation that ran before the disk filled up.
      const before = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db'), seedDump: inject('pgliteSeed') });
      await before.db.execute(sql`create table marca (texto text)`);
      await before.db.execute(sql`insert into marca values ('escrito antes de o disco encher')`);
      await before.close();

      // Now the lock file cannot be written, nor can the embedded database start on the disk.
      const opened: DatabaseOptions[] = [];
      const start = await openForStart(loadEnv({ DATA_DIR: dataDir }), { seedDump: inject('pgliteSeed') }, {
        lock: () => {
          throw enospc();
        },
        open: async (options) => {
          opened.push(options);
          if (options.kind === 'pglite' && options.dataDir) throw enospc();
          return openDatabase(options);
        },
      });
      expect(start.readOnly).toMatch(/^Espaço em disco insuficiente em DATA_DIR/);
      expect(start.config.readOnly).toBe(start.readOnly);
      expect(opened.some((o) => o.kind === 'pglite' && !o.dataDir)).toBe(true);
      expect(existsSync(join(dataDir, 'viabiliza.lock'))).toBe(false);

      const runtime = await createRuntime(start.config, start.database, { work: false, onError: (err) => { throw err; } });
      const app = await buildApp(runtime.ctx);
      try {
        const rows = await start.database.db.execute(sql`select texto from marca`);
        expect((rows as unknown as { rows: { texto: string }[] }).rows).toEqual([{ texto: 'escrito antes de o disco encher' }]);
        expect((await app.inject({ url: '/api/health/db' })).statusCode).toBe(200);
        expect((await app.inject({ url: '/api/public/stats' })).statusCode).toBe(200);
        const write = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { fullName: 'Pessoa', email: 'pessoa@example.com', password: 'Pitanga#Azul7' } });
        expect(write.statusCode).toBe(503);
        expect(write.headers['retry-after']).toBe('300');
        expect(write.json().error).toEqual({ code: 'UNAVAILABLE', message: READ_ONLY_MESSAGE });
        expect((await app.inject({ method: 'DELETE', url: '/api/documents/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(503);
      } finally {
        await app.close();
        await runtime.close();
        await start.database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('still stops on what is not a full disk', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-locked-'));
    try {
      await expect(
        openForStart(loadEnv({ DATA_DIR: dataDir }), { seedDump: inject('pgliteSeed') }, {
          lock: () => {
            throw new Error('DATA_DIR em uso');
          },
          open: openDatabase,
        }),
      ).rejects.toThrow('DATA_DIR em uso');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
