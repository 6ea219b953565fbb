import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIDI_CONTROL_MESSAGE } from '@viabiliza/contracts/text-rules';
import { createTestApp, signUp, type TestApp } from '../test/helper.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t));
});
afterAll(async () => t?.close());

/** Words of the libraries' English messages that must never reach a person. */
const ENGLISH = /\b(?:Invalid|Expected|Required|Request|body|too large|must|received|Unsupported|Unexpected)\b/;

describe('every validation message is in Portuguese', () => {
  it("a malformed id: 'Formato do UUID inválido', not 'Invalid UUID'", async () => {
    const res = await t.app.inject({ url: '/api/analyses/nao-e-um-id', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Dados inválidos: .*UUID inválido/);
    expect(res.body).not.toMatch(ENGLISH);
  });

  it('a body over the limit, broken JSON, an empty JSON body and an unknown content type', async () => {
    const tooLarge = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ fullName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({ code: 'TOO_LARGE', message: 'Dados inválidos: o corpo da requisição excede o tamanho máximo permitido' });

    const broken = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie, 'content-type': 'application/json' }, payload: '{"fullName": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('Dados inválidos: o corpo não é um JSON válido');

    const empty = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie, 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Dados inválidos: o corpo JSON está vazio');

    const odd = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie, 'content-type': 'application/x-viabiliza' }, payload: 'x' });
    expect(odd.statusCode).toBe(415);
    expect(odd.json().error.message).toBe('Dados inválidos: tipo de conteúdo não suportado');

    for (const res of [tooLarge, broken, empty, odd]) expect(res.body).not.toMatch(ENGLISH);
  });

  it("a schema's own messages for a wrong type and an unknown choice", async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: { fullName: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(ENGLISH);
  });
});

describe('direction controls in names and titles', () => {
  it("refuses a name that would display reordered ('‮' U+202E), and keeps the old one", async () => {
    const before = (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json();
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload: { fullName: 'Ana \u202Eanilo' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Dados inválidos: ${BIDI_CONTROL_MESSAGE}`);
    const after = (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json();
    expect(after).toEqual(before);
  });
});
