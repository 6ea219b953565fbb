import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { DEMO_SAMPLES } from './modules/analyses/demo-samples.ts';
import { properties, user } from '@viabiliza/db/schema';
import { RATE_LIMITS } from '@viabiliza/contracts/rate-limits';
import { createTestDatabase, signUp, startInstance, usingPostgres, type ListeningApp } from '../test/helper.ts';
import { sseClient } from '../test/sse-client.ts';
import { DEMO_EMAIL } from './config/app-config.ts';

/**
 * Three instances started at once on a brand-new PostgreSQL database (issue 15, item 4): migrations
 * run under an advisory lock, so all three come up.
 * They then behave as one: every budget is counted in the database, so requests spread over the
 * instances share it, and one instance stops with an event stream open without waiting for it.
 * The embedded database has one owner process (DATA_DIR is locked): PostgreSQL only.
 */
type Instance = ListeningApp;
const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-many-'));
let store: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const started: Instance[] = [];

async function instance(url: string): Promise<Instance> {
  const inst = await startInstance(url, { dataDir });
  started.push(inst);
  return inst;
}

describe.skipIf(!usingPostgres)('three instances started together on a fresh PostgreSQL database', () => {
  afterAll(async () => {
    for (const i of started) await i.close();
    await store?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('all come up, and demo visitors on different instances each get a sandbox of their own', async () => {
    // Not a clone of the migrated template: the three instances race to migrate it themselves.
    store = await createTestDatabase({ migrated: false });
    const results = await Promise.allSettled([instance(store.url!), instance(store.url!), instance(store.url!)]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'up'))).toEqual(['up', 'up', 'up']);
    for (const i of started) expect((await fetch(`${i.base}/api/health`)).status).toBe(200);

    const ids: string[] = [];
    for (const i of started.slice(0, 2)) {
      const res = await i.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: '198.51.100.90' });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().user.id);
    }
    expect(new Set(ids).size).toBe(2);
    const db = started[0]!.database.db;
    for (const id of ids) {
      const seeded = await db.select({ title: properties.title }).from(properties).where(eq(properties.userId, id));
      expect(seeded.map((p) => p.title).sort()).toEqual(DEMO_SAMPLES.map((e) => e.title).sort());
    }
    // No instance created the shared demo account of earlier versions.
    expect(await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL))).toHaveLength(0);
  }, 120_000);

  it('share the web-vitals budget: 10 a minute per address, whichever instance answers', async () => {
    const { max } = RATE_LIMITS.vitals;
    const report = (i: Instance) =>
      i.app.inject({
        method: 'POST',
        url: '/api/metrics/web-vitals',
        remoteAddress: '203.0.113.7',
        payload: { metrics: [{ name: 'FCP', value: 800, path: '/' }] },
      });
    const statuses: number[] = [];
    // 10 spread over the three (4 + 4 + 2): each instance alone is far under its budget.
    for (let n = 0; n < max; n++) statuses.push((await report(started[n % 3]!)).statusCode);
    expect(statuses).toEqual(Array(max).fill(202));
    for (const i of started) expect((await report(i)).statusCode).toBe(429);
    // Another address has its own budget.
    const other = await started[1]!.app.inject({ method: 'POST', url: '/api/metrics/web-vitals', remoteAddress: '203.0.113.8', payload: { metrics: [{ name: 'FCP', value: 800, path: '/' }] } });
    expect(other.statusCode).toBe(202);
  });

  it('refuse the 6th and 7th of 7 wrong sign-ins spread over the three', async () => {
    const person = await signUp(started[0]!);
    const statuses: number[] = [];
    for (let n = 0; n < 7; n++) {
      const res = await started[n % 3]!.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '198.51.100.23',
        payload: { email: person.email, password: 'Errada123!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('stop one instance with an event stream open: the stream ends, the close does not wait for it, the others keep serving', async () => {
    const person = await signUp(started[0]!);
    const stopping = started.pop()!;
    const res = await fetch(`${stopping.base}/api/events`, { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    const sse = sseClient(res);
    await sse.next((e) => e === 'ready');
    // Issue 15: the server must exit within 10 s of being told to stop, stream or not.
    const closed = stopping.close().then(() => 'closed' as const);
    const waited = new Promise<'still running'>((r) => setTimeout(() => r('still running'), 10_000).unref());
    expect(await Promise.race([closed, waited])).toBe('closed');
    await expect(sse.next(() => false, 5000)).rejects.toThrow('stream closed');
    for (const i of started) expect((await fetch(`${i.base}/api/health`)).status).toBe(200);
  }, 30_000);
});
