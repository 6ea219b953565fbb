import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const put = (cookie: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie }, payload });

describe('profile', () => {
  it('reads the sign-up data and saves changes that persist', async () => {
    const { cookie, email } = await signUp(t, { fullName: 'Carla Dias', company: 'Incorporadora Norte' });
    const first = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(first.json()).toMatchObject({ email, fullName: 'Carla Dias', company: 'Incorporadora Norte', phone: null });

    const saved = await put(cookie, { fullName: '  Carla Dias Souza ', phone: '(48) 99999-0000', company: '' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ fullName: 'Carla Dias Souza', phone: '(48) 99999-0000', company: null });
    const again = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(again.json()).toMatchObject({ fullName: 'Carla Dias Souza', phone: '(48) 99999-0000', email });
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.fullName).toBe('Carla Dias Souza');
  });

  it('refuses a bad phone and a short name with Portuguese messages, changing nothing', async () => {
    const { cookie } = await signUp(t, { fullName: 'Davi Lima' });
    const bad = await put(cookie, { fullName: 'D', phone: 'abc', company: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining(['Nome deve ter pelo menos 2 caracteres', 'Telefone inválido. Use de 10 a 15 dígitos, por exemplo (48) 99999-9999']),
    );
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie } })).json().fullName).toBe('Davi Lima');
  });

  it("one user's save never changes another user's profile; e-mail cannot be changed", async () => {
    const a = await signUp(t, { fullName: 'Alice Ramos' });
    const b = await signUp(t, { fullName: 'Bruno Reis' });
    await put(b.cookie, { fullName: 'Bruno Alterado', phone: null, company: null, email: a.email } as object);
    const aProfile = (await t.app.inject({ url: '/api/profile', headers: { cookie: a.cookie } })).json();
    const bProfile = (await t.app.inject({ url: '/api/profile', headers: { cookie: b.cookie } })).json();
    expect(aProfile.fullName).toBe('Alice Ramos');
    expect(bProfile).toMatchObject({ fullName: 'Bruno Alterado', email: b.email });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { fullName: 'X Y' } })).statusCode).toBe(401);
  });
});
