import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@viabiliza/db/client';
import { user } from '@viabiliza/db/schema';
import { DEMO_EMAIL, type AppConfig } from '../src/config/app-config.ts';
import { createRuntime, type Runtime } from '../src/bootstrap.ts';
import { buildApp } from '../src/app.ts';

export const ADMIN_EMAIL = 'admin@viabiliza.test';
// zxcvbn rates it 4 of 4: sign-up turns down guessable passwords (@viabiliza/contracts/password-rule).
export const PASSWORD = 'Pitanga#Azul7';
export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    publicUrl: 'http://localhost:3000',
    trustedOrigins: ['http://localhost:3000'],
    adminEmails: [ADMIN_EMAIL],
    authSecret: 'test-secret-test-secret-test-secret-0000',
    dataDir: mkdtempSync(join(tmpdir(), 'viabiliza-data-')),
    trustProxy: false,
    secureCookies: false,
    queuePollSeconds: 0.5,
    metricsSampleSeconds: 30,
    // Test files sign up many people from one inject address (127.0.0.1); the real budget is
    // proven by account-creation-budget.test.ts, which passes `accountCreationBudget: undefined`.
    accountCreationBudget: { address: { perHour: 10_000, perDay: 10_000 }, network: { perHour: 10_000, perDay: 10_000 } },
    ...overrides,
  };
}

/**
 * A fresh database for one test file: PGlite in memory from the migrated seed, or, on the PostgreSQL
 * server of TEST_DATABASE_URL, a clone of the run's migrated template (test/postgres-setup.ts),
 * dropped at the end. `migrated: false` gives an empty PostgreSQL database instead, for tests of
 * what instances do on a brand-new one.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<{ url?: string; open: () => Promise<DatabaseHandle>; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const seed = inject('pgliteSeed');
    return { open: () => openDatabase({ kind: 'pglite', seedDump: seed }), drop: async () => {} };
  }
  const name = `viabiliza_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? undefined : inject('postgresTemplate');
  await createPostgresDatabase(base, name, template);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function createPostgresDatabase(base: string, name: string, template: string | undefined): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        return;
      } catch (err) {
        // 55006: a session is still connected to the template, which PostgreSQL refuses to copy
        // (a pool of the global setup a moment after it closed); such a session ends in a second.
        if ((err as { code?: string }).code !== '55006' || attempt >= 10) throw err;
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  runtime: Runtime;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A server instance listening on a loopback port, for tests that run several on one PostgreSQL. */
export type ListeningApp = TestApp & { base: string };

/**
 * A background error fails the test — except two that pg-boss reports and recovers from by itself
 * (production logs them), and that a loaded test machine produces: a queue worker's fetch that
 * waited too long for a pool connection (it polls again), and a heartbeat of its LISTEN connection
 * that took longer than its timeout (it reconnects, and polling covers the gap).
 */
function failOnError(err: unknown): void {
  const transientFetch = err instanceof Error && 'queue' in err && /timeout exceeded when trying to connect/.test(err.message);
  const slowHeartbeat = err instanceof Error && err.message === 'LISTEN/NOTIFY heartbeat timed out';
  if (!transientFetch && !slowHeartbeat) throw err;
}

/**
 * Starts one instance on the PostgreSQL database at `url`, working the job queue, listening on a
 * free loopback port. Several such instances sharing `dataDir` are what a deployment behind a load
 * balancer looks like.
 */
export async function startInstance(url: string, config: Partial<AppConfig>): Promise<ListeningApp> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const runtime = await createRuntime(testConfig(config), database, {
    work: true,
    onError: failOnError,
  });
  const app = await buildApp(runtime.ctx);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    runtime,
    database,
    base,
    close: async () => {
      await app.close();
      await runtime.close();
      await database.close();
    },
  };
}

export async function createTestApp(config: Partial<AppConfig> = {}, appOptions: Parameters<typeof buildApp>[1] = {}): Promise<TestApp> {
  const store = await createTestDatabase();
  const database = await store.open();
  const cfg = testConfig(config);
  const runtime = await createRuntime(cfg, database, {
    work: true,
    onError: failOnError,
  });
  const app = await buildApp(runtime.ctx, appOptions);
  await app.ready();
  return {
    app,
    runtime,
    database,
    close: async () => {
      await app.close();
      await runtime.close();
      await database.close();
      await store.drop();
      rmSync(cfg.dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique e-mail per call, so tests never share an account (or an auth rate-limit counter). */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;

/** Signs up a new account and returns its session cookie header. */
export async function signUp(t: TestApp, input: { email?: string; fullName?: string; password?: string; company?: string } = {}) {
  const email = input.email ?? uniqueEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { fullName: input.fullName ?? 'Pessoa de Teste', email, password: input.password ?? PASSWORD, company: input.company },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { email, cookie: cookieHeader(res.headers['set-cookie']), user: res.json().user as { id: string; role: string } };
}

/**
 * Marks an account's e-mail as confirmed, for tests whose subject is not the confirmation link
 * itself (sharing an analysis needs a confirmed e-mail; account-mail.routes.test.ts opens real links).
 */
export async function confirmEmailOf(t: TestApp, userId: string): Promise<void> {
  await t.runtime.ctx.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}

/**
 * The shared demo account of earlier versions (DEMO_EMAIL), as an old database may still hold it:
 * created behind the sign-up route, which refuses the product's domain, with a browser's session.
 */
export async function createLegacyDemoAccount(t: TestApp) {
  const { headers, response } = await t.runtime.ctx.auth.api.signUpEmail({
    body: { name: 'Usuário Demo', email: DEMO_EMAIL, password: PASSWORD },
    headers: new Headers({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' }),
    returnHeaders: true,
  });
  return { email: DEMO_EMAIL, cookie: cookieHeader(headers.getSetCookie()), user: { id: response.user.id } };
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Polls until fn returns a truthy value (jobs run asynchronously on the queue). */
export async function eventually<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A multipart/form-data body with parts named `files` (and optional text fields). */
export function multipartBody(files: { name: string; content: Buffer | string; type?: string }[], fields: Record<string, string> = {}) {
  const boundary = `----viabiliza${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
