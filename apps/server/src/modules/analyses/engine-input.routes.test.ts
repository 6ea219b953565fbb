import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInputResponse } from '@viabiliza/contracts/engine-input';
import { z } from 'zod';
import type { AnalysisResult } from '@viabiliza/contracts/analysis-result';
import { properties, propertyAnalyses } from '@viabiliza/db/schema';
import { analyze } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import v1 from '../../../../../packages/contracts/src/__fixtures__/analysis-result-v1.json' with { type: 'json' };
import { seedSampleData } from './demo-seed.ts';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';

/** GET /api/analyses/:id/engine-input (issue 18, live what-if): the owner's saved inputs, nobody else's. */
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
  targetValue: '800.000,00',
  monthlyRent: '4.500',
  condition: 'bom',
  mainObjective: 'investimento',
};
const CONTRATO =
  'INSTRUMENTO PARTICULAR DE COMPROMISSO DE COMPRA E VENDA. O apartamento nº 82, situado na Rua dos Pinheiros, 1000, São Paulo/SP, CEP 05422-000, matrícula nº 45.678, com área privativa de 80,00 m² e área total de 95,00 m², é prometido à venda pelo preço de R$ 800.000,00.';

const getJson = async (cookie: string, url: string) => (await t.app.inject({ url, headers: { cookie } })).json();

async function savedAnalysis(cookie: string, body: object): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: body, headers: { cookie } });
  expect(res.statusCode).toBe(202);
  const run = await eventually(async () => {
    const { run } = await getJson(cookie, `/api/analyses/runs/${res.json().run.id}`);
    return run.status === 'completed' || run.status === 'failed' ? run : null;
  }, 30_000);
  expect(run.status).toBe('completed');
  return run.analysisId;
}

describe('GET /api/analyses/:id/engine-input', () => {
  it('gives the owner the inputs that reproduce the saved figures, documents and overrides included', async () => {
    const { cookie } = await signUp(t);
    const { payload, headers } = multipartBody([{ name: 'compromisso.txt', content: CONTRATO, type: 'text/plain' }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
    const docId = up.json().documents[0].id;
    await eventually(async () => (await getJson(cookie, `/api/documents/${docId}`)).status === 'completed', 30_000);
    const analysisId = await savedAnalysis(cookie, {
      analysisType: 'complete',
      questionnaire: QUESTIONNAIRE,
      documentIds: [docId],
      overrides: { vacancyRate: 0.1 },
    });

    const res = await t.app.inject({ url: `/api/analyses/${analysisId}/engine-input`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = engineInputResponse.parse(res.json());
    const { analysis } = await getJson(cookie, `/api/analyses/${analysisId}`);
    expect(body).toMatchObject({ analysisId, propertyId: analysis.propertyId, documentIds: [docId], complete: true });
    expect(body.input.overrides).toEqual({ vacancyRate: 0.1 });
    expect(body.input.documents).toHaveLength(1);
    expect(body.input.documents[0]!.pages[0]!.text).toContain('COMPROMISSO');
    expect(body.input.generatedAt).toBe(analysis.result.generatedAt);
    expect(body.input.dossier).toEqual(analysis.result.dossier);

    // The same pure engine on these inputs gives the saved result.
    const again = analyze(body.input);
    expect(again.score).toEqual(analysis.result.score);
    expect(again.financial).toEqual(analysis.result.financial);
    expect(again.market).toEqual(analysis.result.market);
    expect(again.legal).toEqual(analysis.result.legal);
    expect(again.assumptions).toEqual(analysis.result.assumptions);
    expect(JSON.parse(JSON.stringify(again))).toEqual(analysis.result);
  });

  it('answers 404 to anyone it is not shared with, and 401 without a session', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const analysisId = await savedAnalysis(owner.cookie, { analysisType: 'financial', questionnaire: QUESTIONNAIRE });
    expect((await t.app.inject({ url: `/api/analyses/${analysisId}/engine-input`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    const foreign = await t.app.inject({ url: `/api/analyses/${analysisId}/engine-input`, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Análise não encontrada');
    const missing = await t.app.inject({ url: '/api/analyses/00000000-0000-4000-8000-000000000000/engine-input', headers: { cookie: owner.cookie } });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/analyses/${analysisId}/engine-input` })).statusCode).toBe(401);
  });
});

describe('GET /api/analyses/:id/engine-input on the demo samples and on rows of older versions', () => {
  it("answers 200 on each demo sample analysis (a CEP in the questionnaire), and the body encodes back to what it parsed", async () => {
    const { cookie, user } = await signUp(t);
    await seedSampleData(t.runtime.ctx, user.id);
    const { items } = await getJson(cookie, '/api/analyses');
    expect(items).toHaveLength(2);
    for (const item of items as { id: string }[]) {
      const res = await t.app.inject({ url: `/api/analyses/${item.id}/engine-input`, headers: { cookie } });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const parsed = engineInputResponse.parse(res.json());
      expect(parsed.input.questionnaire.zipCode).toMatch(/^\d{8}$/);
      expect(parsed.complete).toBe(true);
      // parse → encode → parse is stable: what the serializer encodes is what the browser parses.
      expect(engineInputResponse.parse(z.encode(engineInputResponse, parsed))).toEqual(parsed);
    }
  });

  it('answers 200 on an analysis saved by an older version (v1 result, CEP with a dash, no run)', async () => {
    const { cookie, user } = await signUp(t);
    const [prop] = await t.runtime.ctx.db
      .insert(properties)
      .values({ userId: user.id, title: 'Imóvel antigo', address: 'Rua Cardeal Arcoverde, 1.500', city: 'São Paulo', state: 'SP', status: 'analyzed', questionnaire: { ...EXAMPLE_PROPERTIES[0]!.questionnaire, zipCode: '05407-002' } })
      .returning({ id: properties.id });
    const [row] = await t.runtime.ctx.db
      .insert(propertyAnalyses)
      .values({ userId: user.id, propertyId: prop!.id, analysisType: 'complete', providerUsed: 'local', resultContent: '# Relatório', result: v1 as unknown as AnalysisResult, viabilityScore: 6.3 })
      .returning({ id: propertyAnalyses.id });
    const res = await t.app.inject({ url: `/api/analyses/${row!.id}/engine-input`, headers: { cookie } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = engineInputResponse.parse(res.json());
    expect(body.input.questionnaire.zipCode).toBe('05407002');
    expect(body.input.dossier).toBeNull();
    expect(engineInputResponse.parse(z.encode(engineInputResponse, body))).toEqual(body);
  });
});
