import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractionError } from '@viabiliza/extract/types';
import type { ExtractionPool } from '@viabiliza/extract/pool';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let realPool: ExtractionPool;
beforeAll(async () => {
  t = await createTestApp();
  realPool = t.runtime.ctx.extraction;
});
afterAll(async () => {
  t.runtime.ctx.extraction = realPool;
  await t?.close();
});

/** Stands in for the worker pool to make failures happen on demand. */
function failingPool(error: Error, calls: { n: number }): ExtractionPool {
  return {
    run: async () => {
      calls.n += 1;
      throw error;
    },
    destroy: async () => {},
  } as unknown as ExtractionPool;
}

async function uploadOne(cookie: string) {
  const { payload, headers } = multipartBody([{ name: 'laudo.txt', content: 'LAUDO DE VISTORIA do imóvel com texto suficiente.' }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
  return res.json().documents[0] as { id: string };
}
const getDoc = async (cookie: string, id: string) => (await t.app.inject({ url: `/api/documents/${id}`, headers: { cookie } })).json();
const notifications = async (cookie: string) => (await t.app.inject({ url: '/api/notifications', headers: { cookie } })).json().items as { title: string; message: string; type: string }[];

describe('extraction job', () => {
  it('tries a retryable failure 3 times, then ends in error with the spec message and notifies', async () => {
    const calls = { n: 0 };
    t.runtime.ctx.extraction = failingPool(new ExtractionError('Timeout: Arquivo muito grande ou complexo', true), calls);
    const { cookie } = await signUp(t);
    const doc = await uploadOne(cookie);
    const failed = await eventually(async () => {
      const d = await getDoc(cookie, doc.id);
      return d.status === 'error' ? d : null;
    }, 30_000);
    expect(calls.n).toBe(3);
    expect(failed.attempts).toBe(3);
    expect(failed.errorMessage).toBe('Erro após 3 tentativas: Timeout: Arquivo muito grande ou complexo');
    const inbox = await eventually(async () => {
      const list = await notifications(cookie);
      return list.some((n) => n.type === 'error') ? list : null;
    });
    expect(inbox.find((n) => n.type === 'error')).toMatchObject({ title: 'Falha ao processar laudo.txt', message: failed.errorMessage });
  });

  it('ends at once on a final error, without retrying', async () => {
    const calls = { n: 0 };
    t.runtime.ctx.extraction = failingPool(new ExtractionError('Erro ao processar PDF: PDF protegido por senha não pode ser lido'), calls);
    const { cookie } = await signUp(t);
    const doc = await uploadOne(cookie);
    const failed = await eventually(async () => {
      const d = await getDoc(cookie, doc.id);
      return d.status === 'error' ? d : null;
    }, 15_000);
    expect(calls.n).toBe(1);
    expect(failed.errorMessage).toBe('Erro ao processar PDF: PDF protegido por senha não pode ser lido');
  });
});
