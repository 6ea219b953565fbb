import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { analysisRuns, propertyDocuments } from '@viabiliza/db/schema';
import { eq } from 'drizzle-orm';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

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
};

/** A document row as the upload leaves it, in the status the test needs (no reader involved). */
async function documentIn(userId: string, status: string, fileName: string): Promise<string> {
  const [row] = await t.runtime.ctx.db
    .insert(propertyDocuments)
    .values({
      userId,
      fileName,
      fileType: 'pdf',
      fileSize: 1024,
      storageKey: `test/${fileName}`,
      sha256: createHash('sha256').update(fileName).digest('hex'),
      status,
      extractedText: status === 'completed' ? 'MATRÍCULA Nº 45.678 - apartamento com área privativa de 80,00 m².' : null,
    })
    .returning({ id: propertyDocuments.id });
  return row!.id;
}

const post = (cookie: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: body as object, headers: { cookie } });

describe('POST /api/analyses/runs while documents are being read (issue 18)', () => {
  it('refuses the run with 409 and the count of documents in reading, and queues nothing', async () => {
    const { cookie, user } = await signUp(t);
    const scan = await documentIn(user.id, 'processing', 'matricula-escaneada.pdf');
    const queued = await documentIn(user.id, 'uploaded', 'iptu.pdf');
    const done = await documentIn(user.id, 'completed', 'contrato.pdf');

    const two = await post(cookie, { analysisType: 'complete', questionnaire: QUESTIONNAIRE, documentIds: [scan, queued, done] });
    expect(two.statusCode).toBe(409);
    expect(two.json()).toEqual({ error: { code: 'CONFLICT', message: 'Aguarde: 2 documentos em leitura' } });

    const one = await post(cookie, { analysisType: 'complete', questionnaire: QUESTIONNAIRE, documentIds: [scan, done] });
    expect(one.statusCode).toBe(409);
    expect(one.json().error.message).toBe('Aguarde: 1 documento em leitura');

    expect(await t.runtime.ctx.db.select().from(analysisRuns).where(eq(analysisRuns.userId, user.id))).toHaveLength(0);
  });

  it('a failed document is still refused as without text, not as in reading', async () => {
    const { cookie, user } = await signUp(t);
    const failed = await documentIn(user.id, 'error', 'ilegivel.pdf');
    const res = await post(cookie, { analysisType: 'complete', questionnaire: QUESTIONNAIRE, documentIds: [failed] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Arquivos sem texto válido: ilegivel.pdf');
  });

  it("another user's document in reading is not found, whatever its status", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const scan = await documentIn(owner.user.id, 'processing', 'alheio.pdf');
    const res = await post(other.cookie, { analysisType: 'complete', questionnaire: QUESTIONNAIRE, documentIds: [scan] });
    expect(res.statusCode).toBe(404);
  });

  it('is documented with its 409 in /api/docs', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths['/api/analyses/runs'].post.responses)).toContain('409');
  });
});
