import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledServer } from '../test/bundled-server.ts';
import { cookieHeader, createTestDatabase, multipartBody, PASSWORD, uniqueEmail, usingPostgres } from '../test/helper.ts';
import { startLoopbackS3, type LoopbackS3 } from '../test/loopback-s3.ts';

/**
 * The topology of compose.yaml without Docker: the built server (as `npm run build` bundles it) in
 * three processes on one PostgreSQL database and one S3 bucket — two `VIABILIZA_ROLE=web` instances
 * and one `VIABILIZA_ROLE=worker`, each with a DATA_DIR of its own, so nothing is shared but the
 * database and the bucket. A document sent through web A is read, extracted, through web B; the
 * extraction waits for the worker (the web instances never run a job), then the worker does it.
 * PostgreSQL only: the embedded database belongs to one process.
 */
const PUBLIC_URL = 'http://127.0.0.1:3998';
const AUTH_SECRET = 'topologia-de-producao-segredo-compartilhado';

interface Instance {
  base: string;
  child: ChildProcess;
  dataDir: string;
  logs: () => string;
}

let bundle: Awaited<ReturnType<typeof bundledServer>> | undefined;
let store: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let s3: LoopbackS3 | undefined;
const instances: Instance[] = [];

async function start(role: 'web' | 'worker'): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `viabiliza-${role}-`));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: store!.url!,
    PUBLIC_URL,
    TRUST_PROXY: 'true',
    AUTH_SECRET,
    VIABILIZA_ROLE: role,
    LOG_LEVEL: 'info',
    S3_BUCKET: s3!.bucket,
    S3_ENDPOINT: s3!.endpoint,
    S3_ACCESS_KEY_ID: s3!.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3!.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    SGS_BASE_URL: 'off',
  };
  const child = spawn(process.execPath, [bundle!.entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const instance: Instance = { base: '', child, dataDir, logs: () => out };
  instances.push(instance);
  instance.base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} não subiu em 60 s:\n${out}`)), 60_000);
    const look = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && /pronto/.test(out)) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${role} terminou com código ${code}:\n${out}`));
    });
  });
  return instance;
}

async function stop(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

async function poll<T>(fn: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condição não atingida a tempo');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!usingPostgres)('production topology: 2 web + 1 worker processes, one PostgreSQL, one bucket', () => {
  beforeAll(async () => {
    [bundle, store, s3] = await Promise.all([bundledServer(), createTestDatabase(), startLoopbackS3()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(instances.map(stop));
    for (const i of instances) rmSync(i.dataDir, { recursive: true, force: true });
    await s3?.close();
    await store?.drop();
    bundle?.remove();
  });

  it('uploads through web A, reads the extracted text through web B, extraction done by the worker only', { timeout: 90_000 }, async () => {
    const [webA, webB] = await Promise.all([start('web'), start('web')]);
    for (const web of [webA, webB]) {
      const ready = await fetch(`${web.base}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(web.logs()).toContain('"role":"web"');
    }

    const email = uniqueEmail('topologia');
    const signUp = await fetch(`${webA.base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ fullName: 'Pessoa da Topologia', email, password: PASSWORD }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const cookie = cookieHeader(signUp.headers.getSetCookie());
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;

    const text = 'MATRÍCULA Nº 48.213 — Cartório de Registro de Imóveis. Área privativa de 82,50 m².';
    const { payload, headers } = multipartBody([{ name: 'matricula.txt', content: text, type: 'text/plain' }]);
    const upload = await fetch(`${webA.base}/api/documents`, { method: 'POST', headers: { ...headers, cookie, origin: PUBLIC_URL }, body: payload });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const [document] = ((await upload.json()) as { documents: { id: string }[] }).documents;

    // The original went to the bucket, not to either web instance's disk.
    expect(s3!.objects.has(`uploads/${userId}/${document!.id}`)).toBe(true);
    expect(existsSync(join(webA.dataDir, 'uploads', userId))).toBe(false);

    // No worker yet: the web instances only queue the extraction, whatever time passes.
    await new Promise((r) => setTimeout(r, 2_500));
    const waiting = (await (await fetch(`${webB.base}/api/documents/${document!.id}`, { headers: { cookie } })).json()) as { status: string; attempts: number };
    expect(waiting).toMatchObject({ status: 'uploaded', attempts: 0 });

    const worker = await start('worker');
    expect(worker.logs()).toContain('"role":"worker"');
    expect((await fetch(`${worker.base}/api/health/ready`)).status).toBe(200);

    const done = await poll(async () => {
      const res = await fetch(`${webB.base}/api/documents/${document!.id}`, { headers: { cookie } });
      const body = (await res.json()) as { status: string; attempts: number };
      return body.status === 'completed' ? body : null;
    }, 45_000);
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
    const pages = (await (await fetch(`${webB.base}/api/documents/${document!.id}/pages`, { headers: { cookie } })).json()) as { pages: { text: string }[] };
    expect(pages.pages.map((p) => p.text).join('\n')).toContain('MATRÍCULA Nº 48.213');

    // One attempt, made once the worker was up, reading the original from the bucket (its own
    // DATA_DIR never held it).
    expect(s3!.log).toContain(`GET uploads/${userId}/${document!.id}`);
    expect(existsSync(join(worker.dataDir, 'uploads', userId))).toBe(false);
  });
});
