import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eventually, signUp, startInstance, usingPostgres, type ListeningApp } from '../../test/helper.ts';
import { sseClient } from '../../test/sse-client.ts';
import { createNotification } from '../modules/notifications/notifications.service.ts';

/**
 * Issue 15: live events of the first seconds after a PostgreSQL outage were lost. NOTIFY does not
 * queue for a listener whose connection is gone, so what was notified while the instance's LISTEN
 * connection was down never arrived. Here that connection is killed on the server
 * (pg_terminate_backend, as a restart or failover does) and a notification is created before it is
 * back: the open stream still receives it, and gets `ready` again so the page refetches the rest.
 * Needs a PostgreSQL server (PGlite's LISTEN is in-process and cannot drop).
 */
let store: Awaited<ReturnType<typeof createTestDatabase>>;
let server: ListeningApp;
let admin: pg.Client;
const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-outage-'));

/** The backends LISTENing on this test's database. */
async function listenerPids(): Promise<number[]> {
  const res = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()",
  );
  return res.rows.map((r) => r.pid);
}

describe.skipIf(!usingPostgres)('live events across a lost LISTEN connection', () => {
  beforeAll(async () => {
    store = await createTestDatabase();
    server = await startInstance(store.url!, { dataDir, sseHeartbeatMs: 600_000 });
    admin = new pg.Client({ connectionString: store.url });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await server?.close();
    await store?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a notification created while the connection was down, and asks the page to refetch', async () => {
    const person = await signUp(server);
    const res = await fetch(`${server.base}/api/events`, { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    const sse = sseClient(res);
    try {
      await sse.next((e) => e === 'ready');
      const [pid] = await listenerPids();
      expect(pid).toBeDefined();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // The backend is gone: a NOTIFY sent now reaches no listener of this instance.
      await eventually(async () => !(await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount);
      await createNotification(server.runtime.ctx, { userId: person.user.id, title: 'Análise concluída', message: 'Criada durante a queda.', type: 'success' });

      const { data } = await sse.next((e, d) => e === 'notification' && d.includes('Criada durante a queda.'));
      expect(JSON.parse(data)).toMatchObject({ title: 'Análise concluída', read: false });
      await sse.next((e) => e === 'ready');
      // LISTEN is back on a new backend, and live delivery goes on as before (once, not twice).
      expect(await listenerPids()).not.toContain(pid);
      await createNotification(server.runtime.ctx, { userId: person.user.id, title: 'Documento lido', message: 'Criada depois da volta.', type: 'info' });
      await sse.next((e, d) => e === 'notification' && d.includes('Criada depois da volta.'));
      await expect(sse.next((e, d) => e === 'notification' && d.includes('Criada durante a queda.'), 1500)).rejects.toThrow('event not received');
    } finally {
      await sse.close().catch(() => {});
    }
  }, 60_000);
});
