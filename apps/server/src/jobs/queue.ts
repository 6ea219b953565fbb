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
  /** Jobs of this queue one process runs at once (default 1). */
  concurrency?: number;
  /**
   * Jobs of one group (the `group` given to `send`, e.g. a user) this process takes at once; the
   * rest of that group stays queued in the database while other groups' jobs are taken.
   */
  groupConcurrency?: number;
}

export interface SendOptions {
  /** Jobs with the same group share the queue's `groupConcurrency` (e.g. one user's uploads). */
  group?: string;
}

export interface Queue {
  send(name: JobName, data: object, options?: SendOptions): Promise<string | null>;
  stop(): Promise<void>;
  /** True from `stop()` on: the readiness probe (modules/health) reports a stopping queue as not ready. */
  readonly stopped: boolean;
  boss: PgBoss;
}

export interface QueueOptions {
  /** Run handlers in this process (false: only enqueue, e.g. a CLI). */
  work: boolean;
  pollSeconds: number;
  onError: (err: unknown) => void;
  /** Called after each job handler with its outcome and duration (metrics). */
  observeJob?: (name: JobName, ok: boolean, ms: number) => void;
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
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema: 'pgboss', useListenNotify: true })
    : // pg-boss's own default pool (10): every queue's worker fetches on its own, and with 4 the
      // workers' fetches timed out while a burst of uploads held the pool (malformed-files on PostgreSQL).
      new PgBoss({ connectionString: database.url!, schema: 'pgboss', max: 10, useListenNotify: true });
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
      // A new job wakes a worker at once (LISTEN/NOTIFY) instead of waiting for the next poll:
      // the person who clicked 'Iniciar Análise' should not wait a polling interval. Retries do
      // not notify; polling still picks them up.
      notify: true,
    });
    if (options.work) {
      const workOptions = {
        pollingIntervalSeconds: options.pollSeconds,
        notifyPollingIntervalSeconds: options.pollSeconds,
        localConcurrency: job.concurrency ?? 1,
        ...(job.groupConcurrency ? { localGroupConcurrency: Math.min(job.groupConcurrency, job.concurrency ?? 1) } : {}),
      };
      await boss.work(job.name, workOptions, async (batch) => {
        for (const j of batch) {
          const started = performance.now();
          let ok = false;
          try {
            await job.handle(job.parse(j.data));
            ok = true;
          } finally {
            options.observeJob?.(job.name, ok, performance.now() - started);
          }
        }
      });
    }
  }
  let stopped = false;
  return {
    boss,
    get stopped() {
      return stopped;
    },
    send: (name, data, sendOptions) => boss.send(name, data, sendOptions?.group ? { group: { id: sendOptions.group } } : {}),
    stop: () => {
      stopped = true;
      return boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
