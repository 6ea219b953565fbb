import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { properties, user } from '@viabiliza/db/schema';
import { createTestDatabase, startInstance, usingPostgres, type ListeningApp } from '../test/helper.ts';
import { DEMO_EMAIL } from './config/app-config.ts';

/**
 * Three instances started at once on a brand-new PostgreSQL database (issue 15, item 4): migrations
 * and the demo seed run under an advisory lock, so all three come up and the seed exists once.
 * The embedded database has one owner process (DATA_DIR is locked): PostgreSQL only.
 */
type Instance = ListeningApp;
const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-many-'));
let store: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const started: Instance[] = [];

async function instance(url: string): Promise<Instance> {
  const inst = await startInstance(url, { dataDir }, { seed: true });
  started.push(inst);
  return inst;
}

describe.skipIf(!usingPostgres)('three instances started together on a fresh PostgreSQL database', () => {
  afterAll(async () => {
    for (const i of started) await i.close();
    await store?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('all come up, and the demo account and its example properties are seeded once', async () => {
    store = await createTestDatabase();
    const results = await Promise.allSettled([instance(store.url!), instance(store.url!), instance(store.url!)]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'up'))).toEqual(['up', 'up', 'up']);
    for (const i of started) expect((await fetch(`${i.base}/api/health`)).status).toBe(200);

    const db = started[0]!.database.db;
    const demo = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL));
    expect(demo).toHaveLength(1);
    const seeded = await db.select({ title: properties.title }).from(properties).where(eq(properties.userId, demo[0]!.id));
    expect(seeded.map((p) => p.title).sort()).toEqual(EXAMPLE_PROPERTIES.map((e) => e.title).sort());
  }, 120_000);
});
