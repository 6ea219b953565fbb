import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { securityAudit } from '@viabiliza/db/schema';
import { SUSPICIOUS_ACTIONS } from '@viabiliza/contracts/audit';
import { setUserRole } from '../auth/users.repository.ts';
import { teeToRing } from '../logs/log-ring.ts';
import { ADMIN_EMAIL, PASSWORD, createTestApp, eventually, multipartBody, signUp, uniqueEmail, type TestApp } from '../../../test/helper.ts';
import { insertAudit } from './audit.repository.ts';
import { sseClient } from '../../../test/sse-client.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0 AuditTest';
const DEED = 'ESCRITURA PÚBLICA DE COMPRA E VENDA. Matrícula nº 45.678 do 2º Registro de Imóveis. Apartamento com área privativa de 80,00 m², CEP 88010-000, pelo valor de R$ 800.000,00.';
const QUESTIONNAIRE = {
  address: 'Rua das Flores, 1000',
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '80',
  builtArea: '95',
  totalArea: '95',
  targetValue: '800.000,00',
  monthlyRent: '4.500',
  condition: 'bom',
  availableDocuments: ['matricula', 'iptu'],
};

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let base: string;
beforeAll(async () => {
  // The app logs through the same ring main.ts feeds, without printing.
  t = await createTestApp({}, { logger: { level: 'info', stream: teeToRing(null) } });
  admin = await signUp(t, { email: ADMIN_EMAIL });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

const rowsOf = (userId: string, action: string) =>
  t.database.db.select().from(securityAudit).where(and(eq(securityAudit.userId, userId), eq(securityAudit.action, action)));
const overview = async () => {
  const res = await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('audit and log endpoints', () => {
  it('answer 401 anonymous and 403 to a non-admin, and the probe is recorded as suspicious', async () => {
    const user = await signUp(t);
    for (const url of ['/api/admin/audit', '/api/admin/logs', '/api/admin/logs?requestId=x&level=error']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: { cookie: user.cookie, 'user-agent': UA } })).statusCode).toBe(403);
    }
    const probes = await rowsOf(user.user.id, SUSPICIOUS_ACTIONS.adminAccessDenied);
    expect(probes).toHaveLength(3);
    expect(probes[0]).toMatchObject({ success: false, ipAddress: '127.0.0.1', userAgent: UA, resource: 'admin' });
  });

  it('validates the log query in Portuguese', async () => {
    const res = await t.app.inject({ url: '/api/admin/logs?level=verbose', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });
});

describe('what the server writes to security_audit', () => {
  it('a sign-up and a failed sign-in, with IP and user agent', async () => {
    const email = uniqueEmail('alvo');
    const up = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', headers: { 'user-agent': UA }, payload: { fullName: 'Alvo', email, password: PASSWORD } });
    expect(up.statusCode).toBe(201);
    const id = up.json().user.id as string;
    expect(await rowsOf(id, 'signup')).toEqual([expect.objectContaining({ success: true, ipAddress: '127.0.0.1', userAgent: UA })]);

    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'user-agent': UA }, payload: { email, password: 'errada-123' } });
    expect(bad.statusCode).toBe(401);
    const [failed] = await rowsOf(id, 'login');
    expect(failed).toMatchObject({ success: false, ipAddress: '127.0.0.1', userAgent: UA, details: { email, reason: 'INVALID_CREDENTIALS' } });
  });

  it('sign-ins past the auth budget as SUSPICIOUS, tied to the targeted account', async () => {
    const victim = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      // From an address the victim never used: its guesses are slowed down after the fifth.
      codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: '203.0.113.7', headers: { 'user-agent': UA }, payload: { email: victim.email, password: `chute-senha-${i}` } })).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await rowsOf(victim.user.id, 'login')).toHaveLength(5);
    expect(await rowsOf(victim.user.id, SUSPICIOUS_ACTIONS.authRateLimited)).toEqual([
      expect.objectContaining({ success: false, userAgent: UA, ipAddress: '203.0.113.7' }),
    ]);
  });

  it('an upload, an analysis run and report exports, with IP and user agent', async () => {
    const owner = await signUp(t);
    const headers = { cookie: owner.cookie, 'user-agent': UA };
    const form = multipartBody([{ name: 'escritura.txt', content: DEED, type: 'text/plain' }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload: form.payload, headers: { ...form.headers, ...headers } });
    expect(up.statusCode).toBe(201);
    const documentId = up.json().documents[0].id as string;
    expect(await rowsOf(owner.user.id, 'upload')).toEqual([
      expect.objectContaining({ success: true, ipAddress: '127.0.0.1', userAgent: UA, details: expect.objectContaining({ fileName: 'escritura.txt', result: 'accepted' }) }),
    ]);
    await eventually(async () => (await t.app.inject({ url: `/api/documents/${documentId}`, headers })).json().status === 'completed', 30_000);

    const run = await t.app.inject({ method: 'POST', url: '/api/analyses/runs', headers, payload: { analysisType: 'complete', questionnaire: QUESTIONNAIRE, documentIds: [documentId] } });
    expect(run.statusCode).toBe(202);
    const runId = run.json().run.id as string;
    expect(await rowsOf(owner.user.id, 'analysis_run')).toEqual([
      expect.objectContaining({ success: true, ipAddress: '127.0.0.1', userAgent: UA, details: expect.objectContaining({ runId, analysisType: 'complete', documents: 1, statusCode: 202 }) }),
    ]);
    const done = await eventually(async () => {
      const r = (await t.app.inject({ url: `/api/analyses/runs/${runId}`, headers })).json().run;
      return r.status === 'completed' || r.status === 'failed' ? r : null;
    }, 30_000);
    expect(done.status).toBe('completed');

    for (const path of ['report.pdf', 'report.html?template=executive', 'export.txt']) {
      expect((await t.app.inject({ url: `/api/analyses/${done.analysisId}/${path}`, headers })).statusCode).toBe(200);
    }
    // Another user's export is refused (404) and recorded as a failed export.
    const stranger = await signUp(t);
    expect((await t.app.inject({ url: `/api/analyses/${done.analysisId}/export.txt`, headers: { cookie: stranger.cookie, 'user-agent': UA } })).statusCode).toBe(404);

    const exports = await rowsOf(owner.user.id, 'report_export');
    expect(exports.map((r) => (r.details as { format: string }).format).sort()).toEqual(['html', 'pdf', 'text']);
    for (const r of exports) expect(r).toMatchObject({ success: true, ipAddress: '127.0.0.1', userAgent: UA, details: expect.objectContaining({ analysisId: done.analysisId }) });
    expect(await rowsOf(stranger.user.id, 'report_export')).toEqual([
      expect.objectContaining({ success: false, details: expect.objectContaining({ analysisId: done.analysisId, statusCode: 404, error: 'NOT_FOUND' }) }),
    ]);
  });
});

describe('GET /api/admin/audit', () => {
  it('counts and rates the rows of the last hours by the documented thresholds', async () => {
    const [high, medium, low, calm] = [await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
    const before = await overview();
    const db = t.runtime.ctx.db;
    const meta = { ipAddress: '203.0.113.7', userAgent: UA };
    // 12 failed sign-ins in the hour → HIGH (≥ 10 failures).
    for (let i = 0; i < 12; i++) await insertAudit(db, { userId: high.user.id, action: 'login', resource: 'auth', success: false, ...meta });
    // 6 failures → MEDIUM (≥ 5); 25 successful actions → LOW (≥ 20);
    // a failed sign-in and a suspicious probe (2 failures, 3 actions with the sign-up) → not anomalous.
    for (let i = 0; i < 6; i++) await insertAudit(db, { userId: medium.user.id, action: 'login', resource: 'auth', success: false, ...meta });
    for (let i = 0; i < 25; i++) await insertAudit(db, { userId: low.user.id, action: 'report_export', resource: 'report', success: true, ...meta });
    await insertAudit(db, { userId: calm.user.id, action: 'login', resource: 'auth', success: false, ...meta });
    await insertAudit(db, { userId: calm.user.id, action: SUSPICIOUS_ACTIONS.adminAccessDenied, resource: 'admin', success: false, ...meta });
    // Older than the windows: counted nowhere.
    await db.insert(securityAudit).values({ userId: calm.user.id, action: 'login', resource: 'auth', success: false, createdAt: new Date(Date.now() - 25 * 3600_000) });
    await db.insert(securityAudit).values(Array.from({ length: 12 }, () => ({ userId: calm.user.id, action: 'login', resource: 'auth', success: false, createdAt: new Date(Date.now() - 2 * 3600_000) })));

    const after = await overview();
    expect(after.counters.totalEvents - before.counters.totalEvents).toBe(12 + 6 + 25 + 1 + 1 + 12);
    expect(after.counters.failedEvents - before.counters.failedEvents).toBe(12 + 6 + 1 + 1 + 12);
    expect(after.counters.suspiciousEvents - before.counters.suspiciousEvents).toBe(1);
    expect(after.counters.highRiskUsers - before.counters.highRiskUsers).toBe(1);

    // Each account's own sign-up row is one more action in the hour.
    const byUser = Object.fromEntries(after.anomalies.filter((a: { userId: string | null }) => a.userId).map((a: { userId: string }) => [a.userId, a]));
    expect(byUser[high.user.id]).toMatchObject({ riskLevel: 'HIGH', actionCount: 13, failureCount: 12, lastAction: 'login', userEmail: high.email });
    expect(byUser[medium.user.id]).toMatchObject({ riskLevel: 'MEDIUM', actionCount: 7, failureCount: 6 });
    expect(byUser[low.user.id]).toMatchObject({ riskLevel: 'LOW', actionCount: 26, failureCount: 0, lastAction: 'report_export' });
    expect(byUser[calm.user.id]).toBeUndefined();

    // The feed: newest first, capped at 50, each event with its badge.
    expect(after.events).toHaveLength(50);
    const times = after.events.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const suspicious = after.events.find((e: { action: string; userId: string }) => e.action === SUSPICIOUS_ACTIONS.adminAccessDenied && e.userId === calm.user.id);
    expect(suspicious).toMatchObject({ riskLevel: 'HIGH', success: false, userEmail: calm.email, ipAddress: '203.0.113.7' });
    expect(after.events.find((e: { userId: string }) => e.userId === low.user.id)).toMatchObject({ riskLevel: 'LOW' });
  });
});

describe('live audit feed', () => {
  it('pushes a new audit event to a connected admin, not to other users', async () => {
    const other = await signUp(t);
    const second = await signUp(t);
    await setUserRole(t.database.db, second.user.id, 'admin');
    const adminStream = await fetch(`${base}/api/events`, { headers: { cookie: second.cookie } });
    const userStream = await fetch(`${base}/api/events`, { headers: { cookie: other.cookie } });
    const admin$ = sseClient(adminStream);
    const user$ = sseClient(userStream);
    try {
      await admin$.next((e) => e === 'ready');
      await user$.next((e) => e === 'ready');
      const email = uniqueEmail('ninguem');
      const res = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': UA },
        body: JSON.stringify({ email, password: 'nao-existe-1' }),
      });
      expect(res.status).toBe(401);
      const { data } = await admin$.next((e, d) => e === 'audit' && d.includes(email));
      expect(JSON.parse(data)).toMatchObject({ action: 'login', success: false, riskLevel: 'MEDIUM', userAgent: UA, ipAddress: '127.0.0.1', details: { email } });
      await expect(user$.next((e) => e === 'audit', 1500)).rejects.toThrow('event not received');
    } finally {
      await admin$.close();
      await user$.close();
    }
  });
});

describe('GET /api/admin/logs', () => {
  it('finds the server log lines of one request by its id, filtered by level', async () => {
    const res = await t.app.inject({ url: '/api/notifications', headers: { cookie: admin.cookie } });
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logs = (await t.app.inject({ url: `/api/admin/logs?requestId=${requestId}`, headers: { cookie: admin.cookie } })).json();
    expect(logs.capacity).toBeGreaterThan(0);
    expect(logs.lines.map((l: { message: string }) => l.message)).toEqual(['request completed', 'incoming request']);
    expect(logs.lines.every((l: { requestId: string; level: string }) => l.requestId === requestId && l.level === 'info')).toBe(true);
    expect(logs.lines[1].data.req).toMatchObject({ method: 'GET', url: '/api/notifications' });
    expect(logs.lines[0].data.res).toMatchObject({ statusCode: 200 });

    const warn = (await t.app.inject({ url: `/api/admin/logs?requestId=${requestId}&level=warn`, headers: { cookie: admin.cookie } })).json();
    expect(warn.lines).toEqual([]);
  });
});
