import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, PASSWORD, createTestDatabase, signUp, startInstance, usingPostgres, type ListeningApp } from '../../test/helper.ts';
import { sseClient } from '../../test/sse-client.ts';

/**
 * Issue 15, item 3, across instances: a stream open on instance B ends when its session is signed out
 * or revoked through instance A, and drops the audit feed when its user is demoted there (the events
 * cross through LISTEN/NOTIFY). Two
 * instances need a shared database server, so this runs with TEST_DATABASE_URL only; the same events
 * cross PGlite's in-process LISTEN/NOTIFY in events.routes.test.ts.
 */
type Instance = ListeningApp;
let store: Awaited<ReturnType<typeof createTestDatabase>>;
let a: Instance;
let b: Instance;
const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-streams-'));

async function instance(): Promise<Instance> {
  // A long heartbeat: only the cross-instance event can end the stream within the test's wait.
  return startInstance(store.url!, { dataDir, sseHeartbeatMs: 600_000 });
}

async function endsWithin(sse: ReturnType<typeof sseClient>, ms: number): Promise<boolean> {
  try {
    await sse.next(() => false, ms);
    return false;
  } catch (err) {
    if ((err as Error).message === 'stream closed') return true;
    if ((err as Error).message === 'event not received') return false;
    throw err;
  }
}

describe.skipIf(!usingPostgres)('streams end with their session across instances', () => {
  beforeAll(async () => {
    store = await createTestDatabase();
    a = await instance();
    b = await instance();
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const openOn = async (i: Instance, cookie: string) => {
    const res = await fetch(`${i.base}/api/events`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const sse = sseClient(res);
    await sse.next((e) => e === 'ready');
    return sse;
  };

  it("'Finalizar' through A ends the stream open on B", async () => {
    const admin = await signUp(a, { email: ADMIN_EMAIL });
    const u = await signUp(a);
    const sse = await openOn(b, u.cookie);
    try {
      expect(await endsWithin(sse, 500)).toBe(false);
      const sessions = (await a.app.inject({ url: '/api/admin/sessions', headers: { cookie: admin.cookie } })).json().sessions as { id: string; userId: string }[];
      const target = sessions.find((s) => s.userId === u.user.id)!;
      expect((await a.app.inject({ method: 'POST', url: `/api/admin/sessions/${target.id}/revoke`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      expect(await endsWithin(sse, 5000)).toBe(true);
    } finally {
      await sse.close().catch(() => {});
    }
  });

  it('a role change through A stops the audit feed of the demoted admin’s stream on B', async () => {
    const admin = await a.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: ADMIN_EMAIL, password: PASSWORD } });
    const adminCookie = String(admin.headers['set-cookie']).split(';')[0]!;
    const other = await signUp(a);
    await a.app.inject({ method: 'POST', url: `/api/admin/users/${other.user.id}/role`, headers: { cookie: adminCookie }, payload: { role: 'admin' } });
    const sse = await openOn(b, other.cookie);
    try {
      await a.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'antes@example.com', password: 'Errada123!' } });
      await sse.next((e, d) => e === 'audit' && d.includes('antes@example.com'));
      expect((await a.app.inject({ method: 'POST', url: `/api/admin/users/${other.user.id}/role`, headers: { cookie: adminCookie }, payload: { role: 'user' } })).statusCode).toBe(200);
      await sse.next((e, d) => e === 'notification' && d.includes('Papel atualizado'));
      await a.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'depois@example.com', password: 'Errada123!' } });
      await expect(sse.next((e) => e === 'audit', 2000)).rejects.toThrow('event not received');
    } finally {
      await sse.close().catch(() => {});
    }
  });

  it('sign-out through A ends the stream of that session on B', async () => {
    const u = await signUp(a);
    const sse = await openOn(b, u.cookie);
    try {
      expect((await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: u.cookie } })).statusCode).toBe(204);
      expect(await endsWithin(sse, 5000)).toBe(true);
    } finally {
      await sse.close().catch(() => {});
    }
  });
});
