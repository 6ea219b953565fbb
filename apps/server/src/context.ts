import type { DatabaseHandle, Database } from '@viabiliza/db/client';
import type { AppConfig } from './config/app-config.ts';
import type { Auth } from './modules/auth/auth.instance.ts';
import type { Queue } from './jobs/queue.ts';
import type { EventHub } from './realtime/event-hub.ts';
import type { LocalStorage } from './storage/local-storage.ts';
import type { ExtractionPool } from '@viabiliza/extract/pool';

/** What every route, service and job can reach. Built once by main.ts (or a test). */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  queue: Queue;
  events: EventHub;
  storage: LocalStorage;
  /** Worker threads that extract text; absent in a process that does not run jobs. */
  extraction: ExtractionPool;
}
