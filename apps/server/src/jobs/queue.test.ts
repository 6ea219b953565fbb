import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, user } from '@viabiliza/db/schema';
import { openDatabase, type DatabaseHandle } from '@viabiliza/db/client';
import { createRuntime } from '../bootstrap.ts';
import { createTestDatabase, eventually, testConfig } from '../../test/helper.ts';
import { JOBS } from './job-names.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The same durable store opened twice, as a server restart would. */
async function durableStore(): Promise<() => Promise<DatabaseHandle>> {
  if (process.env.TEST_DATABASE_URL) {
    const store = await createTestDatabase();
    cleanups.push(store.drop);
    return store.open;
  }
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-queue-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return () => openDatabase({ kind: 'pglite', dataDir: join(dir, 'db'), seedDump: inject('pgliteSeed') });
}

describe('job queue', () => {
  it('a job sent before a restart runs after it', async () => {
    const open = await durableStore();
    const onError = (err: unknown) => {
      throw err;
    };

    // First life: the job is enqueued but no worker runs (the server dies before picking it up).
    const db1 = await open();
    const first = await createRuntime(testConfig(), db1, { work: false, onError });
    await db1.db.insert(user).values({ id: 'u-restart', name: 'Reinício', email: 'restart@example.com' });
    const jobId = await first.ctx.queue.send(JOBS.welcomeNotification, { userId: 'u-restart' });
    expect(jobId).toBeTruthy();
    await first.close();
    await db1.close();

    // Second life: the worker finds the job and runs it once.
    const db2 = await open();
    const second = await createRuntime(testConfig(), db2, { work: true, onError });
    cleanups.push(async () => {
      await second.close();
      await db2.close();
    });
    const rows = await eventually(async () => {
      const r = await db2.db.select().from(notifications).where(eq(notifications.userId, 'u-restart'));
      return r.length ? r : null;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe('Bem-vindo ao Viabiliza!');
  });
});
