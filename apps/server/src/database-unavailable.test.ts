import { connect, createServer, type Server, type Socket } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { openDatabase } from '@viabiliza/db/client';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './lib/database-unavailable.ts';
import { DISK_FULL_MESSAGE } from './lib/disk-full.ts';
import { createRuntime } from './bootstrap.ts';
import { buildApp } from './app.ts';
import { createTestDatabase, eventually, signUp, testConfig, usingPostgres, type TestApp } from '../test/helper.ts';

/** What node-postgres raises when the server goes away or cannot be reached (the driver's own shapes). */
const pgError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);
const failedQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

const UNAVAILABLE = {
  'ECONNREFUSED on connect': pgError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }),
  'a refused connect to every address (AggregateError)': Object.assign(new AggregateError([pgError('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })], ''), { code: 'ECONNREFUSED' }),
  '57P01 admin_shutdown, inside Drizzle': failedQuery(pgError('terminating connection due to administrator command', { code: '57P01', severity: 'FATAL' })),
  '57P03 cannot_connect_now': pgError('the database system is starting up', { code: '57P03', severity: 'FATAL' }),
  '08006 connection_failure': pgError('connection failure', { code: '08006' }),
  '08P01 protocol_violation': failedQuery(pgError('protocol violation', { code: '08P01' })),
  "pg-pool's connect timeout": failedQuery(new Error('timeout exceeded when trying to connect')),
  'Connection terminated unexpectedly': failedQuery(new Error('Connection terminated unexpectedly')),
  'Better Auth wrapping a lost connection': Object.assign(new Error('Failed to get session'), { cause: failedQuery(new Error('Connection terminated due to connection timeout')) }),
};
const OTHER = {
  'a unique violation': failedQuery(pgError('duplicate key value violates unique constraint', { code: '23505' })),
  'a syntax error': pgError('syntax error at or near "selec"', { code: '42601' }),
  'a plain bug': new TypeError("Cannot read properties of undefined (reading 'id')"),
};

describe('a database that cannot be reached', () => {
  it('is told apart from other database errors', () => {
    for (const [what, err] of Object.entries(UNAVAILABLE)) expect(isDatabaseUnavailable(err), what).toBe(true);
    for (const [what, err] of Object.entries(OTHER)) expect(isDatabaseUnavailable(err), what).toBe(false);
  });

  it("answers 503 with 'Serviço temporariamente indisponível' and Retry-After, other errors as before", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    const all: Record<string, Error> = { ...UNAVAILABLE, ...OTHER, enospc: pgError('ENOSPC: no space left on device, write', { code: 'ENOSPC' }) };
    const names = Object.keys(all);
    app.get('/fail/:i', async (request) => {
      throw all[names[Number((request.params as { i: string }).i)]!];
    });
    try {
      for (const [i, name] of names.entries()) {
        const res = await app.inject({ url: `/fail/${i}` });
        if (name in UNAVAILABLE) {
          expect(res.statusCode, name).toBe(503);
          expect(res.headers['retry-after'], name).toMatch(/^\d+$/);
          expect(res.json(), name).toEqual({ error: { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE } });
        } else if (name === 'enospc') {
          expect(res.statusCode).toBe(507);
          expect(res.json().error.message).toBe(DISK_FULL_MESSAGE);
        } else {
          expect(res.statusCode, name).toBe(500);
          expect(res.headers['retry-after'], name).toBeUndefined();
        }
      }
    } finally {
      await app.close();
    }
  });
});

/**
 * A loopback TCP relay in front of PostgreSQL: `down()` stops listening and cuts every open
 * connection (what a stopped or restarting server looks like to the pool), `up()` listens again on
 * the same port.
 */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.runIf(usingPostgres)('PostgreSQL down, with an app running on it', () => {
  let store: Awaited<ReturnType<typeof createTestDatabase>>;
  let relay: Relay;
  let t: TestApp;
  let cookie: string;
  const dataDir = testConfig().dataDir;
  const backgroundErrors: unknown[] = [];

  beforeAll(async () => {
    store = await createTestDatabase();
    const url = new URL(store.url!);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.up();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    // The queue, the realtime bridge and the sampler lose the database too: their errors are expected here.
    const runtime = await createRuntime(testConfig({ dataDir }), database, { work: false, onError: (err) => backgroundErrors.push(err) });
    const app = await buildApp(runtime.ctx);
    await app.ready();
    t = {
      app,
      runtime,
      database,
      close: async () => {
        await app.close();
        await runtime.close();
        await database.close();
      },
    };
    ({ cookie } = await signUp(t));
  });
  afterAll(async () => {
    await relay?.up();
    await t?.close();
    await relay?.down();
    await store?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const read = () => t.app.inject({ url: '/api/documents', headers: { cookie } });
  const write = () => t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: { fullName: 'Pessoa Alterada', phone: '', company: '' } });

  it('answers a read and a write with 503 and Retry-After instead of 500, and recovers with the database', async () => {
    expect((await read()).statusCode).toBe(200);
    // Better Auth prints its own 'INTERNAL_SERVER_ERROR' line for a session it could not read.
    const consoleError = console.error;
    console.error = () => {};
    try {
      await relay.down();
      for (const call of [read, write, read]) {
        const res = await call();
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.json().error).toEqual({ code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
      }
      const probe = await t.app.inject({ url: '/api/health/db' });
      expect(probe.statusCode).toBe(503);
      expect(probe.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      console.error = consoleError;
      await relay.up();
    }
    await eventually(async () => (await read()).statusCode === 200);
    expect((await write()).statusCode).toBe(200);
  });
});
