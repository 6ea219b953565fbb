import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '@viabiliza/db/client';
import {
  BACKUP_FRESHNESS_HOURS,
  BACKUP_RETENTION_DAYS,
  type Backup,
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
import { readTar, tarEnd, tarHeader, tarPadding } from './tar.ts';

/** Daily at 02:00 in the server's time zone (spec 02 §9). */
export const BACKUP_CRON = '0 2 * * *';
const PAGE = 500;
const ARCHIVE_FORMAT = 'viabiliza-backup/1';

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
  };
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

/** Writes a tar entry whose bytes come from a stream of known length; the length is checked. */
async function writeEntry(out: Writable, name: string, size: number, body: AsyncIterable<Buffer>): Promise<number> {
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(tarHeader(name, size));
  let written = 0;
  for await (const chunk of body) {
    written += chunk.length;
    if (written > size) break;
    await write(chunk);
  }
  if (written !== size) throw new Error(`tamanho inesperado em ${name}: ${written} bytes, esperados ${size}`);
  await write(tarPadding(size));
  return 512 + size + tarPadding(size).length;
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
    const archivePath = `${work}.tar.gz`;
    const gzip = createGzip({ level: 6 });
    const written = pipeline(gzip, createWriteStream(archivePath));
    let originalSize = 0;
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    originalSize += await writeEntry(gzip, 'manifest.json', manifestBytes.length, Readable.from([manifestBytes]));
    for (const table of BACKUP_TABLES) {
      const path = join(work, `${table.name}.jsonl`);
      originalSize += await writeEntry(gzip, `tables/${table.name}.jsonl`, (await stat(path)).size, createReadStream(path));
    }
    for (const [i, f] of files.entries()) {
      let source: Readable;
      try {
        source = await ctx.storage.openRead(f.key, f.area);
      } catch {
        throw new Error(`Arquivo do documento ${f.documentId} ausente no armazenamento (${f.area}/${f.key}).`);
      }
      originalSize += await writeEntry(gzip, `files/${f.area}/${f.key}`, f.size, source);
      await progress('files', 30 + (60 * (i + 1)) / files.length, `Copiando arquivos (${i + 1} de ${files.length})`);
    }
    const end = tarEnd();
    gzip.end(end);
    originalSize += end.length;
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
    await rm(`${work}.tar.gz`, { force: true });
  }
}

export async function openBackupArchive(ctx: AppContext, request: FastifyRequest, actorId: string, id: string) {
  const row = await repo.findBackup(ctx.db, id);
  const meta = requestMeta(request);
  if (!row || row.status !== 'completed' || !row.storageKey) {
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_download', resource: 'backup', success: false, details: { backupId: id }, ...meta });
    throw notFound();
  }
  const stream = await ctx.storage.openRead(row.storageKey, 'backups');
  await audit(ctx.db, request.log, { userId: actorId, action: 'backup_download', resource: 'backup', success: true, details: { backupId: id, backupName: row.backupName }, ...meta });
  return { stream, fileName: `${row.backupName}.tar.gz`, size: row.backupSize };
}

async function* jsonLines(path: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
}

/**
 * Restores an archive: unpacks it beside DATA_DIR, puts the files back in the store (checked
 * against their sha256), then in ONE transaction replaces the backed-up tables and checks every
 * table's row count against the manifest; a mismatch rolls everything back. The admin doing the
 * restore keeps their own account even if the backup predates it.
 */
export async function restoreArchive(ctx: AppContext, archive: Readable, actorId: string | null): Promise<{ rows: Record<string, number>; files: number }> {
  const work = join(ctx.config.dataDir, 'tmp', `restore-${randomUUID()}`);
  await mkdir(work, { recursive: true });
  const received: string[] = [];
  try {
    let manifest: BackupManifest | null = null;
    const tablePaths = new Map<string, string>();
    const fileEntries = new Map<string, { tmpPath: string; sha256: string; size: number }>();
    for await (const entry of readTar(archive.pipe(createGunzip()))) {
      if (entry.name === 'manifest.json') {
        const chunks: Buffer[] = [];
        for await (const c of entry.body) chunks.push(c);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        if (manifest.format !== ARCHIVE_FORMAT) throw new AppError('VALIDATION', 'Formato de backup desconhecido.');
      } else if (entry.name.startsWith('tables/') && entry.name.endsWith('.jsonl')) {
        const name = entry.name.slice('tables/'.length, -'.jsonl'.length);
        if (!BACKUP_TABLE_NAMES.includes(name)) throw new AppError('VALIDATION', `Tabela desconhecida no backup: ${name}.`);
        const path = join(work, `${name}.jsonl`);
        await pipeline(Readable.from(entry.body), createWriteStream(path));
        tablePaths.set(name, path);
      } else if (entry.name.startsWith('files/')) {
        const temp = await ctx.storage.receive(Readable.from(entry.body), entry.size + 1);
        fileEntries.set(entry.name.slice('files/'.length), { tmpPath: temp.tmpPath, sha256: temp.sha256, size: temp.size });
        received.push(temp.tmpPath);
      }
    }
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
    await ctx.db.transaction(async (tx) => {
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
    return { rows: found, files: manifest.files.length };
  } finally {
    // Files already committed are gone from tmp; discarding them again is harmless.
    for (const path of received) await ctx.storage.discard(path).catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

export async function restoreBackup(ctx: AppContext, request: FastifyRequest, actorId: string, id: string): Promise<RestoreBackupResponse> {
  const row = await repo.findBackup(ctx.db, id);
  const meta = requestMeta(request);
  if (!row || row.status !== 'completed' || !row.storageKey) {
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_restore', resource: 'backup', success: false, details: { backupId: id, reason: 'NOT_FOUND' }, ...meta });
    throw notFound();
  }
  let result: { rows: Record<string, number>; files: number };
  try {
    result = await restoreArchive(ctx, await ctx.storage.openRead(row.storageKey, 'backups'), actorId);
  } catch (err) {
    request.log.error({ err, backupId: id }, 'backup restore failed');
    await audit(ctx.db, request.log, { userId: actorId, action: 'backup_restore', resource: 'backup', success: false, details: { backupId: id, error: err instanceof Error ? err.message : String(err) }, ...meta });
    throw err instanceof AppError && err.status < 500 ? err : new AppError('INTERNAL', 'Falha ao restaurar backup');
  }
  const restoredAt = new Date();
  await repo.updateBackup(ctx.db, id, { restoredAt });
  await audit(ctx.db, request.log, { userId: actorId, action: 'backup_restore', resource: 'backup', success: true, details: { backupId: id, backupName: row.backupName, rows: result.rows, files: result.files }, ...meta });
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

