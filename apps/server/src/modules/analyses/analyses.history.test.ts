import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, propertyAnalyses } from '@viabiliza/db/schema';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { confidenceScore } from '@viabiliza/engine/confidence';
import { PREVIEW_CHARS } from '@viabiliza/contracts/history';
import { createTestApp, eventually, signUp, type TestApp } from '../../../test/helper.ts';

/**
 * The history endpoints (spec 01 §2 'History', §7): filters, paging, accent-insensitive search,
 * the providers of the select, a property's analyses over time, and nothing of another user's.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
const ids: Record<string, string> = {};
const props: Record<string, string> = {};

const [PINHEIROS, FLORIPA] = EXAMPLE_PROPERTIES;
const engine = (example: (typeof EXAMPLE_PROPERTIES)[number], analysisType: 'complete' | 'legal' | 'financial' | 'market') =>
  runEngine({
    analysisType,
    questionnaire: example.questionnaire,
    documents: example.documents,
    generatedAt: '2026-01-10T12:00:00.000Z',
    title: example.title,
  });

async function addProperty(userId: string, key: string, values: { title: string; city: string | null; state: string | null }) {
  const [row] = await t.runtime.ctx.db
    .insert(properties)
    .values({ userId, ...values, address: 'Rua de Teste, 10', status: 'analyzed' })
    .returning({ id: properties.id });
  props[key] = row!.id;
  return row!.id;
}

async function addAnalysis(
  userId: string,
  key: string,
  propertyId: string,
  values: { type: 'complete' | 'legal' | 'financial' | 'market'; provider: string | null; minutesAgo: number; example?: (typeof EXAMPLE_PROPERTIES)[number] },
) {
  const { result, markdown } = engine(values.example ?? PINHEIROS!, values.type);
  const [row] = await t.runtime.ctx.db
    .insert(propertyAnalyses)
    .values({
      userId,
      propertyId,
      analysisType: values.type,
      providerUsed: values.provider,
      resultContent: markdown,
      result,
      tokensUsed: values.provider === 'gemini' ? 1234 : 0,
      confidenceScore: confidenceScore(markdown),
      completeness: result.completeness.percent,
      viabilityScore: result.score.value,
      createdAt: new Date(Date.now() - values.minutesAgo * 60_000),
    })
    .returning({ id: propertyAnalyses.id });
  ids[key] = row!.id;
  return row!.id;
}

const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
const list = async (url: string, cookie = owner.cookie) => {
  const res = await get(cookie, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; property: { title: string; city: string | null }; analysisType: string; providerUsed: string | null; preview: string }[];
    total: number;
    page: number;
    pageSize: number;
    providers: string[];
    types: string[];
  };
};
const idsOf = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  const sp = await addProperty(owner.user.id, 'sp', { title: 'Apartamento em Pinheiros', city: 'São Paulo', state: 'SP' });
  const floripa = await addProperty(owner.user.id, 'floripa', { title: 'Terreno para incorporação', city: 'Florianópolis', state: 'SC' });
  const recife = await addProperty(owner.user.id, 'recife', { title: 'Casa na praia', city: 'Recife', state: 'PE' });
  // Newest first: a1 (1 min ago) … a6 (6 min ago).
  await addAnalysis(owner.user.id, 'a1', sp, { type: 'complete', provider: 'local', minutesAgo: 1 });
  await addAnalysis(owner.user.id, 'a2', floripa, { type: 'complete', provider: 'gemini', minutesAgo: 2, example: FLORIPA });
  await addAnalysis(owner.user.id, 'a3', recife, { type: 'legal', provider: 'local', minutesAgo: 3 });
  await addAnalysis(owner.user.id, 'a4', sp, { type: 'financial', provider: 'gemini', minutesAgo: 4 });
  await addAnalysis(owner.user.id, 'a5', floripa, { type: 'market', provider: null, minutesAgo: 5, example: FLORIPA });
  await addAnalysis(owner.user.id, 'a6', sp, { type: 'complete', provider: 'local', minutesAgo: 60 * 24 * 30 });
  const theirs = await addProperty(other.user.id, 'theirs', { title: 'Apartamento de outra pessoa', city: 'São Paulo', state: 'SP' });
  await addAnalysis(other.user.id, 'theirs', theirs, { type: 'complete', provider: 'openai', minutesAgo: 0 });
});
afterAll(async () => t?.close());

describe('GET /api/analyses (history)', () => {
  it('requires a session', async () => {
    expect((await t.app.inject({ url: '/api/analyses' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/properties/${props.sp}/analyses` })).statusCode).toBe(401);
  });

  it("lists only this user's analyses, newest first, with the selects' providers and types", async () => {
    const body = await list('/api/analyses');
    expect(idsOf(body)).toEqual([ids.a1, ids.a2, ids.a3, ids.a4, ids.a5, ids.a6]);
    expect(body).toMatchObject({ total: 6, page: 1, pageSize: 20 });
    // Distinct, sorted, no null provider; another user's 'openai' is not there.
    expect(body.providers).toEqual(['gemini', 'local']);
    expect(body.types).toEqual(['complete', 'financial', 'legal', 'market']);
  });

  it('sends list items, not reports: a plain-text preview of at most 200 characters', async () => {
    const res = await get(owner.cookie, '/api/analyses');
    const body = res.json();
    const item = body.items[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        'completeness',
        'confidenceScore',
        'createdAt',
        'id',
        'preview',
        'property',
        'propertyId',
        'providerName',
        'providerUsed',
        'scoreBand',
        'tokensUsed',
        'viabilityScore',
        'analysisType',
      ].sort(),
    );
    expect(item.property).toEqual({ id: props.sp, title: 'Apartamento em Pinheiros', address: 'Rua de Teste, 10', city: 'São Paulo', state: 'SP' });
    expect(item.providerName).toBe('Motor Viabiliza');
    expect(item.scoreBand).toMatch(/^(alta|moderada|baixa|insuficiente)$/);
    expect(typeof item.viabilityScore).toBe('number');
    for (const i of body.items) {
      expect(i.preview.length).toBeGreaterThan(50);
      expect(i.preview.length).toBeLessThanOrEqual(PREVIEW_CHARS);
      expect(i.preview).not.toMatch(/^#|\*\*|\n|\| ---/);
    }
    // The report's title ('Completa - Apartamento em Pinheiros') is already on the row: the preview starts after it.
    expect(item.preview).toMatch(/^Pontuação de viabilidade: \d,\d\/10 \((Viabilidade (alta|moderada|baixa)|Dados insuficientes)\) Completude dos dados/);
    expect(item.preview.endsWith('…')).toBe(true);
    // Six reports of ~10 kB each would be 60 kB; the page stays small.
    expect(res.body.length).toBeLessThan(8_000);
    // The one without a provider says so with null (the page shows 'Não especificado').
    const market = body.items.find((i: { id: string }) => i.id === ids.a5);
    expect(market).toMatchObject({ providerUsed: null, providerName: null });
  });

  it('searches title, city and type, ignoring case and accents', async () => {
    expect(idsOf(await list('/api/analyses?q=sao%20paulo'))).toEqual([ids.a1, ids.a4, ids.a6]);
    expect(idsOf(await list(`/api/analyses?q=${encodeURIComponent('SÃO PAULO')}`))).toEqual([ids.a1, ids.a4, ids.a6]);
    expect(idsOf(await list('/api/analyses?q=FLORIANOPOLIS'))).toEqual([ids.a2, ids.a5]);
    expect(idsOf(await list(`/api/analyses?q=${encodeURIComponent('incorporacao')}`))).toEqual([ids.a2, ids.a5]);
    // The type by its Portuguese label (accent-free too) and by its code.
    expect(idsOf(await list('/api/analyses?q=juridica'))).toEqual([ids.a3]);
    expect(idsOf(await list(`/api/analyses?q=${encodeURIComponent('Jurídica')}`))).toEqual([ids.a3]);
    expect(idsOf(await list('/api/analyses?q=financ'))).toEqual([ids.a4]);
    expect(idsOf(await list('/api/analyses?q=market'))).toEqual([ids.a5]);
    // Surrounding spaces are ignored; LIKE wildcards are plain characters.
    expect(idsOf(await list('/api/analyses?q=%20%20recife%20'))).toEqual([ids.a3]);
    expect((await list('/api/analyses?q=%25')).total).toBe(0);
    expect((await list('/api/analyses?q=_')).total).toBe(0);
    // Someone else's São Paulo apartment never shows.
    expect((await list('/api/analyses?q=outra%20pessoa')).total).toBe(0);
    // Accented capitals are folded too (lower() alone leaves them under the C locale).
    const third = await signUp(t);
    const luis = await addProperty(third.user.id, 'luis', { title: 'SOBRADO NO CENTRO HISTÓRICO', city: 'SÃO LUÍS', state: 'MA' });
    await addAnalysis(third.user.id, 'luis', luis, { type: 'legal', provider: 'local', minutesAgo: 0 });
    expect(idsOf(await list('/api/analyses?q=sao%20luis', third.cookie))).toEqual([ids.luis]);
    expect(idsOf(await list('/api/analyses?q=historico', third.cookie))).toEqual([ids.luis]);
    // The selects' values do not depend on the filters.
    expect((await list('/api/analyses?q=recife')).providers).toEqual(['gemini', 'local']);
  });

  it("filters by type and provider, 'all' meaning no filter, combined with the text", async () => {
    expect(idsOf(await list('/api/analyses?type=complete'))).toEqual([ids.a1, ids.a2, ids.a6]);
    expect(idsOf(await list('/api/analyses?provider=gemini'))).toEqual([ids.a2, ids.a4]);
    expect(idsOf(await list('/api/analyses?type=complete&provider=local'))).toEqual([ids.a1, ids.a6]);
    expect(idsOf(await list('/api/analyses?type=complete&provider=local&q=sao'))).toEqual([ids.a1, ids.a6]);
    expect((await list('/api/analyses?type=all&provider=all')).total).toBe(6);
    expect((await list('/api/analyses?type=&provider=')).total).toBe(6);
    expect((await list('/api/analyses?provider=openai')).total).toBe(0);
    expect((await list('/api/analyses?type=inexistente')).items).toEqual([]);
  });

  it('pages on the server with a total over all pages', async () => {
    const p1 = await list('/api/analyses?pageSize=4&page=1');
    const p2 = await list('/api/analyses?pageSize=4&page=2');
    const p3 = await list('/api/analyses?pageSize=4&page=3');
    expect(idsOf(p1)).toEqual([ids.a1, ids.a2, ids.a3, ids.a4]);
    expect(idsOf(p2)).toEqual([ids.a5, ids.a6]);
    expect(p3.items).toEqual([]);
    for (const p of [p1, p2, p3]) expect(p).toMatchObject({ total: 6, pageSize: 4 });
    expect(p2.page).toBe(2);
    const filtered = await list('/api/analyses?q=sao%20paulo&pageSize=2&page=2');
    expect(idsOf(filtered)).toEqual([ids.a6]);
    expect(filtered.total).toBe(3);
  });

  it('refuses bad paging and oversized text', async () => {
    for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'page=abc', `q=${'x'.repeat(101)}`]) {
      const res = await get(owner.cookie, `/api/analyses?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/properties/:id/analyses', () => {
  it('returns the property and all its analyses, newest first, with the key figures', async () => {
    const res = await get(owner.cookie, `/api/properties/${props.sp}/analyses`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.property).toMatchObject({ id: props.sp, title: 'Apartamento em Pinheiros', city: 'São Paulo', state: 'SP', status: 'analyzed' });
    expect(new Date(body.property.createdAt).getTime()).not.toBeNaN();
    expect(body.analyses.map((a: { id: string }) => a.id)).toEqual([ids.a1, ids.a4, ids.a6]);
    const complete = engine(PINHEIROS!, 'complete').result;
    const first = body.analyses[0];
    expect(first.figures).toEqual({
      price: complete.financial!.price.value,
      irr: complete.financial!.irr.value,
      npv: complete.financial!.npv.value,
      grossYield: complete.financial!.grossYield.value,
      vgv: null,
      margin: null,
      marketDeviation: complete.market!.deviation.value,
    });
    expect(first.viabilityScore).toBe(complete.score.value);
    expect(first.preview.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(first).not.toHaveProperty('result');
    expect(first).not.toHaveProperty('resultContent');
  });

  it("takes a development's figures (VGV, margin, its own IRR) from the result", async () => {
    const body = (await get(owner.cookie, `/api/properties/${props.floripa}/analyses`)).json();
    const dev = engine(FLORIPA!, 'complete').result.development!;
    const a2 = body.analyses.find((a: { id: string }) => a.id === ids.a2);
    expect(a2.figures).toMatchObject({ vgv: dev.vgv.value, margin: dev.marginOnVgv.value, irr: dev.irr.value, npv: dev.npv.value });
    // A market analysis has no financial block: its figures are null, not zero.
    const a5 = body.analyses.find((a: { id: string }) => a.id === ids.a5);
    expect(a5.figures.irr).toBeNull();
    expect(a5.figures.vgv).toBeNull();
  });

  it("answers 404 for another user's property or analysis, and for an unknown one", async () => {
    const theirs = await get(owner.cookie, `/api/properties/${props.theirs}/analyses`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('Propriedade não encontrada');
    expect((await get(other.cookie, `/api/properties/${props.sp}/analyses`)).statusCode).toBe(404);
    expect((await get(owner.cookie, '/api/properties/00000000-0000-4000-8000-000000000000/analyses')).statusCode).toBe(404);
    expect((await get(owner.cookie, '/api/properties/nao-e-um-id/analyses')).statusCode).toBe(400);
    const analysis = await get(other.cookie, `/api/analyses/${ids.a1}`);
    expect(analysis.statusCode).toBe(404);
    expect(analysis.json().error.message).toBe('Análise não encontrada');
  });
});

describe('history and runs together', () => {
  it('shows a run saved by the job at the top of the history, and both endpoints are documented', async () => {
    const { cookie } = await signUp(t);
    const questionnaire = { ...PINHEIROS!.questionnaire, city: 'São José dos Campos' };
    const res = await t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: { analysisType: 'investment', questionnaire }, headers: { cookie } });
    expect(res.statusCode).toBe(202);
    const run = await eventually(async () => {
      const r = (await get(cookie, `/api/analyses/runs/${res.json().run.id}`)).json().run;
      return r.status === 'completed' ? r : null;
    }, 30_000);
    const body = await list('/api/analyses?q=sao%20jose&type=investment', cookie);
    expect(idsOf(body)).toEqual([run.analysisId]);
    expect(body.items[0]!.preview).toMatch(/^Pontuação de viabilidade/);
    const history = (await get(cookie, `/api/properties/${run.propertyId}/analyses`)).json();
    expect(history.analyses).toHaveLength(1);

    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/analyses'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['page', 'pageSize', 'provider', 'q', 'type']);
    expect(doc.paths['/api/properties/{id}/analyses']).toBeDefined();
  });
});
