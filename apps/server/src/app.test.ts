import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { ORIGIN_PLACEHOLDER, pickEncoding } from './plugins/web-app.ts';

let t: TestApp;
const ENTRY = `export const page = ${JSON.stringify('Decida com segurança '.repeat(200))};`;
const webDist = mkdtempSync(join(tmpdir(), 'viabiliza-web-'));
beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  // A hashed asset with the compressed copies apps/web/scripts/compress.ts writes at build; and the worker's.
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), ENTRY);
  writeFileSync(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(ENTRY));
  writeFileSync(join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(ENTRY));
  writeFileSync(join(webDist, 'sw.js.br'), brotliCompressSync('self.addEventListener("fetch", () => {})'));
  // What apps/web/scripts/prerender.ts writes at build.
  mkdirSync(join(webDist, 'prerendered', 'pages'), { recursive: true });
  writeFileSync(join(webDist, 'prerendered', 'pages', 'faq.html'), `<!doctype html><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/faq" /><div id="root"><h1>Perguntas Frequentes</h1></div>`);
  writeFileSync(join(webDist, 'prerendered', 'sitemap.xml'), `<urlset><url><loc>${ORIGIN_PLACEHOLDER}/faq</loc></url></urlset>`);
  writeFileSync(join(webDist, 'prerendered', 'manifest.json'), JSON.stringify({
    pages: [{ path: '/faq', file: 'pages/faq.html' }],
    files: [{ path: '/sitemap.xml', file: 'sitemap.xml', type: 'application/xml; charset=utf-8' }],
  }));
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

  it('serves prerendered public pages and the sitemap at their paths, with PUBLIC_URL as the host', async () => {
    const page = await t.app.inject({ url: '/faq' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Perguntas Frequentes</h1>');
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:3000/faq" />');
    expect(page.body).not.toContain(ORIGIN_PLACEHOLDER);
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/faq</loc>');
    // Other pages still get the empty shell; the raw build folder is not exposed.
    expect((await t.app.inject({ url: '/dashboard' })).body).not.toContain('Perguntas');
    expect((await t.app.inject({ url: '/prerendered/pages/faq.html' })).statusCode).toBe(404);
  });

  it('lets the service worker script be revalidated on every visit', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends hashed assets compressed as the browser accepts, cached for a year', async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ENTRY);
    expect(br.rawPayload.length).toBeLessThan(ENTRY.length / 5);

    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ENTRY);

    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY);
  });

  it('keeps the service worker revalidated when its compressed copy is sent', async () => {
    const res = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends prerendered pages and the sitemap compressed when accepted', async () => {
    const br = await t.app.inject({ url: '/faq', headers: { 'accept-encoding': 'br;q=1.0, gzip;q=0.8' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('href="http://localhost:3000/faq"');
    const gz = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<loc>http://localhost:3000/faq</loc>');
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
