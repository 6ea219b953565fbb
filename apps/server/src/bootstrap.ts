import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@viabiliza/db/client';
import type { AppConfig } from './config/app-config.ts';
import type { AppContext } from './context.ts';
import { createAuth } from './modules/auth/auth.instance.ts';
import { EventHub } from './realtime/event-hub.ts';
import { startQueue } from './jobs/queue.ts';
import { welcomeNotificationJob } from './jobs/welcome-notification.ts';
import { getNotification } from './modules/notifications/notifications.service.ts';
import { getDocumentSummary } from './modules/documents/documents.service.ts';
import { extractDocumentJob } from './jobs/extract-document.ts';
import { LocalStorage } from './storage/local-storage.ts';
import { createExtractionPool } from '@viabiliza/extract/pool';

const here = dirname(fileURLToPath(import.meta.url));

/** The migrations beside the bundle (dist/migrations) or in the db package (source runs). */
export function migrationsFolder(): string {
  const candidates = [join(here, 'migrations'), join(here, '../../../packages/db/migrations')];
  const found = candidates.find((c) => existsSync(join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrações não encontradas em ${candidates.join(' ou ')}`);
  return found;
}

/** The bundled worker beside dist/main.js, or the TypeScript source (run through tsx) in development. */
export function extractionWorkerFile(): string {
  const bundled = join(here, 'extract-worker.js');
  return existsSync(bundled) ? bundled : join(here, '../../../packages/extract/src/worker.ts');
}

export interface Runtime {
  ctx: AppContext;
  close(): Promise<void>;
}

/** Wires the context: migrations, auth, realtime, queue. `work` runs job handlers here too. */
export async function createRuntime(
  config: AppConfig,
  database: DatabaseHandle,
  options: { work: boolean; onError: (err: unknown) => void },
): Promise<Runtime> {
  await database.migrate(migrationsFolder());
  const events = new EventHub(database, options.onError);
  // The context is completed below; jobs and loaders read it lazily.
  const ctx = {
    config,
    database,
    db: database.db,
    auth: createAuth(database.db, config),
    events,
    storage: new LocalStorage(config.dataDir),
    extraction: createExtractionPool({ workerFile: extractionWorkerFile() }),
  } as AppContext;
  events.setLoader('notification', (userId, id) => getNotification(ctx, userId, id));
  events.setLoader('document', (userId, id) => getDocumentSummary(ctx, userId, id));
  await events.start();
  ctx.queue = await startQueue(database, [welcomeNotificationJob(() => ctx), extractDocumentJob(() => ctx)], {
    work: options.work,
    pollSeconds: config.queuePollSeconds,
    onError: options.onError,
  });
  return {
    ctx,
    close: async () => {
      await ctx.queue.stop();
      await events.stop();
      await ctx.extraction.destroy();
    },
  };
}
