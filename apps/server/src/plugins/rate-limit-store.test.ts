import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimitCounters } from '@viabiliza/db/schema';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { databaseRateLimitStore, sweepRateLimitCounters } from './rate-limit-store.ts';

/**
 * The database store of the rate limits (used on PostgreSQL; its SQL runs on both engines, so this
 * runs on both). What the instances sharing it depend on: a count per key that every request moves
 * by one, a window that starts over once it has ended, routes with their own budget counted apart.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Result = { current: number; ttl: number };
const incr = (store: InstanceType<ReturnType<typeof databaseRateLimitStore>>, key: string, windowMs = 60_000) =>
  new Promise<Result>((resolve, reject) => store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, 10));

describe('the database rate-limit store', () => {
  it('counts each request on a key, and two stores over one database share the count', async () => {
    const Store = databaseRateLimitStore(t.database.db);
    const a = new Store({} as never);
    const b = new Store({} as never);
    expect((await incr(a, 'vitals:203.0.113.1:')).current).toBe(1);
    expect((await incr(b, 'vitals:203.0.113.1:')).current).toBe(2);
    const third = await incr(a, 'vitals:203.0.113.1:');
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(0);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr(a, 'vitals:203.0.113.2:')).current).toBe(1);
  });

  it('starts a new window once the stored one has ended', async () => {
    const Store = databaseRateLimitStore(t.database.db);
    const store = new Store({} as never);
    await t.database.db.insert(rateLimitCounters).values({ key: 'default:198.51.100.9', count: 99, expiresAt: new Date(Date.now() - 1000) });
    const res = await incr(store, 'default:198.51.100.9');
    expect(res.current).toBe(1);
    expect(res.ttl).toBeGreaterThan(50_000);
  });

  it('counts a route with its own budget apart from the others', async () => {
    const Store = databaseRateLimitStore(t.database.db);
    const root = new Store({} as never);
    const upload = root.child({ routeInfo: { method: 'POST', url: '/api/documents' } } as never);
    const analysis = root.child({ routeInfo: { method: 'POST', url: '/api/analyses' } } as never);
    await incr(upload, 'k');
    await incr(upload, 'k');
    expect((await incr(analysis, 'k')).current).toBe(1);
    expect((await incr(upload, 'k')).current).toBe(3);
  });

  it('counts the global read budget in this process, without writing the database', async () => {
    const Store = databaseRateLimitStore(t.database.db, ['read:']);
    const store = new Store({} as never);
    expect((await incr(store, 'read:192.0.2.7')).current).toBe(1);
    expect((await incr(store, 'read:192.0.2.7')).current).toBe(2);
    const rows = await t.database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'read:192.0.2.7'));
    expect(rows).toHaveLength(0);
    // Another budget on the same store still lands in the table, shared by every instance.
    await incr(store, 'default:192.0.2.7');
    const shared = await t.database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'default:192.0.2.7'));
    expect(shared.map((r) => r.count)).toEqual([1]);
  });

  it('sweeps only the counters whose window has ended', async () => {
    const db = t.database.db;
    await db.insert(rateLimitCounters).values([
      { key: 'sweep:old', count: 3, expiresAt: new Date(Date.now() - 60_000) },
      { key: 'sweep:live', count: 3, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await sweepRateLimitCounters(db);
    expect(await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'sweep:old'))).toHaveLength(0);
    expect(await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'sweep:live'))).toHaveLength(1);
  });
});
