import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import tar from 'tar-stream';
import type { Database } from '@viabiliza/db/client';
import {
  BACKUP_FRESHNESS_HOURS,
  BACKUP_MESSAGES,
  BACKUP_RETENTION_DAYS,
  type Backup,
  type BackupDownloadLink,
  type BackupEncryption,
  type BackupKeyReveal,
  type BackupList,
  type BackupStatus,
  type RestoreBackupResponse,
} from '@viabiliza/contracts/backup';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import type { StorageArea } from '../../storage/file-storage.ts';
import { JOBS } from '../../jobs/job-names.ts';
import * as repo from './backup.repository.ts';
import { BACKUP_TABLE_NAMES, BACKUP_TABLES, countRows, deleteRows, insertRows, readPage } from './backup-tables.ts';
import { decryptStream, encodeBackupKey, encryptStream, resolveBackupKey } from './backup-crypto.ts';
import { admitPasswordReprompt } from './password-reprompt-guard.ts';

/** Daily at 02:00 in the server's time zone (spec 02 §9). */
export const BACKUP_CRON = '0 2 * * *';
const PAGE = 500;
const ARCHIVE_FORMAT = 'viabiliza-backup/1';
/** A download link is good for this long after the password was confirmed. */
const DOWNLOAD_LINK_MS = 60_000;

interface ManifestFile {
  key: string;
  area: StorageArea;
  size: number;
  sha256: string;
  documentId: string;
}

export interface BackupManifest {
  format: string;
  createdAt: string;
  /** Table names in restore order. */
  tables: string[];
  rows: Record<string, number>;
  files: ManifestFile[];
  /** How spec 02 §7's table names map to this schema. */
  specTables: Record<string, string>;
}

const SPEC_TABLES = {
  profiles: 'user',
  properties: 'properties',
  property_analyses: 'property_analyses',
  property_documents: 'property_documents',
  notifications: 'notifications',
  user_analysis_limits: '(não existe: limites são constantes do servidor)',
};

export function backupTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toBackup(row: repo.BackupRow): Backup {
  const manifest = (row.manifest ?? null) as (Partial<BackupManifest> & { progress?: Backup['progress'] }) | null;
  return {
    id: row.id,
    backupName: row.backupName,
    status: row.status as BackupStatus,
    trigger: row.trigger === 'scheduled' ? 'scheduled' : 'manual',
    tablesIncluded: row.tablesIncluded,
    backupSize: row.backupSize,
    originalSize: row.originalSize,
    compressionRatio: row.compressionRatio,
    rowCounts: manifest?.rows ?? null,
    fileCount: manifest?.files ? manifest.files.length : null,
    progress: row.status === 'pending' || row.status === 'running' ? (manifest?.progress ?? { step: 'queued', percent: 0, label: 'Na fila' }) : null,
    errorMessage: row.errorMessage,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt)!,
    completedAt: iso(row.completedAt),
    restoredAt: iso(row.restoredAt),
  };
}

export async function listBackups(ctx: AppContext): Promise<BackupList> {
  const [rows, totals] = await Promise.all([repo.listBackups(ctx.db), repo.backupTotals(ctx.db)]);
  return {
    backups: rows.map(toBackup),
    totals: { count: totals.count, lastCompletedAt: iso(totals.lastCompletedAt), spaceUsed: Number(totals.spaceUsed) },
    schedule: { cron: BACKUP_CRON, timezone: backupTimezone(), retentionDays: BACKUP_RETENTION_DAYS },
    encryption: backupEncryption(ctx),
  };
}

/** Beside a generated key: who saw it and when. Created once ('wx'), so the key is shown once. */
const shownMarker = (keyFile: string) => `${keyFile}.shown`;

export function backupEncryption(ctx: AppContext): BackupEncryption {
  const key = resolveBackupKey(ctx.config);
  let shownAt: string | null = null;
  if (key.file) {
    try {
      shownAt = (JSON.parse(readFileSync(shownMarker(key.file), 'utf8')) as { shownAt: string }).shownAt;
    } catch {
      // Not shown yet.
    }
  }
  return { algorithm: 'AES-256-GCM', source: key.source, fingerprint: key.fingerprint, shownAt };
}

type PasswordAction = 'backup_download' | 'backup_restore' | 'backup_key_reveal';

/**
 * The signed-in admin's password, checked again on the server by Better Auth (the same hash check
 * as sign-in, against the session's user). A wrong one is audited and refused with 403.
 */
async function confirmPassword(ctx: AppContext, request: FastifyRequest, actorId: string, action: PasswordAction, password: string, details: Record<string, unknown>) {
  // Guesses are budgeted per admin account, whatever the address they come from.
  const release = await admitPasswordReprompt(ctx.db, actorId);
  try {
    await ctx.auth.api.verifyPassword({ body: { password }, headers: fromNodeHeaders(request.headers) });
  } catch {
    await audit(ctx.db, request.log, { userId: actorId, action, resource: 'backup', success: false, details: { ...details, reason: 'WRONG_PASSWORD' }, ...requestMeta(request) });
    throw new AppError('FORBIDDEN', BACKUP_MESSAGES.wrongPassword);
  } finally {
    release();
  }
}

/**
 * Shows a generated key to an admin once, after their password: its marker file is created
 * exclusively, so two admins asking at the same moment cannot both see it. A key from
 * BACKUP_ENCRYPTION_KEY is never shown (the operator has it).
 */
export async function revealBackupKey(ctx: AppContext, request: FastifyRequest, actorId: string, password: string): Promise<BackupKeyReveal> {
  await confirmPassword(ctx, request, actorId, 'backup_key_reveal', password, {});
  const key = resolveBackupKey(ctx.config);
  if (!key.file) throw new AppError('CONFLICT', BACKUP_MESSAGES.keyFromEnvironment);
  const shownAt = new Date().toISOString();
  try {
    await writeFile(shownMarker(key.file), JSON.stringify({ shownAt, userId: actorId }), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_key_reveal', resource: 'backup', success: false, details: { reason: 'ALREADY_SHOWN' }, ...requestMeta(request) });
    throw new AppError('CONFLICT', BACKUP_MESSAGES.keyAlreadyShown);
  }
  await audit(ctx.db, request.log, { userId: actorId, action: 'backup_key_reveal', resource: 'backup', success: true, details: { fingerprint: key.fingerprint }, ...requestMeta(request) });
  return { key: encodeBackupKey(key.key), fingerprint: key.fingerprint, shownAt };
}

/** The newest completed backup, or null: the security check and the deploy gate read it. */
export async function latestSuccessfulBackup(db: Database): Promise<{ id: string; backupName: string; completedAt: Date } | null> {
  const row = await repo.latestCompleted(db);
  return row && row.completedAt ? { id: row.id, backupName: row.backupName, completedAt: row.completedAt } : null;
}

/** True when a successful backup finished within the last 24 h. */
export function isBackupRecent(completedAt: Date, now = new Date()): boolean {
  return now.getTime() - completedAt.getTime() < BACKUP_FRESHNESS_HOURS * 3600_000;
}

function backupName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `backup-${now.getUTCFullYear()}-${p(now.getUTCMonth() + 1)}-${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
}

/** 'Criar backup': records a pending backup and queues it; the page follows its progress. */
export async function requestBackup(ctx: AppContext, request: FastifyRequest, actorId: string): Promise<Backup> {
  if (await repo.findUnfinished(ctx.db)) {
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_create', resource: 'backup', success: false, details: { reason: 'IN_PROGRESS' }, ...requestMeta(request) });
    throw new AppError('CONFLICT', 'Já existe um backup em andamento.');
  }
  const row = await repo.insertBackup(ctx.db, { backupName: backupName(new Date()), tablesIncluded: BACKUP_TABLE_NAMES, trigger: 'manual', createdBy: actorId });
  await ctx.queue.send(JOBS.backup, { backupId: row.id });
  await audit(ctx.db, request.log, { userId: actorId, action: 'backup_create', resource: 'backup', success: true, details: { backupId: row.id, backupName: row.backupName }, ...requestMeta(request) });
  return toBackup(row);
}

/** The daily backup: a row of its own, then the run, then the retention sweep. */
export async function scheduledBackup(ctx: AppContext): Promise<void> {
  if (!(await repo.findUnfinished(ctx.db))) {
    const row = await repo.insertBackup(ctx.db, { backupName: backupName(new Date()), tablesIncluded: BACKUP_TABLE_NAMES, trigger: 'scheduled', createdBy: null });
    await runBackup(ctx, row.id);
  }
  await applyBackupRetention(ctx);
}

/** Deletes archives and rows older than 30 days; returns how many were deleted. */
export async function applyBackupRetention(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - BACKUP_RETENTION_DAYS * 86_400_000);
  const old = await repo.backupsCreatedBefore(ctx.db, cutoff);
  for (const b of old) {
    if (b.storageKey) await ctx.storage.removeFrom(b.storageKey, 'backups');
    await repo.deleteBackupRow(ctx.db, b.id);
  }
  return old.length;
}

/** A process that stopped mid-backup leaves the row pending or running: say so instead. */
export async function failAbandonedBackups(ctx: AppContext, cutoff: Date) {
  await repo.failAbandoned(ctx.db, cutoff, 'Backup interrompido: o servidor foi reiniciado durante a execução.');
}

const TAR_BLOCK = 512;
/** Bytes an entry takes in the tar: its header block and its body padded to whole blocks. */
const tarSize = (size: number) => TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;

/** Adds a tar entry whose bytes come from a stream of known length; the length is checked. */
async function writeEntry(pack: tar.Pack, name: string, size: number, body: AsyncIterable<Buffer>): Promise<number> {
  let sinkError: Error | null = null;
  const added = new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (err) => (err ? reject(err) : resolve()));
    sink.on('error', (err: Error) => (sinkError = err));
    void (async () => {
      let written = 0;
      try {
        for await (const chunk of body) {
          written += chunk.length;
          if (written > size) break;
          if (!sink.write(chunk)) await once(sink as never, 'drain');
          if (sinkError) throw sinkError;
        }
        if (written !== size) throw new Error(`tamanho inesperado em ${name}: ${written} bytes, esperados ${size}`);
        // streamx's typings want an argument; undefined ends without writing more.
        sink.end(undefined as never);
      } catch (err) {
        sink.destroy();
        reject(err as Error);
      }
    })();
  });
  await added;
  return tarSize(size);
}

/**
 * Runs one backup: the tables as JSON lines (read in one transaction, so they agree with each
 * other), then the stored files of their documents, into a gzip'd tar in the file store's
 * `backups` area. The row goes running → completed, or failed with the reason.
 */
export async function runBackup(ctx: AppContext, backupId: string): Promise<void> {
  const row = await repo.findBackup(ctx.db, backupId);
  if (!row || (row.status !== 'pending' && row.status !== 'running')) return;
  const work = join(ctx.config.dataDir, 'tmp', `backup-${backupId}`);
  let lastPercent = -1;
  const progress = async (step: string, percent: number, label: string) => {
    const rounded = Math.floor(percent);
    if (rounded === lastPercent) return;
    lastPercent = rounded;
    await repo.updateBackup(ctx.db, backupId, { status: 'running', manifest: { progress: { step, percent: rounded, label } } });
  };
  try {
    await mkdir(work, { recursive: true });
    await progress('tables', 0, 'Copiando tabelas');
    const rows: Record<string, number> = {};
    const files: ManifestFile[] = [];
    // One snapshot of every table: on PostgreSQL a repeatable-read transaction; PGlite has one
    // connection, so its transaction already excludes every other writer.
    const config = ctx.database.kind === 'postgres' ? { isolationLevel: 'repeatable read' as const, accessMode: 'read only' as const } : undefined;
    await ctx.db.transaction(async (tx) => {
      for (const table of BACKUP_TABLES) {
        const out = createWriteStream(join(work, `${table.name}.jsonl`));
        let n = 0;
        for (let offset = 0; ; offset += PAGE) {
          const page = await readPage(tx, table, offset, PAGE);
          for (const line of page) if (!out.write(line + '\n')) await once(out, 'drain');
          n += page.length;
          if (page.length < PAGE) break;
        }
        out.end();
        await once(out, 'finish');
        rows[table.name] = n;
      }
      const docs = await tx.execute(sql`select id, storage_key, status, file_size, sha256 from property_documents order by id`);
      for (const d of (docs as unknown as { rows: { id: string; storage_key: string; status: string; file_size: number | string; sha256: string }[] }).rows) {
        files.push({ documentId: d.id, key: d.storage_key, area: d.status === 'quarantined' ? 'quarantine' : 'uploads', size: Number(d.file_size), sha256: d.sha256 });
      }
    }, config);
    await progress('files', 30, 'Copiando arquivos');

    const manifest: BackupManifest = { format: ARCHIVE_FORMAT, createdAt: new Date().toISOString(), tables: BACKUP_TABLE_NAMES, rows, files, specTables: SPEC_TABLES };
    const archivePath = `${work}.tar.gz.enc`;
    // tar → gzip → AES-256-GCM → file: nothing readable reaches the disk or the store.
    const pack = tar.pack();
    const written = pipeline(pack, createGzip({ level: 6 }), encryptStream(resolveBackupKey(ctx.config).key), createWriteStream(archivePath));
    // A failure below destroys the pack; the pipeline's own rejection is then reported by the throw.
    written.catch(() => {});
    let originalSize = 0;
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    originalSize += await writeEntry(pack, 'manifest.json', manifestBytes.length, Readable.from([manifestBytes]));
    for (const table of BACKUP_TABLES) {
      const path = join(work, `${table.name}.jsonl`);
      originalSize += await writeEntry(pack, `tables/${table.name}.jsonl`, (await stat(path)).size, createReadStream(path));
    }
    for (const [i, f] of files.entries()) {
      let source: Readable;
      try {
        source = await ctx.storage.openRead(f.key, f.area);
      } catch {
        throw new Error(`Arquivo do documento ${f.documentId} ausente no armazenamento (${f.area}/${f.key}).`);
      }
      try {
        originalSize += await writeEntry(pack, `files/${f.area}/${f.key}`, f.size, source);
      } finally {
        source.destroy();
      }
      await progress('files', 30 + (60 * (i + 1)) / files.length, `Copiando arquivos (${i + 1} de ${files.length})`);
    }
    pack.finalize();
    originalSize += 2 * TAR_BLOCK;
    await written;

    await progress('upload', 95, 'Gravando o arquivo');
    const backupSize = (await stat(archivePath)).size;
    const storageKey = `archives/${backupId}`;
    await ctx.storage.commit(archivePath, storageKey, 'backups');
    await repo.updateBackup(ctx.db, backupId, {
      status: 'completed',
      storageKey,
      backupSize,
      originalSize,
      compressionRatio: Math.round((originalSize / backupSize) * 100) / 100,
      manifest: manifest as unknown as Record<string, unknown>,
      errorMessage: null,
      completedAt: new Date(),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await repo.updateBackup(ctx.db, backupId, { status: 'failed', errorMessage: message, manifest: null, completedAt: null });
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(`${work}.tar.gz.enc`, { force: true });
  }
}

/** Signs (backup, admin, expiry) with a key derived from AUTH_SECRET: every instance can check it. */
function linkSignature(ctx: AppContext, backupId: string, userId: string, expires: number): Buffer {
  const key = createHmac('sha256', ctx.config.authSecret).update('viabiliza-backup-download').digest();
  return createHmac('sha256', key).update(`${backupId}\n${userId}\n${expires}`).digest();
}

function validLinkToken(ctx: AppContext, backupId: string, userId: string, token: string | undefined, now = Date.now()): boolean {
  const m = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return false;
  const expires = Number(m[1]);
  const given = Buffer.from(m[2]!, 'base64url');
  const expected = linkSignature(ctx, backupId, userId, expires);
  return expires > now && given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * 'Baixar': after the admin's password, a link to the archive valid for a minute, for this admin
 * and this backup only. The browser then downloads it natively (streamed, with its own progress).
 */
export async function createDownloadLink(ctx: AppContext, request: FastifyRequest, actorId: string, id: string, password: string): Promise<BackupDownloadLink> {
  const row = await repo.findBackup(ctx.db, id);
  if (!row || row.status !== 'completed' || !row.storageKey) {
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_download', resource: 'backup', success: false, details: { backupId: id, reason: 'NOT_FOUND' }, ...requestMeta(request) });
    throw notFound();
  }
  await confirmPassword(ctx, request, actorId, 'backup_download', password, { backupId: id });
  const expires = Date.now() + DOWNLOAD_LINK_MS;
  const token = `${expires}.${linkSignature(ctx, id, actorId, expires).toString('base64url')}`;
  return { url: `/api/admin/backups/${id}/download?token=${token}`, expiresAt: new Date(expires).toISOString() };
}

export async function openBackupArchive(ctx: AppContext, request: FastifyRequest, actorId: string, id: string, token: string | undefined) {
  const meta = requestMeta(request);
  if (!validLinkToken(ctx, id, actorId, token)) {
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_download', resource: 'backup', success: false, details: { backupId: id, reason: 'NO_PASSWORD' }, ...meta });
    throw new AppError('FORBIDDEN', BACKUP_MESSAGES.downloadNeedsPassword);
  }
  const row = await repo.findBackup(ctx.db, id);
  if (!row || row.status !== 'completed' || !row.storageKey) {
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_download', resource: 'backup', success: false, details: { backupId: id }, ...meta });
    throw notFound();
  }
  const stream = await ctx.storage.openRead(row.storageKey, 'backups');
  await audit(ctx.db, request.log, { userId: actorId, action: 'backup_download', resource: 'backup', success: true, details: { backupId: id, backupName: row.backupName }, ...meta });
  return { stream, fileName: `${row.backupName}.tar.gz.enc`, size: row.backupSize };
}

async function* jsonLines(path: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
}

/** Reads the entries of the (decrypted) .tar.gz at `path` into `work` and the store's temp area. */
async function unpackArchive(ctx: AppContext, path: string, work: string, received: string[]) {
  let manifest: BackupManifest | null = null;
  const tablePaths = new Map<string, string>();
  const fileEntries = new Map<string, { tmpPath: string; sha256: string; size: number }>();
  const extract = tar.extract();
  const unpacked = pipeline(createReadStream(path), createGunzip(), extract);
  unpacked.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      if (type !== 'file') {
        entry.resume();
        continue;
      }
      if (name === 'manifest.json') {
        const chunks: Buffer[] = [];
        for await (const c of entry) chunks.push(c as Buffer);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        if (manifest.format !== ARCHIVE_FORMAT) throw new AppError('VALIDATION', 'Formato de backup desconhecido.');
      } else if (name.startsWith('tables/') && name.endsWith('.jsonl')) {
        const table = name.slice('tables/'.length, -'.jsonl'.length);
        if (!BACKUP_TABLE_NAMES.includes(table)) throw new AppError('VALIDATION', `Tabela desconhecida no backup: ${table}.`);
        const tablePath = join(work, `${table}.jsonl`);
        await pipeline(Readable.from(entry), createWriteStream(tablePath));
        tablePaths.set(table, tablePath);
      } else if (name.startsWith('files/')) {
        const temp = await ctx.storage.receive(Readable.from(entry), size + 1);
        received.push(temp.tmpPath);
        fileEntries.set(name.slice('files/'.length), { tmpPath: temp.tmpPath, sha256: temp.sha256, size: temp.size });
      } else {
        entry.resume();
      }
    }
    await unpacked;
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The archive decrypted and passed its tag, so a bad tar or gzip inside was written that way.
    throw new AppError('VALIDATION', 'Backup ilegível: o conteúdo decifrado não é um arquivo .tar.gz válido.');
  }
  return { manifest, tablePaths, fileEntries };
}

/**
 * Restores an archive: decrypts it whole beside DATA_DIR first (the GCM tag is checked at its end,
 * and nothing of it is trusted before), unpacks it, puts the files back in the store (checked
 * against their sha256), then in ONE transaction replaces the backed-up tables and checks every
 * table's row count against the manifest; a mismatch rolls everything back. After the commit, the
 * stored originals of the documents the restore removed are deleted. The admin doing the restore
 * keeps their own account even if the backup predates it.
 */
export async function restoreArchive(
  ctx: AppContext,
  archive: Readable,
  actorId: string | null,
): Promise<{ rows: Record<string, number>; files: number; removedFiles: number }> {
  const work = join(ctx.config.dataDir, 'tmp', `restore-${randomUUID()}`);
  await mkdir(work, { recursive: true });
  const received: string[] = [];
  try {
    const plain = join(work, 'archive.tar.gz');
    await pipeline(archive, decryptStream(resolveBackupKey(ctx.config).key), createWriteStream(plain, { mode: 0o600 }));
    const { manifest, tablePaths, fileEntries } = await unpackArchive(ctx, plain, work, received);
    await rm(plain, { force: true });
    if (!manifest) throw new AppError('VALIDATION', 'Backup sem manifesto.');
    for (const name of manifest.tables) if (!tablePaths.has(name)) throw new AppError('VALIDATION', `Backup incompleto: falta a tabela ${name}.`);
    for (const f of manifest.files) {
      const got = fileEntries.get(`${f.area}/${f.key}`);
      if (!got || got.sha256 !== f.sha256 || got.size !== f.size) throw new AppError('VALIDATION', `Backup corrompido: o arquivo do documento ${f.documentId} não confere.`);
    }
    for (const f of manifest.files) {
      const got = fileEntries.get(`${f.area}/${f.key}`)!;
      await ctx.storage.commit(got.tmpPath, f.key, f.area);
      fileEntries.delete(`${f.area}/${f.key}`);
    }

    const tables = BACKUP_TABLES.filter((t) => manifest.tables.includes(t.name));
    const idsOf = async (table: string) => {
      const ids: string[] = [];
      for await (const line of jsonLines(tablePaths.get(table)!)) ids.push(String((JSON.parse(line) as { id: unknown }).id));
      return ids;
    };
    const userIds = await idsOf('user');
    const accountIds = tablePaths.has('account') ? await idsOf('account') : [];
    // Id lists travel as one JSON parameter (drizzle would expand a JS array into a row).
    const inList = (ids: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
    const found: Record<string, number> = {};
    const restoredFiles = new Set(manifest.files.map((f) => `${f.area}/${f.key}`));
    let removedFiles: { key: string; area: StorageArea }[] = [];
    await ctx.db.transaction(async (tx) => {
      // Read in the transaction that deletes them: exactly the documents this restore removes.
      const current = await tx.execute(sql`select storage_key, status from property_documents`);
      removedFiles = (current as unknown as { rows: { storage_key: string; status: string }[] }).rows
        .map((d) => ({ key: d.storage_key, area: (d.status === 'quarantined' ? 'quarantine' : 'uploads') as StorageArea }))
        .filter((f) => !restoredFiles.has(`${f.area}/${f.key}`));
      for (const table of [...tables].reverse()) {
        if (table.name === 'user') {
          await deleteRows(tx, table, actorId ? sql`id not in ${inList(userIds)} and id <> ${actorId}` : sql`id not in ${inList(userIds)}`);
        } else if (table.name === 'account') {
          await deleteRows(tx, table, actorId ? sql`user_id <> ${actorId}` : undefined);
        } else {
          await deleteRows(tx, table);
        }
      }
      for (const table of tables) {
        const upsert = table.name === 'user' || table.name === 'account';
        let batch: string[] = [];
        for await (const line of jsonLines(tablePaths.get(table.name)!)) {
          batch.push(line);
          if (batch.length >= PAGE) {
            await insertRows(tx, table, batch, upsert);
            batch = [];
          }
        }
        await insertRows(tx, table, batch, upsert);
      }
      for (const table of tables) {
        const where = table.name === 'user' ? sql`id in ${inList(userIds)}` : table.name === 'account' ? sql`id in ${inList(accountIds)}` : undefined;
        found[table.name] = await countRows(tx, table, where);
        if (found[table.name] !== manifest.rows[table.name]) {
          throw new AppError('INTERNAL', `Restauração verificada sem sucesso: ${table.name} tem ${found[table.name]} registros, o backup tem ${manifest.rows[table.name]}.`);
        }
      }
    });
    // A file that cannot be removed now is an orphan the next start's sweep removes (recovery.ts).
    let removed = 0;
    for (const f of removedFiles) {
      if (await ctx.storage.removeFrom(f.key, f.area).then(() => true, () => false)) removed++;
    }
    return { rows: found, files: manifest.files.length, removedFiles: removed };
  } finally {
    // Files already committed are gone from tmp; discarding them again is harmless.
    for (const path of received) await ctx.storage.discard(path).catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

export async function restoreBackup(ctx: AppContext, request: FastifyRequest, actorId: string, id: string, password: string): Promise<RestoreBackupResponse> {
  const row = await repo.findBackup(ctx.db, id);
  const meta = requestMeta(request);
  if (!row || row.status !== 'completed' || !row.storageKey) {
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_restore', resource: 'backup', success: false, details: { backupId: id, reason: 'NOT_FOUND' }, ...meta });
    throw notFound();
  }
  await confirmPassword(ctx, request, actorId, 'backup_restore', password, { backupId: id });
  let result: Awaited<ReturnType<typeof restoreArchive>>;
  try {
    result = await restoreArchive(ctx, await ctx.storage.openRead(row.storageKey, 'backups'), actorId);
  } catch (err) {
    request.log.error({ err, backupId: id }, 'backup restore failed');
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_restore', resource: 'backup', success: false, details: { backupId: id, error: err instanceof Error ? err.message : String(err) }, ...meta });
    throw err instanceof AppError && err.status < 500 ? err : new AppError('INTERNAL', 'Falha ao restaurar backup');
  }
  const restoredAt = new Date();
  await repo.updateBackup(ctx.db, id, { restoredAt });
  await audit(ctx.db, request.log, { userId: actorId, action: 'backup_restore', resource: 'backup', success: true, details: { backupId: id, backupName: row.backupName, rows: result.rows, files: result.files, removedFiles: result.removedFiles }, ...meta });
  const total = Object.values(result.rows).reduce((a, b) => a + b, 0);
  await createNotification(ctx, {
    userId: actorId,
    title: 'Backup restaurado',
    message: `O backup "${row.backupName}" foi restaurado e conferido: ${total.toLocaleString('pt-BR')} registros em ${Object.keys(result.rows).length} tabelas e ${result.files} arquivo(s).`,
    type: 'success',
    data: { backupId: id },
  });
  return { id, restoredAt: restoredAt.toISOString(), rowCounts: result.rows, files: result.files };
}

