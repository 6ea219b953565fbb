import type { DatabaseHandle, Database } from '@viabiliza/db/client';
import type { AppConfig } from './config/app-config.ts';
import type { Auth } from './modules/auth/auth.instance.ts';
import type { LimitedPasswordHashing } from './modules/auth/password-hashing.ts';
import type { Queue } from './jobs/queue.ts';
import type { EventHub } from './realtime/event-hub.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { ExtractionPool } from '@viabiliza/extract/pool';
import type { ServerMetrics } from './modules/metrics/metrics.ts';
import type { MetricsSampler } from './modules/metrics/sampler.ts';
import type { Mailer } from './modules/account-mail/mailer.ts';

/** What every route, service and job can reach. Built once by main.ts (or a test). */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  /** The password hashes' slots and lanes that `auth` uses (sign-ins before sign-ups). */
  passwordHashing: LimitedPasswordHashing;
  queue: Queue;
  events: EventHub;
  storage: FileStorage;
  /** Worker threads that extract text; absent in a process that does not run jobs. */
  extraction: ExtractionPool;
  /** The server's own measurements (GET /metrics). */
  metrics: ServerMetrics;
  /** Writes the realtime_monitoring samples of this instance. */
  sampler: MetricsSampler;
  /** Account e-mail: SMTP when configured, else the outbox admins read on /admin. */
  mailer: Mailer;
}
