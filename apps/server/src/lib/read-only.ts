import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { FastifyInstance } from 'fastify';
import { lockDataDir } from '@viabiliza/db/data-dir-lock';
import { openDatabase, type DatabaseHandle } from '@viabiliza/db/client';
import type { Env } from '../config/env.ts';
import { appConfigFromEnv, type AppConfig } from '../config/app-config.ts';
import { AppError } from './app-error.ts';
import { explainStartupError, isDiskFull } from './disk-full.ts';

export const READ_ONLY_MESSAGE =
  'Servidor em modo somente leitura: falta espaço em disco. As consultas continuam disponíveis; envios e alterações voltam quando houver espaço. Tente novamente mais tarde.';
/** A disk is freed by a person, not in seconds. */
export const READ_ONLY_RETRY_AFTER_SECONDS = 300;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** In read-only mode every request that could change something answers 503 with Retry-After. */
export function refuseWritesWhenReadOnly(app: FastifyInstance, readOnly: string | undefined): void {
  if (!readOnly) return;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    reply.header('retry-after', String(READ_ONLY_RETRY_AFTER_SECONDS));
    throw new AppError('UNAVAILABLE', READ_ONLY_MESSAGE);
  });
}

/** Files PostgreSQL rewrites at start; a copy taken from a stopped directory leaves them out. */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts']);

/**
 * The embedded database's directory as the gzip tarball PGlite's `loadDataDir` reads (entries
 * named from the data directory's root, as `dumpDataDir` writes them), built in memory: the disk
 * has no room for a copy.
 */
export async function snapshotDataDir(dir: string): Promise<Blob> {
  const pack = tar.pack();
  const gzip = createGzip({ level: 1 });
  const chunks: Buffer[] = [];
  gzip.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
    pack.on('error', reject);
  });
  pack.pipe(gzip);
  const walk = async (path: string): Promise<void> => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      const name = `/${relative(dir, full)}`;
      if (entry.isDirectory()) {
        pack.entry({ name, type: 'directory', mode: 0o700 });
        await walk(full);
      } else if (entry.isFile() && !SKIPPED.has(entry.name)) {
        const bytes = readFileSync(full);
        await new Promise<void>((resolve, reject) => pack.entry({ name, size: bytes.length, mode: statSync(full).mode & 0o777 }, bytes, (err) => (err ? reject(err) : resolve())));
      }
    }
  };
  await walk(dir);
  pack.finalize();
  await done;
  return new Blob([Buffer.concat(chunks)]);
}

export interface StartStorage {
  config: AppConfig;
  database: DatabaseHandle;
  release: () => void;
  /** Why the server runs read-only (null: it does not). */
  readOnly: string | null;
}

export interface StartDeps {
  lock: typeof lockDataDir;
  open: typeof openDatabase;
}

/**
 * Configuration, the DATA_DIR lock and the database, as main.ts opens them. A full disk under
 * DATA_DIR (ENOSPC writing the secret or the lock, the embedded database failing to start for lack
 * of space) no longer stops the start, which a supervisor would repeat forever: the server comes up
 * read-only, on a copy in memory of the embedded database (nothing written to the full disk), with
 * an ephemeral session secret if none could be stored; reads work, writes answer 503.
 */
export async function openForStart(env: Env, options: { webDist?: string; seedDump: string }, deps: StartDeps = { lock: lockDataDir, open: openDatabase }): Promise<StartStorage> {
  let readOnly: string | null = null;
  const fullDisk = (err: unknown, dir: string) => {
    if (!isDiskFull(err) && !explainStartupError(err, dir)) throw err;
    readOnly ??= explainStartupError(err, dir) ?? `Espaço em disco insuficiente em DATA_DIR (${dir}).`;
  };

  let config: AppConfig;
  try {
    config = appConfigFromEnv(env, options.webDist);
  } catch (err) {
    fullDisk(err, env.DATA_DIR);
    // No room to keep a generated secret: sessions of this run end with it (no one signs in anyway).
    config = appConfigFromEnv({ ...env, AUTH_SECRET: randomBytes(32).toString('base64url') }, options.webDist);
  }
  if (env.DATABASE_URL) {
    const database = await deps.open({ kind: 'postgres', url: env.DATABASE_URL });
    if (readOnly) config.readOnly = readOnly;
    return { config, database, release: () => {}, readOnly };
  }

  let release = () => {};
  try {
    release = deps.lock(config.dataDir);
  } catch (err) {
    fullDisk(err, config.dataDir);
  }
  const dbDir = join(config.dataDir, 'db');
  let database: DatabaseHandle | null = null;
  if (!readOnly) {
    try {
      database = await deps.open({ kind: 'pglite', dataDir: dbDir, seedDump: options.seedDump });
    } catch (err) {
      fullDisk(err, config.dataDir);
    }
  }
  if (!database) {
    let seedData: Blob | undefined;
    try {
      seedData = statSync(join(dbDir, 'PG_VERSION')).isFile() ? await snapshotDataDir(dbDir) : undefined;
    } catch {
      seedData = undefined;
    }
    database = await deps.open({ kind: 'pglite', seedDump: options.seedDump, seedData });
  }
  if (readOnly) config.readOnly = readOnly;
  return { config, database, release, readOnly };
}
