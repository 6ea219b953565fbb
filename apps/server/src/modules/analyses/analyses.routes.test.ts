import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { analysisRuns, notifications, properties } from '@viabiliza/db/schema';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';
import { executeRun, recoverRuns } from './analyses.service.ts';
import { seedSampleData } from './demo-seed.ts';

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
  availableDocuments: ['matricula', 'iptu'],
};

// A promise of sale carries the price being paid now; a matrícula's acts only past ones.
const CONTRATO =
  'INSTRUMENTO PARTICULAR DE COMPROMISSO DE COMPRA E VENDA. O apartamento nº 82, situado na Rua dos Pinheiros, 1000, São Paulo/SP, CEP 05422-000, matrícula nº 45.678, com área privativa de 80,00 m² e área total de 95,00 m², é prometido à venda pelo preço de R$ 800.000,00.';

const post = (cookie: string, body: unknown) => t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: body as object, headers: { cookie } });
const getJson = async (cookie: string, url: string) => (await t.app.inject({ url, headers: { cookie } })).json();

async function finished(cookie: string, runId: string) {
  return eventually(async () => {
    const { run } = await getJson(cookie, `/api/analyses/runs/${runId}`);
    return run.status === 'completed' || run.status === 'failed' ? run : null;
  }, 30_000);
}

describe('POST /api/analyses/runs', () => {
  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: { analysisType: 'complete' } });
    expect(res.statusCode).toBe(401);
  });

  it('checks the spec preconditions on the server, with their messages', async () => {
    const { cookie } = await signUp(t);
    const none = await post(cookie, { analysisType: 'complete', questionnaire: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Preencha pelo menos algumas informações do questionário ou faça upload de documentos');
    const little = await post(cookie, { analysisType: 'complete', questionnaire: { city: 'Recife' } });
    expect(little.statusCode).toBe(400);
    expect(little.json().error.message).toBe(
      'Conteúdo insuficiente para análise. Preencha mais informações no questionário ou adicione documentos.',
    );
    const badCep = await post(cookie, { analysisType: 'complete', questionnaire: { ...QUESTIONNAIRE, zipCode: '123' } });
    expect(badCep.statusCode).toBe(400);
    expect(badCep.json().error.message).toContain('CEP deve ter o formato 00000-000');
  });

  it('runs the engine as a job, saves property, analysis and notification, and returns the cached result for identical input', async () => {
    const { cookie, user } = await signUp(t);
    const res = await post(cookie, { analysisType: 'complete', questionnaire: QUESTIONNAIRE });
    expect(res.statusCode).toBe(202);
    expect(res.json().run).toMatchObject({ status: 'queued', cached: false, analysisType: 'complete' });

    const run = await finished(cookie, res.json().run.id);
    expect(run).toMatchObject({ status: 'completed', stepLabel: 'Análise concluída!', error: null });
    const { analysis } = await getJson(cookie, `/api/analyses/${run.analysisId}`);
    expect(analysis.providerUsed).toBe('local');
    expect(analysis.providerName).toBe('Motor Viabiliza');
    expect(analysis.model).toMatch(/^viabiliza-engine@/);
    expect(analysis.property.title).toBe(QUESTIONNAIRE.address);
    expect(analysis.property.city).toBe('São Paulo');
    expect(analysis.resultContent).toContain('| Indicador | Valor | Fonte |');
    expect(analysis.resultContent).not.toMatch(/NaN|Infinity|undefined/);
    expect(analysis.confidenceScore).toBeGreaterThanOrEqual(0);
    expect(analysis.confidenceScore).toBeLessThanOrEqual(100);
    expect(analysis.viabilityScore).toBeGreaterThanOrEqual(0);
    expect(analysis.viabilityScore).toBeLessThanOrEqual(10);
    expect(analysis.result.financial.price.value).toBe(800000);

    const [property] = await t.runtime.ctx.db.select().from(properties).where(eq(properties.id, analysis.propertyId));
    expect(property).toMatchObject({ status: 'analyzed', userId: user.id });
    const note = await eventually(async () => {
      const list = await getJson(cookie, '/api/notifications');
      return list.items.find((n: { title: string }) => n.title === 'Análise Concluída');
    });
    expect(note.type).toBe('success');

    const again = await post(cookie, { analysisType: 'complete', questionnaire: { ...QUESTIONNAIRE } });
    expect(again.statusCode).toBe(200);
    expect(again.json().run).toMatchObject({ status: 'completed', cached: true, analysisId: run.analysisId });

    const changed = await post(cookie, { analysisType: 'complete', questionnaire: QUESTIONNAIRE, overrides: { discountRateAnnual: 0.1 } });
    expect(changed.statusCode).toBe(202);
    const second = await finished(cookie, changed.json().run.id);
    expect(second.analysisId).not.toBe(run.analysisId);
    const { analysis: overridden } = await getJson(cookie, `/api/analyses/${second.analysisId}`);
    expect(overridden.resultContent).toContain('(alterada)');

    const list = await getJson(cookie, '/api/analyses');
    expect(list.items.map((a: { id: string }) => a.id)).toEqual([second.analysisId, run.analysisId]);
  });

  it('uses the documents: their figures are cited and they are attached to the created property', async () => {
    const { cookie } = await signUp(t);
    const { payload, headers } = multipartBody([{ name: 'compromisso.txt', content: CONTRATO, type: 'text/plain' }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
    const docId = up.json().documents[0].id;
    await eventually(async () => (await getJson(cookie, `/api/documents/${docId}`)).status === 'completed', 30_000);

    const res = await post(cookie, { analysisType: 'financial', questionnaire: { city: 'São Paulo', state: 'SP' }, documentIds: [docId] });
    expect(res.statusCode).toBe(202);
    const run = await finished(cookie, res.json().run.id);
    expect(run.status).toBe('completed');
    const { analysis } = await getJson(cookie, `/api/analyses/${run.analysisId}`);
    expect(analysis.result.financial.price.value).toBe(800000);
    expect(analysis.result.financial.price.source).toMatchObject({ kind: 'document', documentId: docId, page: 1 });
    expect(analysis.resultContent).toContain('compromisso.txt, p. 1');
    const docs = await getJson(cookie, `/api/documents?propertyId=${analysis.propertyId}`);
    expect(docs.documents.map((d: { id: string }) => d.id)).toEqual([docId]);
  });

  it("never reads another user's documents or analyses", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const { payload, headers } = multipartBody([{ name: 'compromisso.txt', content: CONTRATO }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie: owner.cookie } });
    const docId = up.json().documents[0].id;
    const res = await post(other.cookie, { analysisType: 'legal', questionnaire: QUESTIONNAIRE, documentIds: [docId] });
    expect(res.statusCode).toBe(404);

    const mine = await post(owner.cookie, { analysisType: 'market', questionnaire: QUESTIONNAIRE });
    const run = await finished(owner.cookie, mine.json().run.id);
    expect((await t.app.inject({ url: `/api/analyses/${run.analysisId}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/analyses/runs/${run.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });

  it('limits runs to 10 per minute per user', async () => {
    const { cookie } = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post(cookie, { analysisType: 'quick', questionnaire: {} })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('failures and restarts', () => {
  it("fails a run whose input cannot be analysed, with an 'Análise Falhou' notification and nothing saved", async () => {
    const { user, cookie } = await signUp(t);
    const [run] = await t.runtime.ctx.db
      .insert(analysisRuns)
      .values({ userId: user.id, analysisType: 'complete', input: { analysisType: 'inexistente' }, inputHash: 'x' })
      .returning();
    await executeRun(t.runtime.ctx, run!.id);
    const { run: failed } = await getJson(cookie, `/api/analyses/runs/${run!.id}`);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
    const [note] = await t.runtime.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Análise Falhou')));
    expect(note?.type).toBe('error');
    expect(await t.runtime.ctx.db.select().from(properties).where(eq(properties.userId, user.id))).toEqual([]);
  });

  it('resumes a run a stopped server left unfinished, and fails one interrupted twice', async () => {
    const { user, cookie } = await signUp(t);
    const past = new Date(Date.now() - 60_000);
    const input = { analysisType: 'investment', questionnaire: QUESTIONNAIRE, documentIds: [], overrides: {}, provider: 'local' };
    const [midway] = await t.runtime.ctx.db
      .insert(analysisRuns)
      .values({ userId: user.id, analysisType: 'investment', input, inputHash: 'resume-1', status: 'secure_analysis', updatedAt: past })
      .returning();
    const [again] = await t.runtime.ctx.db
      .insert(analysisRuns)
      .values({ userId: user.id, analysisType: 'investment', input, inputHash: 'resume-2', status: 'saving', recoveries: 1, updatedAt: past })
      .returning();

    const outcome = await recoverRuns(t.runtime.ctx, new Date(Date.now() - 1000));
    expect(outcome).toEqual({ resumed: 1, failed: 1 });
    const resumed = await finished(cookie, midway!.id);
    expect(resumed.status).toBe('completed');
    const { run: failed } = await getJson(cookie, `/api/analyses/runs/${again!.id}`);
    expect(failed).toMatchObject({ status: 'failed', error: 'A análise foi interrompida por uma reinicialização do servidor.' });
  });
});

describe('GET /api/analyses/example', () => {
  it('runs the engine on a shipped example property, without a session', async () => {
    const res = await t.app.inject({ url: '/api/analyses/example?type=complete' });
    expect(res.statusCode).toBe(200);
    const { analysis } = res.json();
    expect(analysis.providerUsed).toBe('local');
    expect(analysis.resultContent).toContain(analysis.property.title);
    expect(analysis.result.score.value).toBeGreaterThanOrEqual(0);
    expect(analysis.resultContent).not.toMatch(/NaN|Infinity|undefined/);
  });
});

describe('sample data of a demo sandbox', () => {
  it('gives an account the two example properties, each with its documents and an analysis by the engine', async () => {
    const owner = await signUp(t);
    expect(await seedSampleData(t.runtime.ctx, owner.user.id)).toBe(2);
    const props = await t.runtime.ctx.db.select().from(properties).where(eq(properties.userId, owner.user.id));
    expect(props).toHaveLength(2);
    expect(props.every((p) => p.status === 'analyzed')).toBe(true);
  });
});
