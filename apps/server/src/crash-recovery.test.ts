import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@viabiliza/db/client';
import { benchPdf } from '../../../packages/extract/test/corpus.ts';
import { bundledServer } from '../test/bundled-server.ts';
import { createTestDatabase, multipartBody, PASSWORD } from '../test/helper.ts';

/**
 * Crash recovery (issue 9): the real server as a child process, killed with SIGKILL at seeded
 * points while uploads and analyses are under way, then started again. In the end every upload
 * and analysis is completed or failed with a notification, nothing is duplicated, no file is
 * orphaned and the database is consistent. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const SEED = 9;
const KILLS = 4;

function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let store: Awaited<ReturnType<typeof createTestDatabase>>;
/** The server as `npm run build` bundles it (test/bundled-server.ts). */
let bundle: Awaited<ReturnType<typeof bundledServer>> | undefined;
let dataDir: string;
let port: number;
let server: ChildProcess | null = null;
const origin = () => `http://localhost:${port}`;

async function start() {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: origin(),
    LOG_LEVEL: 'error',
    AUTH_SECRET: 'crash-test-secret-crash-test-secret-0000',
    // One instance: whatever is unfinished at start was left by the one that was killed.
    RECOVERY_STALE_SECONDS: '0',
  };
  delete env.DATABASE_URL;
  if (store.url) env.DATABASE_URL = store.url;
  server = spawn(process.execPath, [bundle!.entry], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${origin()}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function stop(signal: NodeJS.Signals) {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

const request = (path: string, init: RequestInit & { cookie?: string } = {}) =>
  fetch(`${origin()}${path}`, { ...init, headers: { origin: origin(), ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers } });

async function signIn(email: string) {
  const res = await request('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }), headers: { 'content-type': 'application/json' } });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Work under way when the kill comes: a batch of uploads and two analyses. Errors (the kill) are expected. */
function startWork(cookie: string, round: number, documentIds: string[]) {
  const files = [
    { name: `escritura-${round}.pdf`, content: benchPdf(30 + round * 5), type: 'application/pdf' },
    { name: `matricula-${round}.txt`, content: `MATRÍCULA Nº ${round}.345. Apartamento com área privativa de 80,00 m². Valor R$ 650.000,00.`, type: 'text/plain' },
  ];
  const { payload, headers } = multipartBody(files);
  const upload = request('/api/documents', { method: 'POST', body: payload, headers, cookie })
    .then(async (r) => (r.status === 201 ? ((await r.json()) as { documents: { id: string }[] }).documents.map((d) => d.id) : []))
    .catch(() => []);
  const run = (type: string) =>
    request('/api/analyses/runs', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        analysisType: type,
        documentIds,
        questionnaire: { address: `Rua Recuperação, ${round}`, city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: String(70 + round), targetValue: '650.000,00', monthlyRent: '3.500' },
      }),
    }).catch(() => null);
  return Promise.all([upload, run('financial'), run('complete')]).then(([ids]) => ids);
}

let db: DatabaseHandle;
const rows = async <T,>(query: ReturnType<typeof sql>) => ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
const email = `crash.${Date.now().toString(36)}@example.com`;
const kills: number[] = [];

beforeAll(async () => {
  bundle = await bundledServer();
  store = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-crash-'));
  port = await freePort();
  await start();
  const res = await request('/api/auth/sign-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fullName: 'Pessoa Recuperação', email, password: PASSWORD }) });
  expect(res.status).toBe(201);

  const rand = seeded(SEED);
  let documentIds: string[] = [];
  for (let round = 0; round < KILLS; round++) {
    const cookie = await signIn(email);
    const work = startWork(cookie, round, documentIds.slice(-2));
    const delay = Math.round(150 + rand() * 2500);
    kills.push(delay);
    await new Promise((r) => setTimeout(r, delay));
    await stop('SIGKILL');
    documentIds = [...documentIds, ...(await work)];
    await start();
  }
  // A last round that is allowed to finish, then a clean stop so the database can be read.
  const cookie = await signIn(email);
  await startWork(cookie, KILLS, documentIds.slice(-2));
  for (let i = 0; i < 900; i++) {
    const { documents } = (await (await request('/api/documents', { cookie })).json()) as { documents: { status: string }[] };
    if (documents.every((d) => ['completed', 'error', 'quarantined'].includes(d.status))) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // Runs have no list endpoint of their own: their table is read once the server has stopped.
  await stop('SIGTERM');
  db = store.url ? await openDatabase({ kind: 'postgres', url: store.url, poolSize: 2 }) : await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  for (let i = 0; i < 10; i++) {
    const [open] = await rows<{ n: number }>(sql`select count(*)::int as n from analysis_runs where status not in ('completed', 'failed')`);
    if (open!.n === 0) break;
    // Unfinished runs left by the last clean stop are resumed by a start: let one more start finish them.
    await db.close();
    await start();
    await new Promise((r) => setTimeout(r, 3000));
    await stop('SIGTERM');
    db = store.url ? await openDatabase({ kind: 'postgres', url: store.url, poolSize: 2 }) : await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  }
}, 900_000);

afterAll(async () => {
  await stop('SIGKILL');
  await db?.close();
  await store?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  bundle?.remove();
});


describe(`crash recovery after ${KILLS} SIGKILLs (seed ${SEED})`, () => {
  it('ends every upload completed, quarantined, or in error with a notification', async () => {
    const docs = await rows<{ id: string; status: string; error_message: string | null }>(
      sql`select d.id, d.status, d.error_message from property_documents d join "user" u on u.id = d.user_id where u.email = ${email}`,
    );
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((d) => !['completed', 'error', 'quarantined'].includes(d.status))).toEqual([]);
    for (const d of docs.filter((x) => x.status === 'error')) {
      const notes = await rows(sql`select id from notifications where data->>'documentId' = ${d.id}`);
      expect(notes, `notification for ${d.id}: ${d.error_message}`).toHaveLength(1);
    }
    console.info(`crash recovery: kills at ${kills.join(', ')} ms; documents:`, docs.map((d) => d.status).join(' '));
  });

  it('ends every analysis run completed with exactly one analysis, or failed with a notification', async () => {
    const runs = await rows<{ id: string; status: string; analysis_id: string | null }>(
      sql`select r.id, r.status, r.analysis_id from analysis_runs r join "user" u on u.id = r.user_id where u.email = ${email}`,
    );
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.filter((r) => r.status !== 'completed' && r.status !== 'failed')).toEqual([]);
    for (const r of runs) {
      const analyses = await rows<{ id: string }>(sql`select id from property_analyses where run_id = ${r.id}`);
      if (r.status === 'completed') {
        expect(analyses.map((a) => a.id)).toEqual([r.analysis_id]);
      } else {
        expect(analyses).toEqual([]);
        const notes = await rows(sql`select id from notifications where data->>'runId' = ${r.id}`);
        expect(notes.length, `notification for failed run ${r.id}`).toBeGreaterThanOrEqual(1);
      }
    }
    console.info('crash recovery: runs:', runs.map((r) => r.status).join(' '));
  });

  it('leaves no orphan file and no temporary file', async () => {
    const keys = new Set((await rows<{ storage_key: string }>(sql`select storage_key from property_documents`)).map((r) => r.storage_key));
    const mine = (await rows<{ storage_key: string }>(sql`select d.storage_key from property_documents d join "user" u on u.id = d.user_id where u.email = ${email}`)).map((r) => r.storage_key);
    const onDisk: string[] = [];
    for (const area of ['uploads', 'quarantine']) {
      const base = join(dataDir, area);
      if (!existsSync(base)) continue;
      for (const owner of readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory())) {
        for (const file of readdirSync(join(base, owner.name))) onDisk.push(`${owner.name}/${file}`);
      }
    }
    expect(onDisk.filter((k) => !keys.has(k))).toEqual([]);
    expect(mine.filter((k) => !onDisk.includes(k))).toEqual([]);
    expect(readdirSync(join(dataDir, 'tmp')).filter((f) => !f.startsWith('s3-'))).toEqual([]);
  });

  it('keeps the database consistent: pages match page counts, runs point at their analyses', async () => {
    const pageMismatch = await rows(
      sql`select d.id from property_documents d where d.status = 'completed' and d.page_count <> (select count(*) from document_pages p where p.document_id = d.id)`,
    );
    expect(pageMismatch).toEqual([]);
    const dangling = await rows(
      sql`select r.id from analysis_runs r where r.status = 'completed' and not exists (select 1 from property_analyses a where a.id = r.analysis_id)`,
    );
    expect(dangling).toEqual([]);
    const duplicateRuns = await rows(sql`select run_id from property_analyses where run_id is not null group by run_id having count(*) > 1`);
    expect(duplicateRuns).toEqual([]);
  });
});
