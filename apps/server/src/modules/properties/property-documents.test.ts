import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { analysisRuns, properties, propertyDocuments } from '@viabiliza/db/schema';
import { uploadDocuments } from '../../../test/analysis-fixture.ts';
import { createTestApp, eventually, signUp, usingPostgres, type TestApp } from '../../../test/helper.ts';

/**
 * A property owns its documents: every upload belongs to one (an upload that names none gets its
 * own 'Imóvel sem endereço dd/mm/aaaa'), a run reads only its property's documents (a document of
 * another property is refused, 422, naming it), moving a document is an explicit call, and
 * migration 0011 attached every older document without losing one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const MATRICULA_A =
  'REGISTRO DE IMÓVEIS. MATRÍCULA Nº 11.111. Apartamento nº 12 situado na Rua Alfa, 100, São Paulo/SP, com área privativa de 70,00 m². R.1 - COMPRA E VENDA pelo valor de R$ 700.000,00 a ANA PRIMEIRA.';
const MATRICULA_B =
  'REGISTRO DE IMÓVEIS. MATRÍCULA Nº 22.222. Casa situada na Rua Beta, 200, Campinas/SP, com área construída de 150,00 m². R.1 - COMPRA E VENDA pelo valor de R$ 900.000,00 a BRUNO SEGUNDO.';
const QUESTIONNAIRE_B = { address: 'Rua Beta, 200', city: 'Campinas', state: 'SP', propertyType: 'casa', usableArea: '150', targetValue: '900.000', monthlyRent: '4.000', mainObjective: 'investimento' };

const call = (cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
const saoPauloDay = (at: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);

async function finished(cookie: string, runId: string) {
  return eventually(async () => {
    const { run } = (await call(cookie, 'GET', `/api/analyses/runs/${runId}`)).json();
    return run.status === 'completed' || run.status === 'failed' ? run : null;
  }, 60_000);
}

describe('every upload belongs to a property', () => {
  it("gives an upload that names no property one of its own, listed with its documents", async () => {
    const { cookie } = await signUp(t);
    const before = saoPauloDay(new Date());
    const [docId] = await uploadDocuments(t, cookie, [{ name: 'matricula-a.txt', content: MATRICULA_A, type: 'text/plain' }]);
    const doc = (await call(cookie, 'GET', `/api/documents/${docId}`)).json();
    expect(doc.propertyId).toEqual(expect.any(String));
    const list = (await call(cookie, 'GET', '/api/properties')).json();
    expect(list.properties).toHaveLength(1);
    expect(list.properties[0]).toMatchObject({ id: doc.propertyId, documentCount: 1 });
    expect([`Imóvel sem endereço ${before}`, `Imóvel sem endereço ${saoPauloDay(new Date())}`]).toContain(list.properties[0].title);
    // Its first analysis names it by the address it finds.
    const res = await call(cookie, 'POST', '/api/analyses/runs', { analysisType: 'legal', questionnaire: { city: 'São Paulo', state: 'SP' }, documentIds: [docId], propertyId: doc.propertyId });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finished(cookie, res.json().run.id);
    expect(run.status, run.error ?? '').toBe('completed');
    const { property } = (await call(cookie, 'GET', `/api/properties/${doc.propertyId}`)).json();
    expect(property.title).toMatch(/^Rua Alfa, 100/);
  });
});

describe('a run uses exactly its property’s documents', () => {
  it('refuses a document of another property (422, in Portuguese, naming it) until it is moved explicitly', async () => {
    const { cookie } = await signUp(t);
    const [docA] = await uploadDocuments(t, cookie, [{ name: 'matricula-a.txt', content: MATRICULA_A, type: 'text/plain' }]);
    const [docB] = await uploadDocuments(t, cookie, [{ name: 'matricula-b.txt', content: MATRICULA_B, type: 'text/plain' }]);
    const propA = (await call(cookie, 'GET', `/api/documents/${docA}`)).json().propertyId as string;
    const propB = (await call(cookie, 'GET', `/api/documents/${docB}`)).json().propertyId as string;
    expect(propA).not.toBe(propB);
    const titleA = (await call(cookie, 'GET', `/api/properties/${propA}`)).json().property.title as string;

    const foreign = await call(cookie, 'POST', '/api/analyses/runs', { analysisType: 'complete', questionnaire: QUESTIONNAIRE_B, documentIds: [docB, docA], propertyId: propB });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.message).toBe(
      `O documento "matricula-a.txt" pertence a outro imóvel ("${titleA}"). Uma análise usa apenas os documentos do próprio imóvel: mova o documento para este imóvel antes de analisar.`,
    );
    const mixed = await call(cookie, 'POST', '/api/analyses/runs', { analysisType: 'complete', questionnaire: QUESTIONNAIRE_B, documentIds: [docA, docB] });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().error.message).toBe('Os documentos escolhidos pertencem a imóveis diferentes. Uma análise usa apenas os documentos de um imóvel.');
    // Nothing was queued for either refusal.
    expect(await t.runtime.ctx.db.select({ id: analysisRuns.id }).from(analysisRuns).where(eq(analysisRuns.propertyId, propB))).toEqual([]);

    // The property's own documents: the saved analysis cites only them.
    const own = await call(cookie, 'POST', '/api/analyses/runs', { analysisType: 'complete', questionnaire: QUESTIONNAIRE_B, documentIds: [docB], propertyId: propB });
    expect(own.statusCode, own.body).toBe(202);
    const run = await finished(cookie, own.json().run.id);
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.propertyId).toBe(propB);
    const { analysis } = (await call(cookie, 'GET', `/api/analyses/${run.analysisId}`)).json();
    const text = JSON.stringify(analysis);
    expect(text).toContain(docB);
    expect(text).not.toContain(docA);
    expect(text).not.toContain('matricula-a.txt');
    expect(text).not.toContain('11.111');

    // Moved by its owner, the document is the other property's, and the run accepts it.
    const moved = await call(cookie, 'POST', `/api/properties/${propB}/documents`, { documentId: docA });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ documentId: docA, propertyId: propB, fromPropertyId: propA });
    const listB = (await call(cookie, 'GET', `/api/documents?propertyId=${propB}`)).json();
    expect(listB.documents.map((d: { id: string }) => d.id).sort()).toEqual([docA, docB].sort());
    expect((await call(cookie, 'GET', `/api/documents?propertyId=${propA}`)).json().documents).toEqual([]);
    const after = await call(cookie, 'POST', '/api/analyses/runs', { analysisType: 'legal', questionnaire: QUESTIONNAIRE_B, documentIds: [docB, docA], propertyId: propB });
    expect(after.statusCode, after.body).toBe(202);
  });

  it("moves only one's own document into one's own property (404 otherwise, nothing changed)", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const docA = (await uploadDocuments(t, a.cookie, [{ name: 'matricula-a.txt', content: MATRICULA_A, type: 'text/plain' }]))[0]!;
    const docB = (await uploadDocuments(t, b.cookie, [{ name: 'matricula-b.txt', content: MATRICULA_B, type: 'text/plain' }]))[0]!;
    const propA = (await call(a.cookie, 'GET', `/api/documents/${docA}`)).json().propertyId as string;
    const propB = (await call(b.cookie, 'GET', `/api/documents/${docB}`)).json().propertyId as string;
    // B takes A's document into B's property; B puts B's document into A's property.
    for (const [url, documentId] of [[`/api/properties/${propB}/documents`, docA], [`/api/properties/${propA}/documents`, docB]] as const) {
      const res = await call(b.cookie, 'POST', url, { documentId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Documento não encontrado');
    }
    const rows = await t.runtime.ctx.db.select({ id: propertyDocuments.id, propertyId: propertyDocuments.propertyId }).from(propertyDocuments).where(inArray(propertyDocuments.id, [docA, docB]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.propertyId]))).toEqual({ [docA]: propA, [docB]: propB });
    // B cannot upload into A's property either.
    await expect(uploadDocuments(t, b.cookie, [{ name: 'x.txt', content: MATRICULA_B, type: 'text/plain' }], { propertyId: propA })).rejects.toThrow(/404/);
  });
});

// The migration's SQL (gen_random_uuid, a data-modifying CTE, time zones) runs on PostgreSQL 15 too.
describe(`migration 0011 on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("attaches every document without a property: to the property of the run that read it, else to one 'Imóvel sem endereço' per user and upload day", async () => {
    const db = t.runtime.ctx.db;
    const { user } = await signUp(t);
    const other = await signUp(t);
    const [analysed] = await db.insert(properties).values({ userId: user.id, title: 'Rua Alfa, 100', status: 'analyzed' }).returning({ id: properties.id });
    const [othersProperty] = await db.insert(properties).values({ userId: other.user.id, title: 'Casa de outra pessoa', status: 'analyzed' }).returning({ id: properties.id });
    const doc = (userId: string, name: string, createdAt: string) => ({
      userId,
      propertyId: null,
      fileName: name,
      fileType: 'txt',
      fileSize: 10,
      storageKey: `${userId}/${name}`,
      sha256: name,
      status: 'completed',
      createdAt: new Date(createdAt),
    });
    const docs = await db
      .insert(propertyDocuments)
      .values([
        doc(user.id, 'lida.txt', '2025-03-10T15:00:00Z'),
        // 10/03 in São Paulo, both (01:00 UTC on the 11th is 22:00 on the 10th).
        doc(user.id, 'solta-1.txt', '2025-03-10T15:00:00Z'),
        doc(user.id, 'solta-2.txt', '2025-03-11T01:00:00Z'),
        doc(user.id, 'outro-dia.txt', '2025-03-12T15:00:00Z'),
        doc(other.user.id, 'de-outra-pessoa.txt', '2025-03-10T15:00:00Z'),
      ])
      .returning({ id: propertyDocuments.id, fileName: propertyDocuments.fileName });
    const id = (name: string) => docs.find((d) => d.fileName === name)!.id;
    await db.insert(analysisRuns).values([
      { userId: user.id, analysisType: 'complete', inputHash: 'h1', status: 'completed', propertyId: analysed!.id, input: { documentIds: [id('lida.txt')] } },
      // Another person's run naming this user's document never takes it into their property.
      { userId: other.user.id, analysisType: 'complete', inputHash: 'h2', status: 'completed', propertyId: othersProperty!.id, input: { documentIds: [id('solta-1.txt')] } },
    ]);

    const file = readFileSync(new URL('../../../../../packages/db/migrations/0011_property_owns_documents.sql', import.meta.url), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) {
      const body = statement.split('\n').filter((line) => !line.trim().startsWith('--')).join('\n').trim();
      if (body) await db.execute(sql.raw(body));
    }

    const after = await db
      .select({ name: propertyDocuments.fileName, propertyId: propertyDocuments.propertyId, owner: properties.userId, title: properties.title })
      .from(propertyDocuments)
      .leftJoin(properties, eq(properties.id, propertyDocuments.propertyId))
      .where(inArray(propertyDocuments.id, docs.map((d) => d.id)));
    const of = (name: string) => after.find((r) => r.name === name)!;
    expect(after).toHaveLength(5);
    expect(after.every((r) => r.propertyId !== null)).toBe(true);
    expect(of('lida.txt').propertyId).toBe(analysed!.id);
    expect(of('solta-1.txt')).toMatchObject({ owner: user.id, title: 'Imóvel sem endereço 10/03/2025' });
    expect(of('solta-2.txt').propertyId).toBe(of('solta-1.txt').propertyId);
    expect(of('outro-dia.txt')).toMatchObject({ owner: user.id, title: 'Imóvel sem endereço 12/03/2025' });
    expect(of('outro-dia.txt').propertyId).not.toBe(of('solta-1.txt').propertyId);
    expect(of('de-outra-pessoa.txt')).toMatchObject({ owner: other.user.id, title: 'Imóvel sem endereço 10/03/2025' });
    expect(of('de-outra-pessoa.txt').propertyId).not.toBe(othersProperty!.id);
  });
});
