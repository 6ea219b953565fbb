import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDetail, type DocumentDetail } from '@viabiliza/contracts/documents';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';

const here = dirname(fileURLToPath(import.meta.url));
const realdocs = resolve(here, '../../../../../../shared/realdocs-dev');
const SIGNED = 'fabriciorodias__analisador-de-matriculas/certidoes__certidao_mat_479 - texto.pdf';
const UNSIGNED_WITH_CODES = 'fabriciorodias__analisador-de-matriculas/certidoes__certidao_mat_26.396 - texto.pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function uploadAndRead(cookie: string, name: string, content: Buffer): Promise<DocumentDetail> {
  const { payload, headers } = multipartBody([{ name, content, type: 'application/pdf' }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
  expect(res.statusCode).toBe(201);
  const id = res.json().documents[0].id as string;
  return eventually(async () => {
    const detail = (await t.app.inject({ url: `/api/documents/${id}`, headers: { cookie } })).json();
    return detail.status === 'completed' || detail.status === 'error' ? (detail as DocumentDetail) : null;
  }, 60_000);
}

describe.skipIf(!existsSync(realdocs))('a document’s authenticity, stored with its extraction', () => {
  it('shows the signature of a signed certidão, and flags a copy edited after signing', async () => {
    const { cookie } = await signUp(t);
    const bytes = readFileSync(resolve(realdocs, SIGNED));

    const genuine = await uploadAndRead(cookie, 'matricula-479.pdf', bytes);
    expect(genuine.status).toBe('completed');
    expect(documentDetail.parse(genuine)).toEqual(genuine);
    expect(genuine.authenticity?.signatures).toEqual([
      expect.objectContaining({ subFilter: 'ETSI.CAdES.detached', signedAt: '2021-10-07T18:19:04.000Z', integrity: 'intacta', signerId: expect.stringMatching(/^CPF \*\*\*\./) }),
    ]);
    expect(genuine.authenticity?.validationCodes).toEqual([expect.objectContaining({ issuer: 'TJGO — selo', code: '04422110013211810640019', page: 6 })]);

    // One byte inside the first signed range, changed after signing.
    const edited = Buffer.from(bytes);
    edited[1000] = edited[1000]! ^ 0x01;
    const altered = await uploadAndRead(cookie, 'matricula-479-editada.pdf', edited);
    expect(altered.authenticity?.signatures[0]).toMatchObject({ integrity: 'alterada' });
  });

  it('keeps the validation codes of an unsigned certidão, and no signature', async () => {
    const { cookie } = await signUp(t);
    const detail = await uploadAndRead(cookie, 'matricula-26396.pdf', readFileSync(resolve(realdocs, UNSIGNED_WITH_CODES)));
    expect(detail.authenticity).toEqual({
      signatures: [],
      validationCodes: [
        expect.objectContaining({ issuer: 'Assinador Registro de Imóveis', code: 'GQY4Z-S5FHJ-TAQSQ-8SPW6', url: 'https://assinador.registrodeimoveis.org.br/validate/GQY4Z-S5FHJ-TAQSQ-8SPW6' }),
        expect.objectContaining({ issuer: 'TJGO — selo', code: '04572203215060226800070' }),
      ],
    });
  });
});
