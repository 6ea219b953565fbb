import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { properties, propertyAnalyses, propertyDocuments, securityAudit, user } from '@viabiliza/db/schema';
import { DEMO_SANDBOX, DEMO_SANDBOX_MESSAGES } from '@viabiliza/contracts/auth';
import { AUTH_MESSAGES } from '@viabiliza/contracts/errors';
import { DEMO_SAMPLES } from '../analyses/demo-samples.ts';
import { cookieHeader, createLegacyDemoAccount, createTestApp, eventually, multipartBody, PASSWORD, signUp, type TestApp } from '../../../test/helper.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { DEMO_EMAIL } from '../../config/app-config.ts';
import { JOBS } from '../../jobs/job-names.ts';
import { countAnalysesAndUsers } from '../public-stats/public-stats.repository.ts';
import { analyticsReport } from '../analytics/analytics.service.ts';
import { systemTotals } from '../admin-console/admin-console.repository.ts';
import { countActiveUsers } from '../metrics/metrics.repository.ts';
import { removeExpiredSandboxes } from './sandbox.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' };
let nextAddress = 10;
/** Each visitor from an address of their own, so the per-address budgets of one test never touch another's. */
const address = () => `198.51.100.${nextAddress++}`;

interface Visitor {
  cookie: string;
  user: { id: string; email: string; fullName: string; isDemo: boolean; sandboxExpiresAt: string | null };
  body: string;
}

async function demo(remoteAddress = address()): Promise<Visitor> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo', headers: BROWSER, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieHeader(res.headers['set-cookie']), user: res.json().user, body: res.body };
}

const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
const storagePath = (key: string) => (t.runtime.ctx.storage as LocalStorage).path(key);

async function filesOf(userId: string) {
  return t.runtime.ctx.db.select({ key: propertyDocuments.storageKey }).from(propertyDocuments).where(eq(propertyDocuments.userId, userId));
}

const DEED = 'ESCRITURA PÚBLICA DE COMPRA E VENDA. Outorgante vendedor: JOÃO DA SILVA. Imóvel situado na Rua das Flores, nº 120, Florianópolis/SC, área total de 360,00 m². Valor da transação R$ 850.000,00.';

describe("POST /api/auth/demo: a private sandbox per 'Entrar como Demo'", () => {
  let a: Visitor;
  let b: Visitor;
  beforeAll(async () => {
    a = await demo();
    b = await demo();
  });

  it('creates one account per visitor, on the reserved domain, expiring in 24 h, with no credential in the answer', async () => {
    expect(a.user.id).not.toBe(b.user.id);
    for (const v of [a, b]) {
      expect(v.user).toMatchObject({ isDemo: true, fullName: 'Usuário Demo', role: 'user' });
      expect(v.user.email).toMatch(new RegExp(`^demo-[0-9a-f]{32}@${DEMO_SANDBOX.emailDomain.replace(/\./g, '\\.')}$`));
      const hours = (new Date(v.user.sandboxExpiresAt!).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      expect(v.body).not.toMatch(/password|senha/i);
      const [row] = await t.runtime.ctx.db.select().from(user).where(eq(user.id, v.user.id));
      expect(row).toMatchObject({ isSandbox: true, email: v.user.email });
      expect(row!.sandboxExpiresAt!.toISOString()).toBe(v.user.sandboxExpiresAt);
    }
    // The session says the same.
    expect((await get(a.cookie, '/api/auth/session')).json().user).toMatchObject({ id: a.user.id, isDemo: true, sandboxExpiresAt: a.user.sandboxExpiresAt });
    // No shared account is created any more.
    expect(await t.runtime.ctx.db.select().from(user).where(eq(user.email, DEMO_EMAIL))).toHaveLength(0);
  });

  it('gives each sandbox its own copy of the sample data: properties, documents with files and pages, analyses', async () => {
    const ids: Record<string, string[]> = {};
    for (const v of [a, b]) {
      const props = await t.runtime.ctx.db.select().from(properties).where(eq(properties.userId, v.user.id));
      expect(props.map((p) => p.title).sort()).toEqual(DEMO_SAMPLES.map((e) => e.title).sort());
      const history = (await get(v.cookie, '/api/analyses')).json();
      expect(history.items).toHaveLength(DEMO_SAMPLES.length);
      const docs = (await get(v.cookie, '/api/documents')).json().documents as { id: string; status: string }[];
      expect(docs).toHaveLength(DEMO_SAMPLES.reduce((n, e) => n + e.documents.length, 0));
      expect(docs.every((d) => d.status === 'completed')).toBe(true);
      const { pages } = (await get(v.cookie, `/api/documents/${docs[0]!.id}/pages`)).json() as { pages: { text: string }[] };
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.every((p) => p.text.length > 50)).toBe(true);
      for (const f of await filesOf(v.user.id)) expect(existsSync(storagePath(f.key)), f.key).toBe(true);
      ids[v.user.id] = [...props.map((p) => p.id), ...docs.map((d) => d.id)];
    }
    // Copies, not shared rows: nothing of one is reachable by the other.
    for (const id of ids[a.user.id]!) expect(ids[b.user.id]).not.toContain(id);
    const docOfA = ((await get(a.cookie, '/api/documents')).json().documents as { id: string }[])[0]!.id;
    expect((await get(b.cookie, `/api/documents/${docOfA}`)).statusCode).toBe(404);
  });

  it("keeps one visitor's upload and profile change away from the other", async () => {
    const { payload, headers } = multipartBody([{ name: 'minha-escritura.txt', content: DEED }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie: a.cookie } });
    expect(up.statusCode, up.body).toBe(201);
    const uploaded = up.json().documents[0];
    const renamed = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie: a.cookie }, payload: { fullName: 'Visitante Um', phone: null, company: 'Minha Empresa' } });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const docsOfB = (await get(b.cookie, '/api/documents')).json().documents as { fileName: string }[];
    expect(docsOfB.map((d) => d.fileName)).not.toContain('minha-escritura.txt');
    expect((await get(b.cookie, `/api/documents/${uploaded.id}`)).statusCode).toBe(404);
    expect((await get(b.cookie, '/api/profile')).json()).toMatchObject({ fullName: 'Usuário Demo', company: null });
    expect((await get(b.cookie, '/api/auth/session')).json().user.fullName).toBe('Usuário Demo');
    // A new visitor starts from the sample data, not from what an earlier one did.
    const c = await demo();
    expect(((await get(c.cookie, '/api/documents')).json().documents as { fileName: string }[]).map((d) => d.fileName)).not.toContain('minha-escritura.txt');
    expect(c.user.fullName).toBe('Usuário Demo');
    // Notifications are each visitor's own (the welcome, for one).
    const notesOfB = (await get(b.cookie, '/api/notifications')).json();
    expect(JSON.stringify(notesOfB)).not.toContain(a.user.id);
  });

  it('refuses to share an analysis from a sandbox (it would reach another person)', async () => {
    const other = await signUp(t);
    const history = (await get(a.cookie, '/api/analyses')).json();
    const analysisId = (history.items)[0].id as string;
    const res = await t.app.inject({ method: 'POST', url: `/api/analyses/${analysisId}/collaborators`, headers: { cookie: a.cookie }, payload: { email: other.email } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(DEMO_SANDBOX_MESSAGES.notInDemo);
    expect((await get(other.cookie, '/api/shared-analyses')).body).not.toContain(analysisId);
  });
});

describe('budgets of the demo entry', () => {
  it('opens at most 5 sandboxes per 15 minutes from one address', async () => {
    const from = address();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: from })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // Another address is not held back.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: address() })).statusCode).toBe(200);
    // Six sandboxes, each a password hash and the sample data: ~1–4 s apiece on a shared machine.
  }, 120_000);

  it(`opens at most ${DEMO_SANDBOX.perAddressPerDay} a day from one address, counted in the audit trail`, async () => {
    const from = address();
    const before = (await t.runtime.ctx.db.select({ id: user.id }).from(user)).length;
    // A day's worth opened earlier (spread over the hours, so the 15-minute budget was never hit).
    await t.runtime.ctx.db.insert(securityAudit).values(
      Array.from({ length: DEMO_SANDBOX.perAddressPerDay }, () => ({ action: 'demo_login', resource: 'auth', success: true, ipAddress: from })),
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: from });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(DEMO_SANDBOX_MESSAGES.dailyLimit);
    expect((await t.runtime.ctx.db.select({ id: user.id }).from(user)).length).toBe(before);
  });

  it('keeps the reserved domain out of ordinary sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { fullName: 'Alguém', email: `pessoa@${DEMO_SANDBOX.emailDomain}`, password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(DEMO_SANDBOX_MESSAGES.reservedEmail);
  });

  it('answers the spec message when the sandbox cannot be filled, and leaves no account behind', async () => {
    const storage = t.runtime.ctx.storage;
    const receive = storage.receive.bind(storage);
    const before = (await t.runtime.ctx.db.select({ id: user.id }).from(user)).length;
    storage.receive = async () => {
      throw new Error('disco cheio');
    };
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: address() });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.demoCreate);
    } finally {
      storage.receive = receive;
    }
    expect((await t.runtime.ctx.db.select({ id: user.id }).from(user)).length).toBe(before);
  });
});

describe('removal of expired sandboxes', () => {
  it('removes a sandbox past its day with its rows and stored files, and only it', async () => {
    const old = await demo();
    const fresh = await demo();
    const oldFiles = await filesOf(old.user.id);
    expect(oldFiles.length).toBeGreaterThan(0);
    // Its session stops at the hour, before any cleanup has run.
    await t.runtime.ctx.db.update(user).set({ sandboxExpiresAt: new Date(Date.now() - 60_000) }).where(eq(user.id, old.user.id));
    expect((await get(old.cookie, '/api/auth/session')).json().user).toBeNull();
    expect((await get(old.cookie, '/api/documents')).statusCode).toBe(401);

    expect(await removeExpiredSandboxes(t.runtime.ctx)).toBe(1);

    expect(await t.runtime.ctx.db.select().from(user).where(eq(user.id, old.user.id))).toHaveLength(0);
    expect(await t.runtime.ctx.db.select().from(properties).where(eq(properties.userId, old.user.id))).toHaveLength(0);
    expect(await t.runtime.ctx.db.select().from(propertyAnalyses).where(eq(propertyAnalyses.userId, old.user.id))).toHaveLength(0);
    expect(await filesOf(old.user.id)).toHaveLength(0);
    for (const f of oldFiles) expect(existsSync(storagePath(f.key)), f.key).toBe(false);

    // The other sandbox and its files are untouched.
    expect((await get(fresh.cookie, '/api/auth/session')).json().user.id).toBe(fresh.user.id);
    for (const f of await filesOf(fresh.user.id)) expect(existsSync(storagePath(f.key))).toBe(true);
    // Nothing left to do.
    expect(await removeExpiredSandboxes(t.runtime.ctx)).toBe(0);
  });

  it('is scheduled on the queue (pg-boss cron)', async () => {
    const schedules = await t.runtime.ctx.queue.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(JOBS.sandboxCleanup);
  });
});

describe('platform-wide figures leave sandboxes out', () => {
  it('public counters, admin analytics, health totals and active users count only real accounts', async () => {
    const ctx = t.runtime.ctx;
    const since = new Date(Date.now() - 86_400_000);
    const snapshot = async () => ({
      stats: await countAnalysesAndUsers(ctx.db),
      analytics: (await analyticsReport(ctx, 1)).kpis,
      totals: await systemTotals(ctx.db, since),
      active: await countActiveUsers(ctx.db),
    });
    const before = await snapshot();

    // Two visitors open demos (from a browser) and each runs an analysis; the shared demo account of
    // earlier versions is used too.
    for (const v of [await demo(), await demo()]) {
      const run = await t.app.inject({
        method: 'POST',
        url: '/api/analyses/runs',
        headers: { ...BROWSER, cookie: v.cookie },
        payload: { analysisType: 'financial', questionnaire: { address: 'Avenida Paulista, 1000', city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '800.000,00' } },
      });
      expect(run.statusCode, run.body).toBe(202);
      const runId = run.json().run.id as string;
      await eventually(async () => {
        const { run: now } = (await get(v.cookie, `/api/analyses/runs/${runId}`)).json();
        return now.status === 'completed' || now.status === 'failed';
      }, 30_000);
    }
    const legacy = await createLegacyDemoAccount(t);
    await ctx.db.insert(properties).values({ userId: legacy.user.id, title: 'Da conta demo antiga' });

    const after = await snapshot();
    expect(after.stats).toEqual(before.stats);
    expect(after.totals).toMatchObject({ totalUsers: before.totals.totalUsers, totalAnalyses: before.totals.totalAnalyses, totalProperties: before.totals.totalProperties });
    expect(after.active).toBe(before.active);
    expect(after.analytics).toMatchObject({
      activeUsers: before.analytics.activeUsers,
      newUsers: before.analytics.newUsers,
      analyses: before.analytics.analyses,
      runsCompleted: before.analytics.runsCompleted,
      runsFailed: before.analytics.runsFailed,
    });

    // A real person is counted everywhere.
    const person = await signUp(t);
    await ctx.db.insert(properties).values({ userId: person.user.id, title: 'Imóvel real' });
    const real = await snapshot();
    expect(real.stats.users).toBe(before.stats.users + 1);
    expect(real.totals.totalUsers).toBe(before.totals.totalUsers + 1);
    expect(real.totals.totalProperties).toBe(before.totals.totalProperties + 1);
    expect(real.analytics.newUsers).toBe(before.analytics.newUsers + 1);
  });
});
