import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRuns, propertyDocuments } from '@viabiliza/db/schema';
import type { DashboardMetrics, DashboardStats } from '@viabiliza/contracts/dashboard';
import { ADMIN_EMAIL, createTestApp, signUp, usingPostgres, type TestApp } from '../../../test/helper.ts';

/**
 * Issue 18 §8 'What each person sees is theirs': a plain user's dashboard carries their own
 * documents and runs and nothing about the server (Node version, uptime, memory, database, queue,
 * disk); an admin's still carries the server's checks and memory.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

/** Words that only the server's own figures contain. */
const SERVER_WORDS = [process.version, 'Node', 'no ar há', 'rssMb', 'heapUsedMb', 'heapTotalMb', 'PGlite', 'PostgreSQL', 'GB livres', 'na fila'];

async function documentRow(userId: string, status: string, n: number) {
  await t.runtime.ctx.db.insert(propertyDocuments).values({
    userId,
    fileName: `doc-${status}-${n}.pdf`,
    fileType: 'pdf',
    fileSize: 1000 + n,
    storageKey: `test/${userId}/${status}-${n}`,
    sha256: `${status}-${n}`.padEnd(64, '0'),
    status,
    errorMessage: status === 'error' ? 'Falha de teste' : null,
    quarantineReason: status === 'quarantined' ? 'Conteúdo ativo em PDF' : null,
  });
}

async function runRow(userId: string, status: string, createdAt: Date) {
  await t.runtime.ctx.db.insert(analysisRuns).values({
    userId,
    analysisType: 'complete',
    input: {},
    inputHash: `${status}-${createdAt.getTime()}`,
    status,
    createdAt,
    finishedAt: status === 'completed' || status === 'failed' ? createdAt : null,
  });
}

describe('own status on the dashboard', () => {
  it('a plain user gets their documents and runs, and no server metrics', async () => {
    const person = await signUp(t);
    const other = await signUp(t);
    const states = { completed: 3, processing: 1, uploaded: 1, error: 2, quarantined: 1 };
    for (const [status, n] of Object.entries(states)) for (let i = 0; i < n; i++) await documentRow(person.user.id, status, i);
    // Another person's rows change nothing of the first one's figures.
    await documentRow(other.user.id, 'error', 0);
    await runRow(other.user.id, 'queued', new Date('2026-11-20T12:00:00Z'));

    const base = Date.parse('2026-11-01T10:00:00Z');
    await runRow(person.user.id, 'completed', new Date(base));
    await runRow(person.user.id, 'completed', new Date(base + 60_000));
    await runRow(person.user.id, 'failed', new Date(base + 120_000));
    await runRow(person.user.id, 'queued', new Date(base + 180_000));
    const latest = new Date(base + 240_000);
    await runRow(person.user.id, 'secure_analysis', latest);

    const res = await get(person.cookie, '/api/dashboard/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json() as DashboardStats;
    expect(stats.own).toEqual({
      documents: { total: 8, read: 3, reading: 2, error: 2, quarantined: 1 },
      runs: { inProgress: 2, completed: 2, failed: 1, lastRunAt: latest.toISOString(), lastRunStatus: 'secure_analysis' },
    });
    expect(stats.totalDocuments).toBe(8);
    expect(stats).not.toHaveProperty('system');

    const metricsRes = await get(person.cookie, '/api/dashboard/metrics');
    expect(metricsRes.statusCode, metricsRes.body).toBe(200);
    expect(metricsRes.json()).not.toHaveProperty('memory');

    for (const body of [res.body, metricsRes.body]) {
      for (const word of SERVER_WORDS) expect(body, word).not.toContain(word);
    }

    const otherStats = (await get(other.cookie, '/api/dashboard/stats')).json() as DashboardStats;
    expect(otherStats.own).toEqual({
      documents: { total: 1, read: 0, reading: 0, error: 1, quarantined: 0 },
      runs: { inProgress: 1, completed: 0, failed: 0, lastRunAt: '2026-11-20T12:00:00.000Z', lastRunStatus: 'queued' },
    });
  });

  it('an admin still gets the server checks and memory, beside their own status', async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    expect(admin.user.role).toBe('admin');
    await documentRow(admin.user.id, 'completed', 0);

    const stats = (await get(admin.cookie, '/api/dashboard/stats')).json() as DashboardStats;
    expect(stats.own.documents).toEqual({ total: 1, read: 1, reading: 0, error: 0, quarantined: 0 });
    expect(stats.own.runs).toEqual({ inProgress: 0, completed: 0, failed: 0, lastRunAt: null, lastRunStatus: null });
    const system = stats.system ?? [];
    expect(new Set(system.map((c) => c.id))).toEqual(new Set(['api', 'database', 'queue', 'storage', 'providers']));
    for (const check of system) {
      expect(check.status, `${check.id}: ${check.detail}`).toBe('operational');
      expect(check.detail).not.toBe('');
    }
    expect(system.find((c) => c.id === 'api')!.detail).toContain(`Node ${process.version}`);
    expect(system.find((c) => c.id === 'database')!.detail).toContain(usingPostgres ? 'PostgreSQL' : 'PGlite');

    const metrics = (await get(admin.cookie, '/api/dashboard/metrics')).json() as DashboardMetrics;
    expect(metrics.memory).toBeDefined();
    expect(metrics.memory!.rssMb).toBeGreaterThan(0);
    expect(metrics.memory!.heapUsedMb).toBeGreaterThan(0);
    expect(metrics.memory!.heapUsedMb).toBeLessThanOrEqual(metrics.memory!.rssMb);
  });

  it('the server metrics endpoints stay closed to a plain user', async () => {
    const person = await signUp(t);
    expect((await get(person.cookie, '/metrics')).statusCode).toBe(403);
    expect((await get(person.cookie, '/api/admin/system-monitor')).statusCode).toBe(403);
  });
});
