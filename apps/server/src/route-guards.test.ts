import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { securityAudit } from '@viabiliza/db/schema';
import { SUSPICIOUS_ACTIONS } from '@viabiliza/contracts/audit';
import { ADMIN_EMAIL, PASSWORD, createTestApp, multipartBody, signUp, type TestApp } from '../test/helper.ts';
import { canonicalUrl } from './plugins/canonical-url.ts';

/**
 * Issue 15, item 1: a path the router sends to a handler is the path every guard sees. For every
 * state-changing route of the app (collected as the app registers them), other spellings of its
 * path (percent-encoded, doubled slash, dot-segments, another case) must either reach no handler
 * (404) or be treated exactly like the canonical path: refused cross-site, counted by the same rate
 * limit, audited as an admin probe. Requests go over a real socket so the path arrives as written.
 */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ID = '3f2c7a9e-1b2d-4c5e-8f60-718293a4b5c6';
const FOREIGN = 'http://127.0.0.1:4999'; // same site, another port: a different origin

interface Route {
  method: string;
  url: string;
}
const routes: Route[] = [];
/** What the hooks saw for each routed request carrying `x-expect-path`: the URL and the matched route. */
const seen: { expected: string; url: string; route: string | undefined }[] = [];

function observe(app: FastifyInstance) {
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (STATE_CHANGING.has(method)) routes.push({ method, url: r.url });
  });
  app.addHook('onRequest', async (request) => {
    const expected = request.headers['x-expect-path'];
    if (typeof expected === 'string') seen.push({ expected, url: request.url, route: request.routeOptions.url });
  });
}

const fill = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, ID);
const encodeEach = (s: string) => s.replace(/[A-Za-z0-9]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

/** Other spellings of `/api/<rest>`. */
export function variants(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const cut = path.lastIndexOf('/');
  const head = path.slice(0, cut);
  const tail = path.slice(cut + 1);
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/api/${encodeEach(rest)}`,
    `${head}/%${tail.charCodeAt(0).toString(16).toUpperCase()}${tail.slice(1)}`,
    `/api%2F${rest}`,
    `/api%2f${rest}`,
    `${head}%2F${tail}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `${head}//${tail}`,
    `${path}/`,
    `/x/../api/${rest}`,
    `/x/%2e%2e/api/${rest}`,
    `/api/./${rest}`,
    `/api/%2E/${rest}`,
    `/api/x/../${rest}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `/api/${rest.toUpperCase()}`,
  ];
}

let t: TestApp;
let port = 0;
let admin: Awaited<ReturnType<typeof signUp>>;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp({}, { observe });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  admin = await signUp(t, { email: ADMIN_EMAIL });
  user = await signUp(t);
});
afterAll(async () => t?.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with the path exactly as written (node:http does not normalise it). */
function send(method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('canonicalUrl', () => {
  it('decodes percent-encoded unreserved characters of the path only', () => {
    expect(canonicalUrl('/%61pi/documents?q=%61')).toBe('/api/documents?q=%61');
    expect(canonicalUrl('/api/%64%4F%63s%2D%2e%5f%7e')).toBe('/api/dOcs-._~');
    expect(canonicalUrl('/api%2Fdocuments')).toBe('/api%2Fdocuments');
    expect(canonicalUrl('/api/a%20b%C3%A9')).toBe('/api/a%20b%C3%A9');
    expect(canonicalUrl('/%2561pi')).toBe('/%2561pi');
    expect(canonicalUrl('/api/documents#%61')).toBe('/api/documents#%61');
  });
});

describe('every state-changing route, spelled another way', () => {
  it('collects the routes (the list this test walks)', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes).toEqual(expect.arrayContaining([
      { method: 'POST', url: '/api/documents' },
      { method: 'POST', url: '/api/auth/sign-in' },
      { method: 'POST', url: '/api/admin/sessions/:id/revoke' },
    ]));
  });

  it('is refused from another origin, or reaches no handler', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const path = fill(r.url);
      const canonical = await send(r.method, path, { cookie: admin.cookie, origin: FOREIGN });
      if (canonical.status !== 403) wrong.push(`${r.method} ${path} → ${canonical.status}`);
      for (const v of variants(path)) {
        const res = await send(r.method, v, { cookie: admin.cookie, origin: FOREIGN, 'x-expect-path': path });
        if (res.status !== 404 && !(res.status === 403 && JSON.parse(res.body).error.code === 'FORBIDDEN')) wrong.push(`${r.method} ${v} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows every hook the path the router matched', () => {
    expect(seen.length).toBeGreaterThan(100);
    const routed = seen.filter((s) => s.route !== undefined);
    // The percent-encoded spellings route; hooks see them canonical.
    expect(routed.length).toBeGreaterThanOrEqual(routes.length * 3);
    expect(routed.filter((s) => s.url.split('?')[0] !== s.expected)).toEqual([]);
  });

  it("is audited as an admin probe when a non-admin reaches an admin route", async () => {
    const probes = async () => (await t.database.db.select().from(securityAudit)
      .where(and(eq(securityAudit.userId, user.user.id), eq(securityAudit.action, SUSPICIOUS_ACTIONS.adminAccessDenied)))).length;
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.url.startsWith('/api/admin/'))) {
      const path = fill(r.url);
      for (const v of [path, ...variants(path)]) {
        const before = await probes();
        const res = await send(r.method, v, { cookie: user.cookie });
        const after = await probes();
        if (res.status === 404 && v !== path) continue;
        if (res.status !== 403 || after !== before + 1) wrong.push(`${r.method} ${v} → ${res.status}, ${after - before} audit row(s)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('counts another spelling in the same rate-limit budget', async () => {
    const remaining = (a: Answer) => Number(a.headers['x-ratelimit-remaining']);
    // Upload: an empty non-multipart POST is refused after the upload limiter has counted it.
    const upload = [
      await send('POST', '/api/documents', { cookie: user.cookie }),
      await send('POST', '/%61pi/documents', { cookie: user.cookie }),
      await send('POST', '/api/%64ocuments', { cookie: user.cookie }),
    ];
    expect(upload.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(upload.map(remaining)).toEqual([4, 3, 2]);
    const body = multipartBody([{ name: 'nota.txt', content: 'Texto de teste', type: 'text/plain' }]);
    for (let i = 0; i < 2; i++) await send('POST', '/%61pi/documents', { cookie: user.cookie, ...body.headers }, body.payload);
    const blocked = await send('POST', '/%61pi/documents', { cookie: user.cookie, ...body.headers }, body.payload);
    expect(blocked.status).toBe(429);

    // Sign-in: wrong passwords sent only through other spellings meet the same limits as the
    // canonical path: a 429 comes, and the right password is then refused too.
    const target = await signUp(t);
    const payload = (password: string) => JSON.stringify({ email: target.email, password });
    const json = { 'content-type': 'application/json' };
    const spellings = ['/%61pi/auth/sign-in', '/api/auth/%73ign-in', '/%61%70%69/%61uth/sign-in'];
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i++) {
      statuses.push((await send('POST', spellings[i % spellings.length]!, json, payload('Errada123!'))).status);
    }
    expect(statuses).toContain(429);
    expect((await send('POST', '/%61pi/auth/sign-in', json, payload(PASSWORD))).status).toBe(429);
  });
});
