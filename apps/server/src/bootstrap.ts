import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@viabiliza/db/client';
import type { AppConfig } from './config/app-config.ts';
import type { AppContext } from './context.ts';
import { createAuth } from './modules/auth/auth.instance.ts';
import { limitedPasswordHashing } from './modules/auth/password-hashing.ts';
import { EventHub } from './realtime/event-hub.ts';
import { startQueue } from './jobs/queue.ts';
import { welcomeNotificationJob } from './jobs/welcome-notification.ts';
import { getNotification } from './modules/notifications/notifications.service.ts';
import { idsCreatedSince as notificationIdsSince } from './modules/notifications/notifications.repository.ts';
import { getDocumentSummary } from './modules/documents/documents.service.ts';
import { extractDocumentJob } from './jobs/extract-document.ts';
import { recoverDocuments, sweepOrphanFiles } from './modules/documents/recovery.ts';
import { analyzeRunJob } from './jobs/analyze-run.ts';
import { backupJob, scheduleBackups } from './jobs/backup.ts';
import { scheduleSgsRefresh, sgsRefreshJob } from './jobs/sgs-refresh.ts';
import { getRunSummary, recoverRuns } from './modules/analyses/analyses.service.ts';
import { LocalStorage } from './storage/local-storage.ts';
import { S3Storage } from './storage/s3-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { createExtractionPool, type ExtractionPool } from '@viabiliza/extract/pool';
import { ServerMetrics } from './modules/metrics/metrics.ts';
import { MetricsSampler } from './modules/metrics/sampler.ts';
import { getAuditEvent } from './modules/audit/audit.service.ts';
import { sandboxCleanupJob, scheduleSandboxCleanup } from './jobs/sandbox-cleanup.ts';
import { Mailer } from './modules/account-mail/mailer.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** A run untouched for this long on PostgreSQL is taken as abandoned by a stopped instance. */
const STALE_RUN_MS = 10 * 60_000;
/**
 * PostgreSQL advisory lock held while an instance migrates: instances started together take turns
 * instead of racing on CREATE TABLE.
 */
export const STARTUP_LOCK_KEY = 0x5649_4142_494c_0001n;

/** The migrations beside the bundle (dist/migrations) or in the db package (source runs). */
export function migrationsFolder(): string {
  const candidates = [join(here, 'migrations'), join(here, '../../../packages/db/migrations')];
  const found = candidates.find((c) => existsSync(join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrações não encontradas em ${candidates.join(' ou ')}`);
  return found;
}

/** The bundled worker beside dist/server.js, or the TypeScript source (run through tsx) in development. */
export function extractionWorkerFile(): string {
  const bundled = join(here, 'extract-worker.js');
  return existsSync(bundled) ? bundled : join(here, '../../../packages/extract/src/worker.ts');
}

/** 'Viabiliza <nao-responda@host>' of PUBLIC_URL's host, when MAIL_FROM is not set. */
function defaultMailFrom(publicUrl: string): string {
  return `Viabiliza <nao-responda@${new URL(publicUrl).hostname}>`;
}

export interface Runtime {
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The extraction threads of a process that does not work jobs (VIABILIZA_ROLE=web): started on
 * first use only (the admin probes run one sample), not at boot.
 */
function lazyExtractionPool(): ExtractionPool {
  let pool: ExtractionPool | undefined;
  const get = () => (pool ??= createExtractionPool({ workerFile: extractionWorkerFile() }));
  return {
    get threads() {
      return get().threads;
    },
    run: (input, options) => get().run(input, options),
    readTable: (bytes, options) => get().readTable(bytes, options),
    destroy: async () => pool?.destroy(),
  };
}

export interface RuntimeOptions {
  /** Run job handlers and the extraction threads here (false: only enqueue). */
  work: boolean;
  onError: (err: unknown) => void;
}

/** Wires the context: migrations, auth, realtime, queue. `work` runs job handlers here too. */
export async function createRuntime(config: AppConfig, database: DatabaseHandle, options: RuntimeOptions): Promise<Runtime> {
  await database.withAdvisoryLock(STARTUP_LOCK_KEY, () => database.migrate(migrationsFolder()));
  const events = new EventHub(database, options.onError);
  const passwordHashing = limitedPasswordHashing({ concurrency: config.passwordHashConcurrency, newQueueMax: config.newPasswordHashQueueMax });
  // The context is completed below; jobs and loaders read it lazily.
  const ctx = {
    config,
    database,
    db: database.db,
    auth: createAuth(database.db, config, passwordHashing),
    passwordHashing,
    mailer: new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom ?? defaultMailFrom(config.publicUrl) }),
    events,
    storage: (config.s3 ? new S3Storage(config.s3, config.dataDir) : new LocalStorage(config.dataDir)) satisfies FileStorage as FileStorage,
    extraction: options.work ? createExtractionPool({ workerFile: extractionWorkerFile() }) : lazyExtractionPool(),
    metrics: new ServerMetrics(async () =>
      (await ctx.queue.boss.getQueues()).map((q) => ({ queue: q.name, ready: q.readyCount ?? 0, active: q.activeCount ?? 0 })),
    ),
  } as AppContext;
  ctx.sampler = new MetricsSampler(ctx, config.metricsSampleSeconds * 1000, options.onError);
  events.setLoader('notification', (userId, id) => getNotification(ctx, userId, id));
  events.setLoader('document', (userId, id) => getDocumentSummary(ctx, userId, id));
  events.setLoader('analysis-run', (userId, id) => getRunSummary(ctx, userId, id));
  events.setLoader('audit', (_topic, id) => getAuditEvent(ctx, id));
  events.setCatchUp(async (userIds, since) =>
    (await notificationIdsSince(ctx.db, userIds, since)).map((n) => ({ userId: n.userId, kind: 'notification' as const, id: n.id })),
  );
  await events.start();
  ctx.queue = await startQueue(database, [welcomeNotificationJob(() => ctx), extractDocumentJob(() => ctx), analyzeRunJob(() => ctx), backupJob(() => ctx), sgsRefreshJob(() => ctx), sandboxCleanupJob(() => ctx)], {
    work: options.work,
    pollSeconds: config.queuePollSeconds,
    onError: options.onError,
    observeJob: (name, ok, ms) => ctx.metrics.observeJob(name, ok, ms),
  });
  ctx.sampler.start();
  if (options.work) {
    // Embedded mode is one process (DATA_DIR is locked): whatever is unfinished was left by the
    // previous one. On PostgreSQL other instances may be working, so only stale runs are taken.
    const cutoff = database.pglite ? new Date() : new Date(Date.now() - (config.recoveryStaleSeconds ?? STALE_RUN_MS / 1000) * 1000);
    await recoverRuns(ctx, cutoff);
    await recoverDocuments(ctx, cutoff);
    await sweepOrphanFiles(ctx, cutoff);
    await scheduleBackups(ctx);
    await scheduleSgsRefresh(ctx);
    await scheduleSandboxCleanup(ctx);
  }
  return {
    ctx,
    close: async () => {
      ctx.sampler.stop();
      await ctx.queue.stop();
      await events.stop();
      await ctx.extraction.destroy();
    },
  };
}
