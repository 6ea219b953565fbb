import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { securityAudit } from '@viabiliza/db/schema';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DEED = 'ESCRITURA PÚBLICA DE COMPRA E VENDA. Outorgante vendedor: JOÃO DA SILVA. Outorgado comprador: MARIA SOUZA. Imóvel situado na Rua das Flores, nº 120, Florianópolis/SC, CEP 88010-000, área total de 360,00 m². Valor da transação R$ 850.000,00.';

async function upload(cookie: string, files: { name: string; content: Buffer | string; type?: string }[]) {
  const { payload, headers } = multipartBody(files);
  return t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
}
const getDoc = async (cookie: string, id: string) => (await t.app.inject({ url: `/api/documents/${id}`, headers: { cookie } })).json();

describe('POST /api/documents', () => {
  it('requires a session, with the spec message', async () => {
    const { payload, headers } = multipartBody([{ name: 'a.txt', content: DEED }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Você precisa estar logado para fazer upload de arquivos');
  });

  it('keeps the good files of a batch, refuses or quarantines the bad ones, and audits each', async () => {
    const { cookie, user } = await signUp(t);
    const res = await upload(cookie, [
      { name: 'escritura.txt', content: DEED, type: 'text/plain' },
      { name: 'vazio.txt', content: '' },
      { name: 'contrato.pdf', content: Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), Buffer.alloc(512, 1)]), type: 'application/pdf' },
      { name: 'pagina.txt', content: '<html><script>alert(1)</script> texto qualquer do documento </html>' },
      { name: 'grande.txt', content: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) },
      // Windows-1252, as Excel and Notepad on Windows write it (0x93/0x94 are curly quotes there).
      { name: 'latin1.txt', content: Buffer.concat([Buffer.from('Matrícula nº 12.345 ', 'latin1'), Buffer.from([0x93]), Buffer.from('ônus', 'latin1'), Buffer.from([0x94]), Buffer.from(': não há. Área construída 120,50 m².', 'latin1')]) },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.documents.map((d: { fileName: string; status: string }) => [d.fileName, d.status])).toEqual([
      ['escritura.txt', 'uploaded'],
      ['pagina.txt', 'quarantined'],
      ['latin1.txt', 'uploaded'],
    ]);
    expect(body.quarantinedCount).toBe(1);
    expect(body.rejected).toEqual([
      { fileName: 'vazio.txt', size: 0, error: 'Arquivo não pode estar vazio' },
      { fileName: 'contrato.pdf', size: 517, error: 'Tipo de arquivo não permitido' },
      { fileName: 'grande.txt', size: 10 * 1024 * 1024, error: 'Arquivo muito grande (máximo 10MB)' },
    ]);

    const deed = body.documents[0];
    const done = await eventually(async () => {
      const d = await getDoc(cookie, deed.id);
      return d.status === 'completed' ? d : null;
    }, 30_000);
    expect(done.fileType).toBe('txt');
    expect(done.documentType).toBe('escritura');
    expect(done.keyFields.some((f: { key: string; normalized: unknown }) => f.key === 'cep' && f.normalized === '88010000')).toBe(true);
    const pages = (await t.app.inject({ url: `/api/documents/${deed.id}/pages`, headers: { cookie } })).json().pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ number: 1, method: 'text' });
    expect(pages[0].text).toContain('MARIA SOUZA');

    const latin = await eventually(async () => {
      const d = await getDoc(cookie, body.documents[2].id);
      return d.status === 'completed' ? d : null;
    }, 30_000);
    const latinText = (await t.app.inject({ url: `/api/documents/${latin.id}/pages`, headers: { cookie } })).json().pages[0].text;
    expect(latinText).toContain('Matrícula nº 12.345 “ônus”: não há');
    expect(latinText).toContain('Área construída 120,50 m²');

    // The quarantined file is kept apart and never extracted.
    const q = await getDoc(cookie, body.documents[1].id);
    expect(q.status).toBe('quarantined');
    expect(q.quarantineReason).toBeTruthy();
    expect(existsSync((t.runtime.ctx.storage as LocalStorage).path(`${user.id}/${q.id}`, 'quarantine'))).toBe(true);
    expect(existsSync((t.runtime.ctx.storage as LocalStorage).path(`${user.id}/${q.id}`, 'uploads'))).toBe(false);

    const audit = await t.database.db.select().from(securityAudit).where(and(eq(securityAudit.userId, user.id), eq(securityAudit.action, 'upload')));
    expect(audit).toHaveLength(6);
    expect(audit.map((a) => (a.details as { result: string }).result).sort()).toEqual(['accepted', 'accepted', 'quarantined', 'rejected', 'rejected', 'rejected']);
  });

  it('refuses the files after the 20th of a batch and keeps the first 20', async () => {
    const { cookie } = await signUp(t);
    const files = Array.from({ length: 21 }, (_, i) => ({ name: `doc-${i}.txt`, content: `Documento número ${i} com texto suficiente.` }));
    const body = (await upload(cookie, files)).json();
    expect(body.documents).toHaveLength(20);
    expect(body.rejected).toEqual([{ fileName: 'doc-20.txt', size: 0, error: 'Muitos arquivos. Máximo permitido: 20' }]);
  });

  it('limits uploads to 5 per minute per user', async () => {
    const { cookie } = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await upload(cookie, [{ name: `n${i}.txt`, content: DEED }])).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('reading and removing documents', () => {
  it("never shows one user's document to another, and removal deletes the file", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const doc = (await upload(a.cookie, [{ name: 'matricula.txt', content: DEED }])).json().documents[0];
    for (const url of [`/api/documents/${doc.id}`, `/api/documents/${doc.id}/pages`]) {
      const res = await t.app.inject({ url, headers: { cookie: b.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('matricula.txt');
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: { cookie: b.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/documents', headers: { cookie: b.cookie } })).json().documents).toEqual([]);

    const file = (t.runtime.ctx.storage as LocalStorage).path(`${a.user.id}/${doc.id}`);
    expect(existsSync(file)).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: { cookie: a.cookie } })).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ url: `/api/documents/${doc.id}`, headers: { cookie: a.cookie } })).statusCode).toBe(404);
  });
});
