import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analysisRuns, properties, propertyAnalyses } from '@viabiliza/db/schema';
import { DASHBOARD_GOALS, DASHBOARD_TIME_ZONE, monthStartIn, type DashboardMetrics, type DashboardStats } from '@viabiliza/contracts/dashboard';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';

/**
 * GET /api/dashboard/stats and /metrics (spec 01 §2 'Dashboard'): every figure from the user's own
 * rows — runs for the success and cache rates, analyses for the means and breakdowns — and nothing
 * of another user's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const QUESTIONNAIRE = {
  address: 'Rua dos Pinheiros, 1000, apto 82',
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '80',
  builtArea: '95',
  totalArea: '95',
  targetValue: '800.000,00',
  monthlyRent: '4.500',
  condition: 'bom',
  mainObjective: 'investimento',
};
const MATRICULA =
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678. Apartamento nº 82 situado na Rua dos Pinheiros, 1000, São Paulo/SP, com área privativa de 80,00 m². R.1 - COMPRA E VENDA: valor da transação R$ 800.000,00.';

const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
const stats = async (cookie: string) => {
  const res = await get(cookie, '/api/dashboard/stats');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardStats;
};
const metrics = async (cookie: string) => {
  const res = await get(cookie, '/api/dashboard/metrics');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardMetrics;
};
const startRun = (cookie: string, body: object) => t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: body, headers: { cookie } });
async function runToEnd(cookie: string, body: object) {
  const res = await startRun(cookie, body);
  expect(res.statusCode, res.body).toBe(202);
  return eventually(async () => {
    const { run } = (await get(cookie, `/api/analyses/runs/${res.json().run.id}`)).json();
    return run.status === 'completed' || run.status === 'failed' ? run : null;
  }, 30_000);
}

describe('dashboard', () => {
  it('requires a session', async () => {
    expect((await t.app.inject({ url: '/api/dashboard/stats' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/dashboard/metrics' })).statusCode).toBe(401);
  });

  it('shows empty figures, not invented ones, for a new account', async () => {
    const { cookie } = await signUp(t);
    const s = await stats(cookie);
    expect(s).toMatchObject({
      totalProperties: 0,
      totalDocuments: 0,
      totalAnalyses: 0,
      successRate: null,
      recentAnalyses: [],
      month: { analyses: 0, documents: 0 },
      goals: DASHBOARD_GOALS,
    });
    const m = await metrics(cookie);
    expect(m).toMatchObject({
      totalAnalyses: 0,
      averageConfidence: null,
      averageTokens: null,
      cacheHitRate: null,
      cacheEntries: 0,
      types: [],
      providers: [],
    });
    expect(s.own).toEqual({
      documents: { total: 0, read: 0, reading: 0, error: 0, quarantined: 0 },
      runs: { inProgress: 0, completed: 0, failed: 0, lastRunAt: null, lastRunStatus: null },
    });
    // The server's own figures are an admin's (own-status.routes.test.ts).
    expect(s).not.toHaveProperty('system');
    expect(m).not.toHaveProperty('memory');
  });

  it('computes every figure from the user’s runs, analyses and documents, and counts a cache hit', async () => {
    const { cookie, user } = await signUp(t);
    const other = await signUp(t);

    const { payload, headers } = multipartBody([{ name: 'matricula.txt', content: MATRICULA, type: 'text/plain' }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
    const docId = up.json().documents[0].id as string;
    await eventually(async () => (await get(cookie, `/api/documents/${docId}`)).json().status === 'completed', 30_000);

    const first = await runToEnd(cookie, { analysisType: 'complete', questionnaire: QUESTIONNAIRE });
    const second = await runToEnd(cookie, { analysisType: 'legal', questionnaire: { city: 'São Paulo', state: 'SP' }, documentIds: [docId] });
    expect([first.status, second.status]).toEqual(['completed', 'completed']);
    // An identical request is answered from the cache: a completed run with cached=true, no new analysis.
    const again = await startRun(cookie, { analysisType: 'complete', questionnaire: { ...QUESTIONNAIRE } });
    expect(again.statusCode).toBe(200);
    expect(again.json().run).toMatchObject({ cached: true, analysisId: first.analysisId });
    // A failed run, as the job leaves it.
    await t.runtime.ctx.db.insert(analysisRuns).values({
      userId: user.id,
      analysisType: 'financial',
      input: {},
      inputHash: 'failed-run',
      status: 'failed',
      error: 'Falha de teste',
      finishedAt: new Date(),
    });

    // Another user's rows must change nothing above.
    const [otherProperty] = await t.runtime.ctx.db
      .insert(properties)
      .values({ userId: other.user.id, title: 'Imóvel de outra pessoa' })
      .returning({ id: properties.id });
    await t.runtime.ctx.db.insert(propertyAnalyses).values({
      userId: other.user.id,
      propertyId: otherProperty!.id,
      analysisType: 'market',
      providerUsed: 'gemini',
      resultContent: '# Outro',
      tokensUsed: 99_999,
      confidenceScore: 10,
      inputHash: 'other-hash',
    });
    await t.runtime.ctx.db
      .insert(analysisRuns)
      .values({ userId: other.user.id, analysisType: 'market', input: {}, inputHash: 'other', status: 'failed', finishedAt: new Date() });

    const saved = await t.runtime.ctx.db.select().from(propertyAnalyses).where(eq(propertyAnalyses.userId, user.id));
    expect(saved).toHaveLength(2);
    const byId = new Map(saved.map((a) => [a.id, a]));
    const confidences = saved.map((a) => a.confidenceScore!);
    const tokens = saved.map((a) => a.tokensUsed!);

    const s = await stats(cookie);
    expect(s.totalProperties).toBe(2);
    expect(s.totalDocuments).toBe(1);
    expect(s.totalAnalyses).toBe(2);
    // Completed 3 (two computed, one from the cache) of 4 finished runs.
    expect(s.runs).toEqual({ completed: 3, failed: 1 });
    expect(s.successRate).toBeCloseTo(0.75, 10);
    expect(s.month).toMatchObject({ analyses: 2, documents: 1 });
    expect(s.goals).toEqual({ analyses: 100, documents: 500 });

    expect(s.recentAnalyses.map((a) => a.id)).toEqual([second.analysisId, first.analysisId]);
    const [recent] = s.recentAnalyses;
    expect(recent).toMatchObject({
      analysisType: 'legal',
      typeLabel: 'Jurídica',
      providerUsed: 'local',
      providerName: 'Motor Viabiliza',
      tokensUsed: byId.get(second.analysisId)!.tokensUsed,
      // Named by the address the matrícula cites (the questionnaire gave none).
      propertyTitle: expect.stringMatching(/^Rua dos Pinheiros, 1000/),
    });
    for (const item of s.recentAnalyses) {
      expect(item.preview.length).toBeGreaterThan(20);
      expect(item.preview.length).toBeLessThanOrEqual(200);
      // Plain text: the report's Markdown headings, tables and emphasis are gone.
      expect(item.preview).not.toMatch(/(^|\s)#{1,6}\s|\*\*|\|\s*-{3}/);
    }

    expect(s.own.documents).toEqual({ total: 1, read: 1, reading: 0, error: 0, quarantined: 0 });
    expect(s.own.runs).toMatchObject({ inProgress: 0, completed: 3, failed: 1, lastRunStatus: 'failed' });

    const m = await metrics(cookie);
    expect(m.totalAnalyses).toBe(2);
    expect(m.averageConfidence).toBeCloseTo((confidences[0]! + confidences[1]!) / 2, 1);
    expect(m.averageTokens).toBe(Math.round((tokens[0]! + tokens[1]!) / 2));
    expect(m.cacheHits).toBe(1);
    expect(m.completedRuns).toBe(3);
    expect(m.cacheHitRate).toBeCloseTo(1 / 3, 10);
    expect(m.cacheEntries).toBe(2);
    expect(m.types).toEqual([
      { type: 'complete', label: 'Completa', count: 1, percent: 50 },
      { type: 'legal', label: 'Jurídica', count: 1, percent: 50 },
    ]);
    const confident = confidences.filter((c) => c > 70).length;
    expect(m.providers).toEqual([{ provider: 'local', name: 'Motor Viabiliza', uses: 2, successRate: (confident / 2) * 100 }]);

    // The other user sees only their own.
    const os = await stats(other.cookie);
    expect(os).toMatchObject({ totalProperties: 1, totalDocuments: 0, totalAnalyses: 1, successRate: 0 });
    expect(os.recentAnalyses.map((a) => a.propertyTitle)).toEqual(['Imóvel de outra pessoa']);
    const om = await metrics(other.cookie);
    expect(om).toMatchObject({ averageConfidence: 10, averageTokens: 99_999, cacheHitRate: null, cacheEntries: 1 });
    expect(om.providers).toEqual([{ provider: 'gemini', name: 'Gemini', uses: 1, successRate: 0 }]);
  });

  it('counts this month in America/Sao_Paulo and the provider success only above 70', async () => {
    const { cookie, user } = await signUp(t);
    const monthStart = monthStartIn(DASHBOARD_TIME_ZONE);
    const [property] = await t.runtime.ctx.db.insert(properties).values({ userId: user.id, title: 'Casa' }).returning({ id: properties.id });
    const base = { userId: user.id, propertyId: property!.id, resultContent: '## Resumo\n\nTexto **forte**.' };
    await t.runtime.ctx.db.insert(propertyAnalyses).values([
      // One second before the month began in Brazil: last month.
      { ...base, analysisType: 'quick', providerUsed: 'openai', confidenceScore: 70, tokensUsed: 100, createdAt: new Date(monthStart.getTime() - 1000) },
      { ...base, analysisType: 'quick', providerUsed: 'openai', confidenceScore: 71, tokensUsed: null, createdAt: monthStart },
      { ...base, analysisType: 'nova-coisa', providerUsed: null, confidenceScore: null, tokensUsed: 300 },
    ]);
    const s = await stats(cookie);
    expect(s.month).toMatchObject({ start: monthStart.toISOString(), analyses: 2 });
    expect(s.totalAnalyses).toBe(3);
    expect(s.successRate).toBeNull();
    expect(s.recentAnalyses[0]).toMatchObject({ typeLabel: 'nova-coisa', providerUsed: null, providerName: null, preview: 'Resumo Texto forte.' });

    const m = await metrics(cookie);
    expect(m.averageConfidence).toBe(70.5);
    expect(m.averageTokens).toBe(200);
    expect(m.types).toEqual([
      { type: 'quick', label: 'Rápida', count: 2, percent: 66.7 },
      { type: 'nova-coisa', label: 'nova-coisa', count: 1, percent: 33.3 },
    ]);
    expect(m.providers).toEqual([
      { provider: 'openai', name: 'OpenAI', uses: 2, successRate: 50 },
      { provider: null, name: 'Não especificado', uses: 1, successRate: 0 },
    ]);
  });
});
