import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { properties } from '@viabiliza/db/schema';
import { createAnalysis, QUESTIONNAIRE, uploadDocuments } from '../../../test/analysis-fixture.ts';
import { createTestApp, eventually, signUp, type TestApp } from '../../../test/helper.ts';

/**
 * Properties are first-class (issue 18): a new property is named by its address, the owner renames
 * it (nobody else can), a run with `propertyId` saves against that property, documents uploaded
 * for it attach to it, and migration 0009 renamed the old 'Análise de Viabilidade dd/mm/aaaa' titles.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const CONTRATO =
  'INSTRUMENTO PARTICULAR DE COMPROMISSO DE COMPRA E VENDA. O apartamento nº 82, situado na Rua dos Pinheiros, 1000, São Paulo/SP, CEP 05422-000, matrícula nº 45.678, com área privativa de 80,00 m² e área total de 95,00 m², é prometido à venda pelo preço de R$ 800.000,00.';

/** Enough for an analysis, and no address anywhere. */
const WITHOUT_ADDRESS = { city: 'Campinas', state: 'SP', propertyType: 'casa', usableArea: '120', targetValue: '650.000,00', monthlyRent: '3.200', mainObjective: 'investimento' };

const call = (cookie: string | undefined, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });

const saoPauloToday = (at = new Date()) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);

async function runOn(cookie: string, body: object) {
  const res = await call(cookie, 'POST', '/api/analyses/runs', body);
  expect([200, 202], res.body).toContain(res.statusCode);
  const run = await eventually(async () => {
    const { run } = (await call(cookie, 'GET', `/api/analyses/runs/${res.json().run.id}`)).json();
    return run.status === 'completed' || run.status === 'failed' ? run : null;
  }, 60_000);
  expect(run.status, run.error ?? '').toBe('completed');
  return run as { analysisId: string; propertyId: string };
}

describe('a new property is named by its address', () => {
  it("takes the questionnaire's address", async () => {
    const { cookie } = await signUp(t);
    const analysis = await createAnalysis(t, cookie);
    expect(analysis.property.title).toBe(QUESTIONNAIRE.address);
  });

  it('takes the address the documents cite when the questionnaire has none', async () => {
    const { cookie } = await signUp(t);
    const [docId] = await uploadDocuments(t, cookie, [{ name: 'compromisso.txt', content: CONTRATO, type: 'text/plain' }]);
    const run = await runOn(cookie, { analysisType: 'financial', questionnaire: { city: 'São Paulo', state: 'SP' }, documentIds: [docId] });
    const { property } = (await call(cookie, 'GET', `/api/properties/${run.propertyId}`)).json();
    // The address as the document writes it, not the folded key the dossier compares by.
    expect(property.title).toMatch(/^Rua dos Pinheiros, 1000/);
    expect(property.address).toBe(property.title);
  });

  it("is 'Imóvel sem endereço' and the day's date without any address", async () => {
    const { cookie } = await signUp(t);
    const before = saoPauloToday();
    const analysis = await createAnalysis(t, cookie, [], WITHOUT_ADDRESS);
    const after = saoPauloToday();
    expect([`Imóvel sem endereço ${before}`, `Imóvel sem endereço ${after}`]).toContain(analysis.property.title);
  });
});

describe('GET and PATCH /api/properties/:id', () => {
  it('lets the owner rename the property; history, search and dashboard show the new title', async () => {
    const { cookie } = await signUp(t);
    const analysis = await createAnalysis(t, cookie);
    const url = `/api/properties/${analysis.propertyId}`;

    const read = await call(cookie, 'GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.json().property).toMatchObject({ id: analysis.propertyId, title: QUESTIONNAIRE.address, status: 'analyzed', city: 'São Paulo' });
    // The questionnaire of the last analysis, from which a new analysis of the property starts.
    expect(read.json().property.questionnaire).toMatchObject({ address: QUESTIONNAIRE.address, usableArea: QUESTIONNAIRE.usableArea });

    const renamed = await call(cookie, 'PATCH', url, { title: '  Apartamento da Rua dos Pinheiros  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().property.title).toBe('Apartamento da Rua dos Pinheiros');
    expect((await call(cookie, 'GET', url)).json().property.title).toBe('Apartamento da Rua dos Pinheiros');

    const history = (await call(cookie, 'GET', '/api/analyses?q=apartamento da rua')).json();
    expect(history.items.map((i: { id: string }) => i.id)).toEqual([analysis.id]);
    expect(history.items[0].property.title).toBe('Apartamento da Rua dos Pinheiros');
    const search = await call(cookie, 'GET', '/api/search?q=apartamento');
    expect(search.statusCode, search.body).toBe(200);
    expect(JSON.stringify(search.json())).toContain('Apartamento da Rua dos Pinheiros');
    const propertyHistory = (await call(cookie, 'GET', `/api/properties/${analysis.propertyId}/analyses`)).json();
    expect(propertyHistory.property.title).toBe('Apartamento da Rua dos Pinheiros');
    const detail = (await call(cookie, 'GET', `/api/analyses/${analysis.id}`)).json();
    expect(detail.analysis.property.title).toBe('Apartamento da Rua dos Pinheiros');
    const stats = (await call(cookie, 'GET', '/api/dashboard/stats')).json();
    expect(stats.recentAnalyses[0].propertyTitle).toBe('Apartamento da Rua dos Pinheiros');
  });

  it('validates the title in Portuguese: required, at most 200 characters', async () => {
    const { cookie } = await signUp(t);
    const analysis = await createAnalysis(t, cookie);
    const url = `/api/properties/${analysis.propertyId}`;

    const blank = await call(cookie, 'PATCH', url, { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Informe o título do imóvel');
    const missing = await call(cookie, 'PATCH', url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('Informe o título do imóvel');
    const long = await call(cookie, 'PATCH', url, { title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('O título pode ter no máximo 200 caracteres');
    const exactly = await call(cookie, 'PATCH', url, { title: 'y'.repeat(200) });
    expect(exactly.statusCode).toBe(200);
    expect(exactly.json().property.title).toHaveLength(200);
    const badId = await call(cookie, 'PATCH', '/api/properties/nao-e-um-id', { title: 'Casa' });
    expect(badId.statusCode).toBe(400);
  });

  it("answers 404 to anyone but the owner and changes nothing; 401 without a session", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const analysis = await createAnalysis(t, owner.cookie);
    const url = `/api/properties/${analysis.propertyId}`;

    const patch = await call(other.cookie, 'PATCH', url, { title: 'Roubado' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.message).toBe('Propriedade não encontrada');
    expect((await call(other.cookie, 'GET', url)).statusCode).toBe(404);
    expect((await call(undefined, 'PATCH', url, { title: 'Anônimo' })).statusCode).toBe(401);
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await call(owner.cookie, 'GET', url)).json().property.title).toBe(QUESTIONNAIRE.address);
  });
});

describe('a new analysis of the same property', () => {
  it('saves against the given property, with the documents uploaded for it, and creates no other property', async () => {
    const { cookie, user } = await signUp(t);
    const first = await createAnalysis(t, cookie);
    const propertyId = first.propertyId;
    await call(cookie, 'PATCH', `/api/properties/${propertyId}`, { title: 'Meu apartamento' });

    // Uploaded from the property's workspace: attached to it at once.
    const [docId] = await uploadDocuments(t, cookie, [{ name: 'compromisso.txt', content: CONTRATO, type: 'text/plain' }], { propertyId });
    const attached = (await call(cookie, 'GET', `/api/documents?propertyId=${propertyId}`)).json();
    expect(attached.documents.map((d: { id: string }) => d.id)).toEqual([docId]);

    const { property } = (await call(cookie, 'GET', `/api/properties/${propertyId}`)).json();
    const run = await runOn(cookie, {
      analysisType: 'financial',
      questionnaire: { ...property.questionnaire, monthlyRent: '4.800' },
      documentIds: [docId],
      propertyId,
    });
    expect(run.propertyId).toBe(propertyId);
    const { analysis } = (await call(cookie, 'GET', `/api/analyses/${run.analysisId}`)).json();
    expect(analysis.propertyId).toBe(propertyId);
    // The renamed title is kept: a run on an existing property does not rename it.
    expect(analysis.property.title).toBe('Meu apartamento');

    const history = (await call(cookie, 'GET', `/api/properties/${propertyId}/analyses`)).json();
    expect(history.analyses.map((a: { id: string }) => a.id)).toEqual([run.analysisId, first.id]);
    const mine = await t.runtime.ctx.db.select({ id: properties.id }).from(properties).where(eq(properties.userId, user.id));
    expect(mine.map((p) => p.id)).toEqual([propertyId]);
    // The property keeps the questionnaire of its last analysis.
    expect((await call(cookie, 'GET', `/api/properties/${propertyId}`)).json().property.questionnaire.monthlyRent).toBe('4.800');
    const docs = (await call(cookie, 'GET', `/api/documents?propertyId=${propertyId}`)).json();
    expect(docs.documents.map((d: { id: string }) => d.id)).toEqual([docId]);
  });

  it("refuses another user's property (404); a run without propertyId works on its documents' property", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const analysis = await createAnalysis(t, owner.cookie);
    const foreign = await call(other.cookie, 'POST', '/api/analyses/runs', { analysisType: 'complete', questionnaire: QUESTIONNAIRE, propertyId: analysis.propertyId });
    expect(foreign.statusCode).toBe(404);

    const [docId] = await uploadDocuments(t, owner.cookie, [{ name: 'compromisso.txt', content: CONTRATO, type: 'text/plain' }], { propertyId: analysis.propertyId });
    // The document belongs to its property: a run that reads it is a run of that property.
    const run = await runOn(owner.cookie, { analysisType: 'legal', questionnaire: WITHOUT_ADDRESS, documentIds: [docId] });
    expect(run.propertyId).toBe(analysis.propertyId);
    const docs = (await call(owner.cookie, 'GET', `/api/documents?propertyId=${analysis.propertyId}`)).json();
    expect(docs.documents.map((d: { id: string }) => d.id)).toEqual([docId]);
  });
});

describe('migration 0009', () => {
  it("renames the old 'Análise de Viabilidade dd/mm/aaaa' titles to the address or 'Imóvel sem endereço' and the São Paulo date", async () => {
    const { user } = await signUp(t);
    const file = readFileSync(new URL('../../../../../packages/db/migrations/0009_property_titles_and_demo_sandboxes.sql', import.meta.url), 'utf8');
    const update = file
      .split('--> statement-breakpoint')
      .map((part) => part.split('\n').filter((line) => !line.trim().startsWith('--')).join('\n').trim())
      .find((part) => part.startsWith('UPDATE "properties"'));
    expect(update).toBeDefined();

    const rows = await t.runtime.ctx.db
      .insert(properties)
      .values([
        { userId: user.id, title: 'Análise de Viabilidade 10/03/2025', address: '  Rua Augusta, 500  ' },
        // 02:00 UTC is still the 9th in São Paulo (UTC−3).
        { userId: user.id, title: 'Análise de Viabilidade 10/03/2025', address: null, createdAt: new Date('2025-03-10T02:00:00Z') },
        { userId: user.id, title: 'Análise de Viabilidade 11/03/2025', address: '   ', createdAt: new Date('2025-03-11T15:00:00Z') },
        // Titles people chose are left alone.
        { userId: user.id, title: 'Análise de Viabilidade do terreno', address: 'Rua B, 2' },
        { userId: user.id, title: 'Casa da praia', address: 'Av. Atlântica, 1' },
      ])
      .returning({ id: properties.id });

    await t.runtime.ctx.db.execute(sql.raw(update!));

    const after = await t.runtime.ctx.db
      .select({ id: properties.id, title: properties.title })
      .from(properties)
      .where(and(eq(properties.userId, user.id), inArray(properties.id, rows.map((r) => r.id))));
    const titleOf = new Map(after.map((r) => [r.id, r.title]));
    expect(rows.map((r) => titleOf.get(r.id))).toEqual([
      'Rua Augusta, 500',
      'Imóvel sem endereço 09/03/2025',
      'Imóvel sem endereço 11/03/2025',
      'Análise de Viabilidade do terreno',
      'Casa da praia',
    ]);
  });
});
