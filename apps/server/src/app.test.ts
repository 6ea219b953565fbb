import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'viabiliza-web-'));
beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every page path with the SPA (GET and HEAD), so deep links work', async () => {
    for (const url of ['/', '/auth', '/dashboard/analysis/123', '/qualquer-coisa']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('id="root"');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/auth' })).statusCode).toBe(200);
  });

  it('serves assets and keeps API and missing files as 404', async () => {
    expect((await t.app.inject({ url: '/app.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/nao-existe.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });
});
