import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { properties, propertyAnalyses, user } from '@viabiliza/db/schema';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { createPublicStatsReader } from './public-stats.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function addAnalyses(userId: string, n: number) {
  const db = t.runtime.ctx.db;
  const [property] = await db.insert(properties).values({ userId, title: 'Imóvel de teste' }).returning({ id: properties.id });
  for (let i = 0; i < n; i++) {
    await db.insert(propertyAnalyses).values({ propertyId: property!.id, userId, analysisType: 'financial', resultContent: 'ok' });
  }
}

describe('GET /api/public/stats', () => {
  it('answers the counts of analyses and users, and nothing else', async () => {
    const [{ n: usersBefore }] = (await t.runtime.ctx.db.select({ n: count() }).from(user)) as [{ n: number }];
    const [{ n: analysesBefore }] = (await t.runtime.ctx.db.select({ n: count() }).from(propertyAnalyses)) as [{ n: number }];
    const a = await signUp(t);
    await signUp(t);
    await addAnalyses(a.user.id, 3);

    const res = await t.app.inject({ url: '/api/public/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ analyses: analysesBefore + 3, users: usersBefore + 2 });
    expect(res.headers['cache-control']).toContain('max-age=60');
  });

  it('keeps an answer for the cache period, then counts again', async () => {
    let now = 0;
    const read = createPublicStatsReader(t.runtime.ctx.db, 1000, () => now);
    const first = await read();
    const b = await signUp(t);
    await addAnalyses(b.user.id, 1);
    now = 999;
    expect(await read()).toEqual(first);
    now = 1000;
    expect(await read()).toEqual({ analyses: first.analyses + 1, users: first.users + 1 });
  });
});
