import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '@viabiliza/db/client';
import type { JobName } from './job-names.ts';

export interface JobDefinition<T extends object = object> {
  name: JobName;
  /** Validates the payload at the boundary; a bad payload fails the job, it is not retried forever. */
  parse: (data: unknown) => T;
  handle: (data: T) => Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a started job may run before the queue takes it as lost and retries it. */
  expireInSeconds?: number;
}

export interface Queue {
  send(name: JobName, data: object): Promise<string | null>;
  stop(): Promise<void>;
  boss: PgBoss;
}

export interface QueueOptions {
  /** Run handlers in this process (false: only enqueue, e.g. a CLI). */
  work: boolean;
  pollSeconds: number;
  onError: (err: unknown) => void;
}

/**
 * pg-boss on the same database: PostgreSQL by connection string, PGlite through its adapter.
 * Jobs are durable: a job sent before a crash runs after the restart.
 */
export async function startQueue(
  database: DatabaseHandle,
  jobs: JobDefinition<any>[],
  options: QueueOptions,
): Promise<Queue> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema: 'pgboss' })
    : new PgBoss({ connectionString: database.url!, schema: 'pgboss', max: 4 });
  boss.on('error', options.onError);
  await boss.start();
  for (const job of jobs) {
    // Creating the queue up front also warms pg-boss's cache (a first send inside a transaction
    // can deadlock on PGlite otherwise).
    await boss.createQueue(job.name, {
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 1,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 900,
    });
    if (options.work) {
      await boss.work(job.name, { pollingIntervalSeconds: options.pollSeconds }, async (batch) => {
        for (const j of batch) await job.handle(job.parse(j.data));
      });
    }
  }
  return {
    boss,
    send: (name, data) => boss.send(name, data),
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
