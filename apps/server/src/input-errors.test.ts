import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileStorage } from './storage/file-storage.ts';
import { createTestApp, multipartBody, signUp, type TestApp } from '../test/helper.ts';
import { INVALID_NAME_MESSAGE, NUL_MESSAGE } from './plugins/input-guards.ts';
import { DISK_FULL_MESSAGE, START_MIN_FREE_BYTES, explainStartupError } from './lib/disk-full.ts';

/** Issue 15, item 7: invalid input and a full disk answer with a reason, not a bare 500. */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t));
});
afterAll(async () => t?.close());

describe('a NUL character in the input', () => {
  it('is a 400 with the Portuguese message wherever it is, not a 500', async () => {
    const answers = [
      await t.app.inject({ url: '/api/search?q=%00', headers: { cookie } }),
      await t.app.inject({ url: '/api/search?q=casa%00azul', headers: { cookie } }),
      await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: { fullName: 'Ana\u0000Souza' } }),
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'ana@example.com', password: 'Senha123!\u0000' } }),
      await t.app.inject({ url: '/api/documents/%00', headers: { cookie } }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: NUL_MESSAGE });
    }
  });

  it('does not count as a server error on the monitoring (20 of them)', async () => {
    const before = t.runtime.ctx.metrics.requestWindow(false).errors;
    for (let i = 0; i < 20; i++) expect((await t.app.inject({ url: '/api/search?q=%00', headers: { cookie } })).statusCode).toBe(400);
    expect(t.runtime.ctx.metrics.requestWindow(false).errors).toBe(before);
  });
});

describe('a questionnaire field with a bad number', () => {
  it('is a 400 whose message names the field (a negative rent, a bad renovation budget)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/runs',
      headers: { cookie },
      payload: { analysisType: 'financial', questionnaire: { monthlyRent: '-100', deal: { renovationBudget: 'muito' } } },
    });
    expect(res.statusCode, res.body).toBe(400);
    const message = res.json().error.message as string;
    expect(message).toContain('Aluguel mensal (R$): Informe um número válido');
    expect(message).toContain('Orçamento da reforma (R$): Informe um número válido');
  });
});

describe('a NUL or an invalid name in a multipart upload', () => {
  /** A multipart body built by hand, byte by byte: what no browser sends, a script can. */
  // The upload budget is 5 a minute per person: each case signs up its own.
  let uploader = '';
  beforeEach(async () => {
    uploader = (await signUp(t)).cookie;
  });
  const rawForm = (parts: { headers: Buffer; body: string }[]) => {
    const boundary = '----viabilizaNulProbe';
    const chunks = parts.flatMap((p) => [Buffer.from(`--${boundary}\r\n`), p.headers, Buffer.from(`\r\n\r\n${p.body}\r\n`)]);
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: uploader } };
  };
  const file = (disposition: Buffer | string) => ({
    headers: Buffer.concat([Buffer.from('Content-Disposition: form-data; '), Buffer.from(disposition), Buffer.from('\r\nContent-Type: text/plain')]),
    body: 'ESCRITURA PÚBLICA DE COMPRA E VENDA',
  });
  const field = (disposition: string, value: string) => ({ headers: Buffer.from(`Content-Disposition: form-data; ${disposition}`), body: value });
  const upload = (parts: { headers: Buffer; body: string }[]) => t.app.inject({ method: 'POST', url: '/api/documents', ...rawForm(parts) });
  const documents = async () => (await t.app.inject({ url: '/api/documents', headers: { cookie: uploader } })).json().documents as { fileName: string }[];

  it('is a 400 with the Portuguese message, and stores nothing', async () => {
    const before = (await documents()).length;
    const cases = {
      'NUL in a file name': [file('name="files"; filename="matricula\u0000.txt"')],
      'NUL in the field name of a file': [file('name="fi\u0000les"; filename="matricula.txt"')],
      'NUL in a field name': [field('name="property\u0000Id"', 'x'), file('name="files"; filename="matricula.txt"')],
      'NUL in a field value': [field('name="propertyId"', 'abc\u0000'), file('name="files"; filename="matricula.txt"')],
    };
    for (const [what, parts] of Object.entries(cases)) {
      const res = await upload(parts);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().error, what).toMatchObject({ code: 'VALIDATION', message: NUL_MESSAGE });
    }
    expect((await documents()).length).toBe(before);
  });

  it('refuses a file name that is not valid UTF-8 with a 400 that says so', async () => {
    const before = (await documents()).length;
    const res = await upload([file(Buffer.concat([Buffer.from('name="files"; filename="matr'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('cula.txt"')]))]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: INVALID_NAME_MESSAGE });
    expect((await documents()).length).toBe(before);
  });

  it('still takes a file whose name has accents', async () => {
    const res = await upload([file(Buffer.from('name="files"; filename="matrícula São João.txt"'))]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().documents[0].fileName).toBe('matrícula São João.txt');
  });
});

describe('X-Request-Id', () => {
  it('keeps a short token a client or proxy sends', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-2f1c.9_A' } });
    expect(res.headers['x-request-id']).toBe('lb-2f1c.9_A');
  });

  it('replaces a long or odd one with its own id', async () => {
    for (const given of ['x'.repeat(8000), 'y'.repeat(65), 'com espaço', '<script>', '']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
      const id = String(res.headers['x-request-id']);
      expect(id).not.toBe(given);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('a full disk', () => {
  it("answers an upload with 'Espaço em disco insuficiente'", async () => {
    const real = t.runtime.ctx.storage;
    const full: FileStorage = Object.create(real) as FileStorage;
    full.receive = async (stream) => {
      stream.resume();
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    };
    t.runtime.ctx.storage = full;
    try {
      const form = multipartBody([{ name: 'escritura.txt', content: 'ESCRITURA PÚBLICA', type: 'text/plain' }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/documents', payload: form.payload, headers: { ...form.headers, cookie } });
      expect(res.statusCode).toBe(507);
      expect(res.json().error.message).toBe(DISK_FULL_MESSAGE);
      expect(res.json().error.message).toMatch(/^Espaço em disco insuficiente/);
    } finally {
      t.runtime.ctx.storage = real;
    }
  });

  it('is named at start instead of "PGlite failed to initialize properly"', () => {
    const pglite = new Error('PGlite failed to initialize properly');
    const low = explainStartupError(pglite, '/srv/viabiliza', () => 12 * 1024 ** 2);
    expect(low).toMatch(/^Espaço em disco insuficiente em DATA_DIR \(\/srv\/viabiliza\): 12 MB livres\./);
    expect(explainStartupError(pglite, '/srv/viabiliza', () => START_MIN_FREE_BYTES * 10)).toBeNull();
    const enospc = Object.assign(new Error('write failed'), { cause: { code: 'ENOSPC' } });
    expect(explainStartupError(enospc, '/srv/viabiliza', () => null)).toMatch(/^Espaço em disco insuficiente em DATA_DIR/);
    expect(explainStartupError(new Error('connect ECONNREFUSED'), '/srv/viabiliza', () => 0)).toBeNull();
  });
});
