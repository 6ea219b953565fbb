import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { propertyDocuments } from '@viabiliza/db/schema';
import { createTestDatabase, eventually, multipartBody, signUp, startInstance, usingPostgres, type ListeningApp } from '../test/helper.ts';
import { sseClient } from '../test/sse-client.ts';
import { createNotification } from './modules/notifications/notifications.service.ts';

/**
 * Two server instances on one PostgreSQL database (issue 9), sharing DATA_DIR as they would share a
 * volume or a bucket: a notification created through one arrives live on a client connected to the
 * other (LISTEN/NOTIFY), and queued jobs run once. The embedded database has one owner process by
 * design (DATA_DIR is locked), so this runs with TEST_DATABASE_URL only.
 */

type Instance = ListeningApp;
/** CI installs it before the tests (`.ci/run`); elsewhere the browser variant says it was skipped. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let store: Awaited<ReturnType<typeof createTestDatabase>>;
let a: Instance;
let b: Instance;
const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-two-'));

async function instance(): Promise<Instance> {
  return startInstance(store.url!, { dataDir });
}

describe.skipIf(!usingPostgres)('two instances on one PostgreSQL', () => {
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

  it('delivers live, on instance B, a notification created through instance A', async () => {
    const person = await signUp(a);
    const res = await fetch(`${b.base}/api/events`, { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    const sse = sseClient(res);
    try {
      await sse.next((e) => e === 'ready');
      await createNotification(a.runtime.ctx, { userId: person.user.id, title: 'Análise concluída', message: 'Criada na instância A.', type: 'success' });
      const { data } = await sse.next((e, d) => e === 'notification' && d.includes('Criada na instância A.'));
      expect(JSON.parse(data)).toMatchObject({ title: 'Análise concluída', read: false });
    } finally {
      await sse.close();
    }
  });

  it.skipIf(!existsSync(CHROMIUM))('delivers it to a real browser page open on instance B', { timeout: 60_000 }, async () => {
    const person = await signUp(a);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      // The app's CSP forbids eval, and Playwright polls a waitForFunction predicate with it: the
      // harness, not the app, needs the exception.
      const context = await browser.newContext({ bypassCSP: true });
      await context.addCookies(
        person.cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: b.base };
        }),
      );
      const page = await context.newPage();
      await page.goto(`${b.base}/api/health`);
      // The page's own EventSource, as the app opens it (lib/realtime.ts), on instance B.
      await page.evaluate(`new Promise((resolve, reject) => {
        const source = new EventSource('/api/events', { withCredentials: true });
        window.received = [];
        source.addEventListener('notification', (e) => window.received.push(JSON.parse(e.data)));
        source.addEventListener('ready', () => resolve(true), { once: true });
        source.onerror = () => reject(new Error('EventSource falhou'));
      })`);
      await createNotification(a.runtime.ctx, { userId: person.user.id, title: 'Relatório pronto', message: 'Criada na instância A, vista no navegador da B.', type: 'info' });
      await page.waitForFunction(`window.received.some((n) => n.message === 'Criada na instância A, vista no navegador da B.')`, undefined, { timeout: 15_000 });
      const received = (await page.evaluate('window.received')) as { title: string; read: boolean }[];
      expect(received).toEqual([expect.objectContaining({ title: 'Relatório pronto', read: false })]);
    } finally {
      await browser.close();
    }
  });

  it('runs each queued extraction once, whichever instance takes it', { timeout: 120_000 }, async () => {
    const person = await signUp(a);
    const files = Array.from({ length: 8 }, (_, i) => ({ name: `matricula-${i}.txt`, content: `MATRÍCULA Nº ${i}.345. Área privativa de ${80 + i},00 m².`, type: 'text/plain' }));
    const { payload, headers } = multipartBody(files);
    const up = await a.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie: person.cookie } });
    expect(up.statusCode).toBe(201);
    const ids = (up.json().documents as { id: string }[]).map((d) => d.id);
    const rows = await eventually(async () => {
      const list = await a.runtime.ctx.db.select().from(propertyDocuments).where(inArray(propertyDocuments.id, ids));
      return list.every((d) => d.status === 'completed') ? list : null;
    }, 60_000);
    expect(rows.map((d) => d.attempts)).toEqual(ids.map(() => 1));
    const jobs = await a.runtime.ctx.db.execute(
      sql`select data->>'documentId' as id, count(*)::int as n from pgboss.job where name = 'extract-document' and data->>'documentId' in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(',')})`)} group by 1`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows.map((j) => j.n)).toEqual(ids.map(() => 1));
  });
});
