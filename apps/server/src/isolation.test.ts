import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmEmailOf, createTestApp, eventually, multipartBody, signUp, ADMIN_EMAIL, PASSWORD, type TestApp } from '../test/helper.ts';

/**
 * The isolation sweep (issue 9): every route of the OpenAPI document, plus the hidden ones, is
 * walked with two people. What user A creates (property, document, analysis, run, report,
 * notification, profile) is never readable, changeable, deletable or exportable by user B (404,
 * never A's data); anonymous gets 401; a non-admin gets 403 on admin routes. A route that is not
 * in RULES fails the sweep, so a new route cannot ship without saying who may call it.
 */

type Resource = 'analysis' | 'document' | 'property' | 'notification' | 'run' | 'session' | 'user';
type Rule =
  /** Open to anyone (health, sign-in, public figures). */
  | { kind: 'public' }
  /** Needs a session; what it answers B contains nothing of A's. */
  | { kind: 'session'; body?: Record<string, unknown> }
  /** Needs a session and names one of A's resources: B gets 404 and A's resource is unchanged. */
  | { kind: 'owned'; resource: Resource; body?: Record<string, unknown> }
  /** Admins only: anonymous 401, B (not an admin) 403. */
  | { kind: 'admin'; resource?: Resource; body?: Record<string, unknown> }
  /** A Server-Sent Events stream: only the 401 can be injected; owner-only delivery is tested in events.routes.test.ts. */
  | { kind: 'stream' };

const RULES: Record<string, Rule> = {
  'GET /api/health': { kind: 'public' },
  'GET /api/health/db': { kind: 'public' },
  'GET /api/health/ready': { kind: 'public' },
  'GET /api/public/stats': { kind: 'public' },
  'POST /api/metrics/web-vitals': { kind: 'public' },
  'GET /api/auth/session': { kind: 'public' },
  'POST /api/auth/sign-up': { kind: 'public' },
  'POST /api/auth/sign-in': { kind: 'public' },
  'POST /api/auth/demo': { kind: 'public' },
  'POST /api/auth/sign-out': { kind: 'public' },
  'POST /api/auth/forgot-password': { kind: 'public' },
  'POST /api/auth/reset-password': { kind: 'public' },
  'POST /api/auth/confirm-email': { kind: 'public' },
  'GET /api/analyses/example': { kind: 'public' },

  'GET /api/profile': { kind: 'session' },
  'POST /api/auth/verify-email': { kind: 'session' },
  'POST /api/auth/change-email': { kind: 'session', body: { newEmail: 'b.novo@example.com', password: 'Senha-Errada-1' } },
  'PUT /api/profile': { kind: 'session', body: { fullName: 'Pessoa B Alterada', phone: '', company: '' } },
  'GET /api/notifications': { kind: 'session' },
  'POST /api/notifications/read-all': { kind: 'session' },
  'GET /api/search': { kind: 'session' },
  'GET /api/dashboard/stats': { kind: 'session' },
  'GET /api/dashboard/metrics': { kind: 'session' },
  'GET /api/documents': { kind: 'session' },
  'GET /api/properties': { kind: 'session' },
  'POST /api/documents': { kind: 'session' },
  'GET /api/analyses': { kind: 'session' },
  'GET /api/shared-analyses': { kind: 'session' },
  'POST /api/analyses/runs': { kind: 'session' },
  'GET /api/ai/providers': { kind: 'session' },
  'POST /api/secure-analysis': { kind: 'session' },
  'GET /api/events': { kind: 'stream' },

  'POST /api/notifications/{id}/read': { kind: 'owned', resource: 'notification' },
  'DELETE /api/notifications/{id}': { kind: 'owned', resource: 'notification' },
  'GET /api/documents/{id}': { kind: 'owned', resource: 'document' },
  'GET /api/documents/{id}/pages': { kind: 'owned', resource: 'document' },
  'DELETE /api/documents/{id}': { kind: 'owned', resource: 'document' },
  'POST /api/documents/{id}/retry': { kind: 'owned', resource: 'document' },
  'GET /api/analyses/runs/{id}': { kind: 'owned', resource: 'run' },
  'GET /api/analyses/{id}': { kind: 'owned', resource: 'analysis' },
  'GET /api/analyses/{id}/engine-input': { kind: 'owned', resource: 'analysis' },
  'GET /api/analyses/{id}/report.html': { kind: 'owned', resource: 'analysis' },
  'GET /api/analyses/{id}/report.pdf': { kind: 'owned', resource: 'analysis' },
  'GET /api/analyses/{id}/export.txt': { kind: 'owned', resource: 'analysis' },
  'GET /api/properties/{id}': { kind: 'owned', resource: 'property' },
  'PATCH /api/properties/{id}': { kind: 'owned', resource: 'property', body: { title: 'Título de outra pessoa' } },
  'POST /api/properties/{id}/documents': { kind: 'owned', resource: 'property', body: { documentId: '00000000-0000-4000-8000-000000000000' } },
  'GET /api/properties/{id}/analyses': { kind: 'owned', resource: 'property' },
  'GET /api/properties/{id}/dossier': { kind: 'owned', resource: 'property' },
  'GET /api/analyses/{id}/intelligence': { kind: 'owned', resource: 'analysis' },
  'GET /api/analyses/{id}/collaborators': { kind: 'owned', resource: 'analysis' },
  'POST /api/analyses/{id}/collaborators': { kind: 'owned', resource: 'analysis', body: { email: 'b@example.com' } },
  'DELETE /api/analyses/{id}/collaborators/{userId}': { kind: 'owned', resource: 'analysis' },
  'GET /api/analyses/{id}/comments': { kind: 'owned', resource: 'analysis' },
  'POST /api/analyses/{id}/comments': { kind: 'owned', resource: 'analysis', body: { body: 'Comentário de B' } },
  'POST /api/analyses/{id}/chat': { kind: 'owned', resource: 'analysis', body: { question: 'Qual é a área privativa?' } },
  'GET /api/analyses/{id}/viewer': { kind: 'owned', resource: 'analysis' },
  'GET /api/analyses/{id}/photos/{documentId}': { kind: 'owned', resource: 'analysis' },
  'GET /api/properties/{id}/rooms': { kind: 'owned', resource: 'property' },
  'POST /api/properties/{id}/rooms': { kind: 'owned', resource: 'property', body: { name: 'Sala', areaM2: 20 } },
  'PUT /api/properties/{id}/rooms/{roomId}': { kind: 'owned', resource: 'property', body: { name: 'Sala', areaM2: 20 } },
  'DELETE /api/properties/{id}/rooms/{roomId}': { kind: 'owned', resource: 'property' },
  'GET /api/analyses/{id}/projections': { kind: 'owned', resource: 'analysis' },

  'GET /api/admin/users': { kind: 'admin' },
  'GET /api/admin/outbox': { kind: 'admin' },
  'POST /api/admin/users/{id}/role': { kind: 'admin', resource: 'user', body: { role: 'admin' } },
  'GET /api/admin/system-monitor': { kind: 'admin' },
  'GET /api/admin/security': { kind: 'admin' },
  'GET /api/admin/sessions': { kind: 'admin' },
  'POST /api/admin/sessions/{id}/revoke': { kind: 'admin', resource: 'session' },
  'GET /metrics': { kind: 'admin' },
  'GET /api/admin/audit': { kind: 'admin' },
  'GET /api/admin/analytics': { kind: 'admin' },
  'GET /api/admin/backups': { kind: 'admin' },
  'POST /api/admin/backups': { kind: 'admin' },
  'GET /api/admin/backups/{id}/download': { kind: 'admin' },
  'POST /api/admin/backups/{id}/download-link': { kind: 'admin', body: { password: PASSWORD } },
  'POST /api/admin/backups/key': { kind: 'admin', body: { password: PASSWORD } },
  'POST /api/admin/backups/{id}/restore': { kind: 'admin', body: { confirm: true, password: PASSWORD } },
  'GET /api/admin/logs': { kind: 'admin' },
  'GET /api/admin/reference-data': { kind: 'admin' },
  'POST /api/admin/reference-data/refresh': { kind: 'admin' },
  'POST /api/admin/reference-data/import/preview': { kind: 'admin' },
  'POST /api/admin/reference-data/import': { kind: 'admin' },
  'GET /api/admin/console/overview': { kind: 'admin' },
  'GET /api/admin/console/health': { kind: 'admin' },
  'POST /api/admin/tests/run': { kind: 'admin', body: { suite: 'smoke' } },
  'GET /api/admin/tests/reports': { kind: 'admin' },
  'GET /api/admin/tests/scenarios': { kind: 'admin' },
  'GET /api/admin/deploy': { kind: 'admin' },
  'PUT /api/admin/deploy/checklist/{item}': { kind: 'admin', body: { checked: true } },
  'POST /api/admin/deploy/{environment}': { kind: 'admin' },
};

/** Routes left out of the OpenAPI document on purpose, swept all the same. */
const HIDDEN_ROUTES = ['GET /metrics'];

const MARKER = 'ISOLAMENTO7f3a';
const MATRICULA = `REGISTRO DE IMÓVEIS - MATRÍCULA Nº 12.345 ${MARKER}. Apartamento com área privativa de 80,00 m². R.1 - COMPRA E VENDA pelo valor de R$ 650.000,00.`;

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
/** Someone A shares the analysis with (Colaboração, read-only). */
let c: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
const ids = {} as Record<Resource, string>;
let routes: string[] = [];

const call = (route: string, opts: { id?: string; cookie?: string; body?: Record<string, unknown> } = {}) => {
  const [method, path] = route.split(' ') as [string, string];
  const url = path.replace(/\{[^{}]+\}/g, opts.id ?? '00000000-0000-4000-8000-000000000000');
  const isWrite = method !== 'GET' && method !== 'DELETE';
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), origin: 'http://localhost:3000' },
    ...(isWrite ? { payload: opts.body ?? {} } : {}),
  });
};

/** Everything A can see of A's own resources, read back after B's attempts. */
async function snapshotOfA() {
  const get = async (url: string) => (await t.app.inject({ url, headers: { cookie: a.cookie } })).json();
  return {
    profile: await get('/api/profile'),
    // Each notification as id → read; later ones (a job's) may still arrive, so only these are compared.
    notifications: Object.fromEntries(((await get('/api/notifications')).items as { id: string; read: boolean }[]).map((n) => [n.id, n.read])),
    documents: (await get('/api/documents')).documents,
    analysis: await get(`/api/analyses/${ids.analysis}`),
    history: await get(`/api/properties/${ids.property}/analyses`),
  };
}

function expectUnchanged(before: Awaited<ReturnType<typeof snapshotOfA>>, after: Awaited<ReturnType<typeof snapshotOfA>>) {
  const { notifications: nb, ...restBefore } = before;
  const { notifications: na, ...restAfter } = after;
  expect(restAfter).toEqual(restBefore);
  for (const [id, read] of Object.entries(nb)) expect(na[id], `notification ${id}`).toBe(read);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { fullName: `Pessoa A ${MARKER}`, company: `Empresa ${MARKER}` });
  // Sharing needs a confirmed e-mail.
  await confirmEmailOf(t, a.user.id);
  b = await signUp(t, { fullName: 'Pessoa B' });
  c = await signUp(t, { fullName: 'Pessoa C Colaboradora' });
  admin = await signUp(t, { email: ADMIN_EMAIL });
  ids.user = a.user.id;

  // A's document, through the real upload and extraction path.
  const upload = multipartBody([{ name: `matricula-${MARKER}.txt`, content: MATRICULA, type: 'text/plain' }]);
  const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload: upload.payload, headers: { ...upload.headers, cookie: a.cookie } });
  expect(up.statusCode).toBe(201);
  ids.document = up.json().documents[0].id;
  await eventually(async () => {
    const d = (await t.app.inject({ url: `/api/documents/${ids.document}`, headers: { cookie: a.cookie } })).json();
    return d.status === 'completed' ? d : null;
  }, 30_000);

  // A's analysis run, property and analysis.
  const run = await t.app.inject({
    method: 'POST',
    url: '/api/analyses/runs',
    headers: { cookie: a.cookie },
    payload: {
      analysisType: 'complete',
      documentIds: [ids.document],
      questionnaire: { address: `Rua ${MARKER}, 10`, city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '650.000,00', monthlyRent: '3.500' },
    },
  });
  expect(run.statusCode).toBe(202);
  ids.run = run.json().run.id;
  const done = await eventually(async () => {
    const r = (await t.app.inject({ url: `/api/analyses/runs/${ids.run}`, headers: { cookie: a.cookie } })).json().run;
    return r.status === 'completed' ? r : null;
  }, 30_000);
  ids.analysis = done.analysisId;
  ids.property = done.propertyId;
  const shared = await call('POST /api/analyses/{id}/collaborators', { id: ids.analysis, cookie: a.cookie, body: { email: c.email } });
  expect(shared.statusCode, shared.body).toBe(201);

  const notes = await eventually(async () => {
    const list = (await t.app.inject({ url: '/api/notifications', headers: { cookie: a.cookie } })).json().items;
    return list.length > 0 ? list : null;
  });
  ids.notification = notes[0].id;
  const sessions = (await t.app.inject({ url: '/api/admin/sessions', headers: { cookie: admin.cookie } })).json();
  ids.session = sessions.sessions.find((s: { userId: string }) => s.userId === a.user.id).id;

  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = [
    ...Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)),
    ...HIDDEN_ROUTES,
  ].filter((r) => !r.startsWith('HEAD '));
}, 120_000);
afterAll(async () => t?.close());

describe('the isolation sweep', () => {
  it('has a rule for every route the server exposes, and no rule for a route that is gone', () => {
    const uncovered = routes.filter((r) => !(r in RULES));
    expect(uncovered, 'routes without an isolation rule').toEqual([]);
    expect(Object.keys(RULES).filter((r) => !routes.includes(r)), 'rules for routes that no longer exist').toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers 401 to anonymous callers on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const rule = RULES[route];
      if (!rule || rule.kind === 'public') continue;
      const res = await call(route, { id: rule.kind === 'owned' || rule.kind === 'admin' ? ids[rule.resource ?? 'user'] : undefined, body: 'body' in rule ? rule.body : undefined });
      if (res.statusCode !== 401) wrong.push(`${route} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in non-admin on every admin route, changing nothing', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const rule = RULES[route];
      if (rule?.kind !== 'admin') continue;
      const res = await call(route, { id: rule.resource ? ids[rule.resource] : undefined, cookie: b.cookie, body: rule.body });
      if (res.statusCode !== 403) wrong.push(`${route} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // A is still not an admin, and A's session was not revoked.
    expect((await t.app.inject({ url: '/api/auth/session', headers: { cookie: a.cookie } })).json().user.role).toBe('user');
  });

  it("gives B 404 on A's resources, for reads, changes, deletes and exports, and leaves them untouched", async () => {
    const before = await snapshotOfA();
    const wrong: string[] = [];
    for (const route of routes) {
      const rule = RULES[route];
      if (rule?.kind !== 'owned') continue;
      const res = await call(route, { id: ids[rule.resource], cookie: b.cookie, body: rule.body });
      if (res.statusCode !== 404) wrong.push(`${route} → ${res.statusCode}`);
      else if (res.body.includes(MARKER) || res.body.includes(ids[rule.resource])) wrong.push(`${route} leaks A's data`);
    }
    expect(wrong).toEqual([]);
    expectUnchanged(before, await snapshotOfA());
  });

  it("shows B nothing of A's on every session route", async () => {
    const before = await snapshotOfA();
    const leaks: string[] = [];
    const aIds = Object.entries(ids).filter(([k]) => k !== 'session');
    for (const route of routes) {
      const rule = RULES[route];
      if (rule?.kind !== 'session') continue;
      const [method, path] = route.split(' ');
      // B's own searches and lists, with A's marker as the query where one is taken.
      const url = method === 'GET' && path === '/api/search' ? `/api/search?q=${MARKER}` : undefined;
      const res = url ? await t.app.inject({ url, headers: { cookie: b.cookie } }) : await call(route, { cookie: b.cookie, body: rule.body });
      if (res.statusCode >= 500) leaks.push(`${route} → ${res.statusCode}`);
      if (res.body.includes(MARKER)) leaks.push(`${route} shows A's text`);
      for (const [name, id] of aIds) if (res.body.includes(id)) leaks.push(`${route} shows A's ${name} id`);
    }
    expect(leaks).toEqual([]);
    expectUnchanged(before, await snapshotOfA());
  });

  it('lets a collaborator read everything of a shared analysis that the owner reads, the stranger none of it', async () => {
    const reads = routes.filter((route) => {
      const rule = RULES[route];
      return rule?.kind === 'owned' && rule.resource === 'analysis' && route.startsWith('GET') && route.split('{').length === 2;
    });
    expect(reads).toEqual(expect.arrayContaining(['GET /api/analyses/{id}', 'GET /api/analyses/{id}/intelligence', 'GET /api/analyses/{id}/projections', 'GET /api/analyses/{id}/report.html']));
    const wrong: string[] = [];
    for (const route of reads) {
      const collaborator = await call(route, { id: ids.analysis, cookie: c.cookie });
      const stranger = await call(route, { id: ids.analysis, cookie: b.cookie });
      if (collaborator.statusCode !== 200) wrong.push(`${route}: collaborator → ${collaborator.statusCode}`);
      if (stranger.statusCode !== 404) wrong.push(`${route}: stranger → ${stranger.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // The same intelligence and projections as the owner's, not a collaborator's empty view.
    for (const path of [`/api/analyses/${ids.analysis}/intelligence`, `/api/analyses/${ids.analysis}/projections`]) {
      const asOwner = (await t.app.inject({ url: path, headers: { cookie: a.cookie } })).json();
      const asCollaborator = (await t.app.inject({ url: path, headers: { cookie: c.cookie } })).json();
      expect(asCollaborator, path).toEqual(asOwner);
    }
    // The PDF report is drawn on each call: generous on a loaded machine.
  }, 90_000);

  it('lets the owner reach every owned route (the 404s above are about ownership, not broken routes)', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const rule = RULES[route];
      // Reads naming one resource; a second id in the path (a room, a photo) is not one of A's here.
      if (rule?.kind !== 'owned' || !route.startsWith('GET') || route.split('{').length > 2) continue;
      const res = await call(route, { id: ids[rule.resource], cookie: a.cookie, body: rule.body });
      if (res.statusCode !== 200) wrong.push(`${route} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
