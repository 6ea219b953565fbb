import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';

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
  condition: 'bom',
};

// A matrícula (each act on its own line, as registries print them) with a lien, terms of the lexicon, and words that set it apart from registry boilerplate.
const MATRICULA =
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678. Apartamento nº 82 situado na Rua dos Pinheiros, 1000, São Paulo/SP, CEP 05422-000, com área privativa de 80,00 m² e área total de 95,00 m². ' +
  'Imóvel bem localizado, próximo ao metrô, com piscina aquecida e piscina infantil.\nR.1 - COMPRA E VENDA: valor da transação R$ 800.000,00.\n' +
  'R.2 - PENHORA: o imóvel foi penhorado nos autos da execução fiscal movida pela Fazenda.';

const getJson = async (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

async function analysisWithDocument() {
  const owner = await signUp(t);
  const { payload, headers } = multipartBody([{ name: 'matricula.txt', content: MATRICULA, type: 'text/plain' }]);
  const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie: owner.cookie } });
  const docId = up.json().documents[0].id as string;
  await eventually(async () => (await getJson(owner.cookie, `/api/documents/${docId}`)).json().status === 'completed', 30_000);
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/analyses/runs',
    payload: { analysisType: 'complete', questionnaire: QUESTIONNAIRE, documentIds: [docId] },
    headers: { cookie: owner.cookie },
  });
  expect(start.statusCode).toBe(202);
  const run = await eventually(async () => {
    const r = (await getJson(owner.cookie, `/api/analyses/runs/${start.json().run.id}`)).json().run;
    return r.status === 'completed' || r.status === 'failed' ? r : null;
  }, 30_000);
  expect(run.status).toBe('completed');
  return { owner, docId, analysisId: run.analysisId as string };
}

let fixture: Awaited<ReturnType<typeof analysisWithDocument>>;
beforeAll(async () => {
  fixture = await analysisWithDocument();
}, 60_000);

describe('GET /api/analyses/:id/intelligence', () => {
  it('requires a session', async () => {
    const res = await t.app.inject({ url: `/api/analyses/${fixture.analysisId}/intelligence` });
    expect(res.statusCode).toBe(401);
  });

  it("answers 404 for another user's analysis and for an unknown id", async () => {
    const other = await signUp(t);
    const res = await getJson(other.cookie, `/api/analyses/${fixture.analysisId}/intelligence`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Análise não encontrada');
    expect((await getJson(other.cookie, `/api/analyses/${fixture.analysisId}/projections`)).statusCode).toBe(404);
    expect((await getJson(fixture.owner.cookie, '/api/analyses/00000000-0000-4000-8000-000000000000/intelligence')).statusCode).toBe(404);
  });

  it('derives sentiment from the engine and the document: the lien and the lexicon terms, with their page', async () => {
    const res = await getJson(fixture.owner.cookie, `/api/analyses/${fixture.analysisId}/intelligence`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.analysisId).toBe(fixture.analysisId);
    const s = body.sentiment;
    expect(s.documentsRead).toBe(1);
    // 'bem localizado' and 'próximo ao metrô': +10 on the base 60.
    expect(s.aspects.location.score).toBe(70);
    expect(s.aspects.condition).toMatchObject({ score: 75, sentiment: 'positive' });
    // R$ 800.000 ÷ 80 m² = R$ 10.000/m² against R$ 11.317/m²: 11,6% below → 55 + 23 = 78.
    expect(s.aspects.price).toMatchObject({ score: 78, sentiment: 'positive' });
    expect(s.lexicon).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ term: 'penhora', polarity: 'negative', documentId: fixture.docId, fileName: 'matricula.txt', page: 1 }),
        expect.objectContaining({ term: 'bem localizado', polarity: 'positive' }),
      ]),
    );
    expect(s.keywords[0].term).toBe('piscina');
    expect(s.summary).toMatch(/^Sentimento geral /);
    // The same request recomputes the same thing ('Atualizar').
    expect((await getJson(fixture.owner.cookie, `/api/analyses/${fixture.analysisId}/intelligence`)).json()).toEqual(body);
  });

  it('lists insights with impact and confidence linking to the document page, the valuation explained, and suggestions', async () => {
    const body = (await getJson(fixture.owner.cookie, `/api/analyses/${fixture.analysisId}/intelligence`)).json();
    const lien = body.insights.find((c: { id: string }) => c.id.startsWith('risk-legal-onus-'));
    expect(lien).toMatchObject({ type: 'risk', impact: 'high' });
    expect(lien.links[0]).toMatchObject({ kind: 'document', documentId: fixture.docId, fileName: 'matricula.txt', page: 1 });
    expect(body.insights.find((c: { id: string }) => c.id === 'opp-preco-abaixo')).toMatchObject({ type: 'opportunity' });

    expect(body.valuation).toMatchObject({ available: true, referencePricePerSqm: 11317, area: 80, mid: 905360, askedPrice: 800000 });
    expect(body.valuation.nbrNote).toMatch(/NBR 14653/);

    const types = new Set(body.suggestions.map((x: { type: string }) => x.type));
    expect([...types].sort()).toEqual(['insight', 'opportunity', 'optimization', 'warning']);
  });
});

describe('GET /api/analyses/:id/projections', () => {
  it('projects from IPCA plus the chosen real rate and waits on a high legal risk', async () => {
    const res = await getJson(fixture.owner.cookie, `/api/analyses/${fixture.analysisId}/projections?realRate=0.02`);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.scenario).toBe(true);
    expect(p.assumptions.realRate).toBe(0.02);
    expect(p.basis).toEqual({ label: 'Valor central da avaliação', value: 905360 });
    expect(p.priceProjection.current).toBe(905360);
    expect(p.priceProjection.projected2y).toBeGreaterThan(p.priceProjection.projected1y);
    expect(p.monthly).toHaveLength(25);
    expect(p.riskAssessment.level).toBe('high');
    expect(p.investmentRecommendation.action).toBe('wait');
    expect(p.investmentRecommendation.rule).toMatch(/^R1:/);

    const flat = (await getJson(fixture.owner.cookie, `/api/analyses/${fixture.analysisId}/projections`)).json();
    expect(flat.assumptions.realRate).toBe(0);
    expect(flat.priceProjection.projected1y).toBeLessThan(p.priceProjection.projected1y);
  });

  it('refuses a real rate outside ±10% with a Portuguese message', async () => {
    const res = await getJson(fixture.owner.cookie, `/api/analyses/${fixture.analysisId}/projections?realRate=0.5`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('A taxa real deve ficar entre -10% e 10% ao ano');
  });
});
