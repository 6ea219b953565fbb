import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledServer } from '../test/bundled-server.ts';
import { createTestDatabase, cookieHeader, usingPostgres } from '../test/helper.ts';
import { sseClient } from '../test/sse-client.ts';

/**
 * The real entry point (main.ts) in its own process, bundled as `npm start` runs it, on the
 * embedded database or on PostgreSQL with TEST_DATABASE_URL: SIGTERM with an open event stream
 * exits within 10 s (issue 15, item 4), and VIABILIZA_ROLE=worker serves only the health probes.
 * The bundle is made once for the file (test/bundled-server.ts).
 */
let bundle: Awaited<ReturnType<typeof bundledServer>> | undefined;
const PUBLIC_URL = 'http://127.0.0.1:3999';

interface Server {
  base: string;
  child: ChildProcess;
  logs: () => string;
  /** Resolves with the exit code and the milliseconds from `kill` to exit. */
  terminate(): Promise<{ code: number | null; ms: number }>;
}

let store: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const children: ChildProcess[] = [];
const dirs: string[] = [];

async function start(extraEnv: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-main-'));
  dirs.push(dataDir);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (store?.url) env.DATABASE_URL = store.url;
  const child = spawn(process.execPath, [bundle!.entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`o servidor não subiu em 90 s:\n${out}`)), 90_000);
    const look = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && /pronto/.test(out)) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`o servidor terminou com código ${code}:\n${out}`));
    });
  });
  return {
    base,
    child,
    logs: () => out,
    terminate: async () => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const t0 = performance.now();
      child.kill('SIGTERM');
      // A server still up after 15 s is reported as such (and killed), not left to time the test out.
      const code = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 15_000))]);
      const ms = performance.now() - t0;
      if (code === 'running') child.kill('SIGKILL');
      return { code: code === 'running' ? null : code, ms };
    },
  };
}

beforeAll(async () => {
  bundle = await bundledServer();
  if (usingPostgres) store = await createTestDatabase();
}, 60_000);
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(async () => {
  await store?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  bundle?.remove();
});

describe(`main.ts in its own process (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('exits within 10 s of SIGTERM while an event stream is open and an upload is stalled', async () => {
    const server = await start();
    const demo = await fetch(`${server.base}/api/auth/demo`, { method: 'POST', headers: { origin: PUBLIC_URL } });
    expect(demo.status).toBe(200);
    const cookie = cookieHeader(demo.headers.getSetCookie());
    const res = await fetch(`${server.base}/api/events`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const sse = sseClient(res);
    await sse.next((e) => e === 'ready');
    // An upload whose sender went quiet mid-body: the request never ends by itself.
    const { port } = new URL(server.base);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((r) => socket.once('connect', r));
    const boundary = 'parado';
    socket.write(
      `POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${PUBLIC_URL}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="grande.txt"\r\nContent-Type: text/plain\r\n\r\n` +
        'MATRÍCULA Nº 1 '.repeat(1000),
    );
    await new Promise((r) => setTimeout(r, 500));

    const { code, ms } = await server.terminate();
    expect(code, server.logs()).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(server.logs()).toContain('encerrando');
    await sse.close().catch(() => {});
    socket.destroy();
  }, 120_000);

  // The embedded database belongs to one process (packages/db/src/data-dir-lock.ts); PostgreSQL takes no lock.
  it.skipIf(usingPostgres)('two servers racing for one DATA_DIR: exactly one starts, the other exits naming DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-race-'));
    dirs.push(dataDir);
    const [first, second] = await Promise.allSettled([start({ DATA_DIR: dataDir }), start({ DATA_DIR: dataDir })]);
    const started = [first, second].filter((r) => r.status === 'fulfilled');
    const refused = [first, second].filter((r) => r.status === 'rejected');
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const reason = String((refused[0] as PromiseRejectedResult).reason);
    expect(reason).toContain('terminou com código 1');
    expect(reason).toContain(`DATA_DIR ${dataDir} está em uso pelo processo`);
    // The message alone, not a stack trace.
    expect(reason).not.toContain('\n    at ');
    const winner = (started[0] as PromiseFulfilledResult<Server>).value;
    expect((await fetch(`${winner.base}/api/health/ready`)).status).toBe(200);
    expect((await winner.terminate()).code).toBe(0);
  }, 120_000);

  it('VIABILIZA_ROLE=worker answers the health probes and nothing else, and stops on SIGTERM', async () => {
    const server = await start({ VIABILIZA_ROLE: 'worker' });
    expect(server.logs()).toContain('"role":"worker"');
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    expect(((await (await fetch(`${server.base}/api/health/db`)).json()) as { status: string }).status).toBe('ok');
    const other = await fetch(`${server.base}/api/auth/demo`, { method: 'POST', headers: { origin: PUBLIC_URL } });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { message: string } }).error.message).toContain('VIABILIZA_ROLE=worker');

    const { code, ms } = await server.terminate();
    expect(code, server.logs()).toBe(0);
    expect(ms).toBeLessThan(10_000);
  }, 120_000);
});
