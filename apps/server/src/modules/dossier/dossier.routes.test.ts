import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeLiens, dossier as dossierSchema, type Dossier } from '@viabiliza/contracts/dossier';
import type { AnalysisResult } from '@viabiliza/contracts/analysis-result';
import { generateSaleFolder, readDossierTruth } from '../../../../../packages/extract/bench/corpus.ts';
import type { DossierTruth } from '../../../../../packages/extract/bench/truth.ts';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';
import { DOSSIER_ANSWER_INTRO } from './dossier-answers.ts';

/**
 * Issue 16 through the API: a generated sale folder (born-digital files only, so no OCR) is
 * uploaded, an analysis runs with an empty questionnaire, and the result carries the folder's
 * dossier, which the engine used; the property's dossier route serves the same reading.
 * Sale 5 (venda-06): Belo Horizonte, a usufruto cancelled and an alienação fiduciária active.
 */

let t: TestApp;
let dir: string;
let truth: DossierTruth;
let owner: Awaited<ReturnType<typeof signUp>>;
let documentIds: string[];
let analysisId: string;
let propertyId: string;
let result: AnalysisResult;

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
const getJson = async (cookie: string, url: string) => (await t.app.inject({ url, headers: { cookie } })).json();
const post = (cookie: string, body: object) => t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: body, headers: { cookie } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'viabiliza-dossier-'));
  const entries = await generateSaleFolder({ dir, index: 5, textOnly: true });
  truth = await readDossierTruth(dir);
  t = await createTestApp();
  owner = await signUp(t);
  const { payload, headers } = multipartBody(entries.map((e) => ({ name: e.file, content: readFileSync(e.path) })));
  const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie: owner.cookie } });
  expect(up.statusCode).toBe(201);
  documentIds = up.json().documents.map((d: { id: string }) => d.id);
  expect(documentIds).toHaveLength(entries.length);
  await eventually(async () => {
    const statuses = await Promise.all(documentIds.map(async (id) => (await getJson(owner.cookie, `/api/documents/${id}`)).status as string));
    if (statuses.some((s) => s === 'error' || s === 'quarantined')) throw new Error(`a document failed: ${statuses.join(', ')}`);
    return statuses.every((s) => s === 'completed');
  }, 120_000);

  const res = await post(owner.cookie, { analysisType: 'complete', questionnaire: {}, documentIds });
  expect(res.statusCode).toBe(202);
  const run = await eventually(async () => {
    const r = (await getJson(owner.cookie, `/api/analyses/runs/${res.json().run.id}`)).run;
    return r.status === 'completed' || r.status === 'failed' ? r : null;
  }, 60_000);
  expect(run.error).toBeNull();
  analysisId = run.analysisId;
  const { analysis } = await getJson(owner.cookie, `/api/analyses/${analysisId}`);
  propertyId = analysis.propertyId;
  result = analysis.result;
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the dossier of an analysis (issue 16)', () => {
  it('is stored in the result: current owners, each lien with its status, certidões and checks', () => {
    const d = dossierSchema.parse(result.dossier);
    expect(d.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...d.documentIds].sort()).toEqual([...documentIds].sort());
    const main = d.matriculas[0]!;
    const truthMain = truth.matriculas[0]!;
    expect(main.matricula).toBe(truthMain.number);
    expect(main.owners.map((o) => fold(o.name)).sort()).toEqual(truthMain.owners.map((o) => fold(o.name)).sort());
    expect(main.liens.map((l) => [l.type, l.act, l.status, l.cancelledBy])).toEqual(truthMain.liens.map((l) => [l.type, l.act, l.status, l.cancelledBy]));
    // Each fact and lien cites a document of the folder, with its page.
    for (const l of main.liens) expect(documentIds).toContain(l.citation.documentId);

    // Certidões: each seller's CNDT is present, judged on the analysis date by its validity.
    for (const c of truth.certidoes.filter((x) => x.item === 'cndt')) {
      const got = d.certidoes.find((x) => x.item === 'cndt' && x.person && fold(x.person) === fold(c.person!));
      expect(got, `CNDT ${c.person}`).toBeDefined();
      expect(got!.status).toBe(c.validUntil! >= d.asOf ? 'valida' : 'vencida');
      expect(got!.citation?.documentId).toBeDefined();
    }
    expect(d.checks.find((c) => c.id === 'vendedores_proprietarios')?.status).toBe(truth.checks.vendedores_proprietarios);
    expect(d.checks.find((c) => c.id === 'matricula_escritura')?.status).toBe(truth.checks.matricula_escritura);
  });

  it('is used by the engine: the city from the documents, legal findings from active liens only', async () => {
    expect(result.warnings.some((w) => w.startsWith('Cidade não informada'))).toBe(false);
    const { analysis } = await getJson(owner.cookie, `/api/analyses/${analysisId}`);
    expect(analysis.property.city).toBe(truth.facts.cidade);
    const d = result.dossier as Dossier;
    const active = activeLiens(d);
    const lienFindings = result.legal!.findings.filter((f) => f.id.startsWith('legal-onus-') && !f.id.startsWith('legal-onus-cancelado-'));
    expect(lienFindings).toHaveLength(active.length);
    expect(lienFindings.map((f) => f.title)).toEqual(['Condiciona a venda: alienação fiduciária (R.5)']);
    expect(lienFindings[0]!.sources[0]).toMatchObject({ kind: 'document', documentId: active[0]!.citation.documentId, page: active[0]!.citation.page });
    // The cancelled usufruto is a note, never an active lien nor a risk.
    expect(result.legal!.findings.find((f) => f.id.startsWith('legal-onus-cancelado-'))?.title).toBe('Ônus cancelado: usufruto (R.2)');
    expect(result.risks.some((r) => /usufruto/i.test(r.title))).toBe(false);
    // The questionnaire was empty: price, area and ITBI are the documents' figures, each cited.
    expect(result.financial!.price).toMatchObject({ value: truth.facts.valor_transacao, source: { kind: 'document' } });
    expect(result.financial!.area).toMatchObject({ value: truth.facts.area_privativa_m2, source: { kind: 'document' } });
    expect(result.financial!.itbi).toMatchObject({ value: truth.facts.valor_itbi, source: { kind: 'document' } });
    expect(documentIds).toContain((result.financial!.itbi.source as { documentId: string }).documentId);
    // The folder lacks one seller's federal CND: that is a legal finding, not silence.
    expect(result.legal!.findings.find((f) => f.id === 'legal-certidao-ausente')?.detail).toContain('CND federal (por vendedor) — ');
    expect(result.legal!.insufficient ?? null).toBeNull();
    expect(result.score.components.map((c) => c.id)).toContain('legal');
  });

  it('gives the same analysis to an identical request', async () => {
    const again = await post(owner.cookie, { analysisType: 'complete', questionnaire: {}, documentIds });
    expect(again.statusCode).toBe(200);
    expect(again.json().run).toMatchObject({ cached: true, analysisId });
  });
});

describe('the chat answers from the dossier first (issue 16)', () => {
  const ask = async (question: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/analyses/${analysisId}/chat`, payload: { question }, headers: { cookie: owner.cookie, origin: 'http://localhost:3000' } });
    expect(res.statusCode).toBe(200);
    return res.json() as { answer: string; found: boolean; provider: string; citations: { n: number; documentId: string; sourceName: string; page: number; excerpt: string }[] };
  };
  /** Every citation names a document of the folder, a page, and a phrase that is on that page. */
  async function expectCited(body: Awaited<ReturnType<typeof ask>>) {
    expect(body.found).toBe(true);
    expect(body.answer.startsWith(DOSSIER_ANSWER_INTRO)).toBe(true);
    expect(body.citations.length).toBeGreaterThan(0);
    for (const c of body.citations) {
      expect(documentIds).toContain(c.documentId);
      expect(body.answer).toContain(`[${c.n}]`);
      const { pages } = await getJson(owner.cookie, `/api/documents/${c.documentId}/pages`);
      const text = (pages as { number: number; text: string }[]).find((p) => p.number === c.page)?.text ?? '';
      expect(text.replace(/\s+/g, ' '), c.excerpt).toContain(c.excerpt.replace(/\s+/g, ' '));
    }
  }

  it("'Quem são os proprietários?' names every current owner, cited", async () => {
    const body = await ask('Quem são os proprietários?');
    await expectCited(body);
    for (const o of truth.matriculas[0]!.owners) expect(fold(body.answer)).toContain(fold(o.name));
  });

  it("'Há hipoteca?' / 'Há alienação fiduciária?' read each lien's status", async () => {
    const none = await ask('Há hipoteca?');
    await expectCited(none);
    expect(none.answer).toMatch(/nenhum\(a\) hipoteca ativo\(a\)/);
    const af = await ask('Há alienação fiduciária?');
    await expectCited(af);
    expect(af.answer).toContain('alienação fiduciária ATIVA (R.5');
    const onus = await ask('Quais ônus pesam sobre o imóvel?');
    expect(onus.answer).toContain('usufruto do R.2 cancelada');
  });

  it("'Qual o valor do ITBI pago?', 'Qual a área privativa?' and 'As certidões estão válidas?' come with their documents", async () => {
    const itbi = await ask('Qual o valor do ITBI pago?');
    await expectCited(itbi);
    expect(itbi.answer).toMatch(/ITBI/);
    const area = await ask('Qual a área privativa?');
    await expectCited(area);
    expect(area.answer).toContain('Área privativa:');
    const certs = await ask('As certidões estão válidas?');
    await expectCited(certs);
    expect(certs.answer).toMatch(/CNDT \(por vendedor\) — .+: (Válida|Vencida)/);
  });
});

describe('GET /api/properties/:id/dossier', () => {
  it("serves the dossier of the property's completed documents to its owner", async () => {
    const res = await t.app.inject({ url: `/api/properties/${propertyId}/dossier`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    const d = dossierSchema.parse(res.json().dossier);
    expect([...d.documentIds].sort()).toEqual([...documentIds].sort());
    expect(d.matriculas[0]!.owners.map((o) => fold(o.name)).sort()).toEqual(truth.matriculas[0]!.owners.map((o) => fold(o.name)).sort());
    expect(activeLiens(d).map((l) => [l.type, l.act])).toEqual([['alienacao_fiduciaria', 'R.5']]);
  });

  it("is 404 for another user's property and 401 without a session", async () => {
    const other = await signUp(t);
    const res = await t.app.inject({ url: `/api/properties/${propertyId}/dossier`, headers: { cookie: other.cookie } });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain(truth.matriculas[0]!.number);
    expect((await t.app.inject({ url: `/api/properties/${propertyId}/dossier` })).statusCode).toBe(401);
  });

  it('is null for a property without completed documents', async () => {
    const res = await post(owner.cookie, {
      analysisType: 'complete',
      questionnaire: { city: 'Recife', state: 'PE', propertyType: 'apartamento', usableArea: '70', targetValue: '500.000', address: 'Rua da Aurora, 100', condition: 'bom' },
    });
    const run = await eventually(async () => {
      const r = (await getJson(owner.cookie, `/api/analyses/runs/${res.json().run.id}`)).run;
      return r.status === 'completed' || r.status === 'failed' ? r : null;
    }, 60_000);
    const { analysis } = await getJson(owner.cookie, `/api/analyses/${run.analysisId}`);
    expect(analysis.result.dossier).toBeNull();
    expect(analysis.result.legal.insufficient).toMatch(/Dados insuficientes/);
    const empty = await t.app.inject({ url: `/api/properties/${analysis.propertyId}/dossier`, headers: { cookie: owner.cookie } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ dossier: null });
  });
});
