import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { securityAudit, user } from '@viabiliza/db/schema';
import { ACCOUNT_CREATION_MESSAGES, RESERVED_EMAIL_DOMAIN } from '@viabiliza/contracts/auth';
import { DEMO_EMAIL } from '../../config/app-config.ts';
import { isReservedEmail } from './auth.instance.ts';
import { ADMIN_EMAIL, PASSWORD, cookieHeader, createTestApp, signUp, uniqueEmail, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'user-agent': 'vitest-agent', ...headers } });

describe('sign-up', () => {
  it('creates the account, opens a session and returns the user', async () => {
    const email = uniqueEmail('ana');
    const res = await post('/api/auth/sign-up', { fullName: 'Ana Souza', email: email.toUpperCase(), password: PASSWORD, company: 'Construtora Sul' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, fullName: 'Ana Souza', company: 'Construtora Sul', role: 'user', isDemo: false });
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(res.headers['set-cookie']) } });
    expect(session.json().user.email).toBe(email);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  const refusals = async (email: string) => {
    const rows = await t.database.db.select().from(securityAudit).where(and(eq(securityAudit.action, 'signup'), eq(securityAudit.success, false)));
    return rows.filter((r) => (r.details as { email?: string }).email === email).map((r) => (r.details as { reason?: string }).reason);
  };

  it('refuses a password from the leaked-password list, whatever its case, and audits it', async () => {
    const email = uniqueEmail('vazada');
    // 'Password1' and 'Senha123!' meet the complexity rule; both are in the leaked-password list.
    for (const password of ['Password1', 'Senha123!']) {
      const res = await post('/api/auth/sign-up', { fullName: 'Ana Souza', email, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.message).toBe('Esta senha aparece em listas de senhas vazadas. Escolha outra senha.');
    }
    expect(await refusals(email)).toEqual(['LEAKED_PASSWORD', 'LEAKED_PASSWORD']);
    expect((await post('/api/auth/sign-up', { fullName: 'Ana Souza', email, password: 'Jabuticaba!Roxa9' })).statusCode).toBe(201);
  });

  it('refuses a password that is easy to guess, or built on the name, e-mail or company, and says why', async () => {
    const email = uniqueEmail('adivinhavel');
    const cases: [string, string, string][] = [
      ['Maria1980!', 'WEAK_PASSWORD', 'Esta senha é fácil de adivinhar (nomes, palavras comuns, datas ou sequências). Use uma senha mais longa ou com palavras incomuns.'],
      ['Mudar@123', 'WEAK_PASSWORD', 'Esta senha é fácil de adivinhar (nomes, palavras comuns, datas ou sequências). Use uma senha mais longa ou com palavras incomuns.'],
      ['Ilhabela77', 'PERSONAL_PASSWORD', 'A senha não deve conter seu nome, seu e-mail, sua empresa ou o nome Viabiliza. Escolha outra senha.'],
      ['Qz7!viabiliza', 'PERSONAL_PASSWORD', 'A senha não deve conter seu nome, seu e-mail, sua empresa ou o nome Viabiliza. Escolha outra senha.'],
    ];
    for (const [password, , message] of cases) {
      const res = await post('/api/auth/sign-up', { fullName: 'Teodora Quintanilha', email, password, company: 'Incorporadora Ilhabela' });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.message, password).toBe(message);
    }
    expect(await refusals(email)).toEqual(cases.map(([, reason]) => reason));
    // The same kind of password, without the company in it, is accepted.
    expect((await post('/api/auth/sign-up', { fullName: 'Teodora Quintanilha', email, password: 'Pitanga#Azul7', company: 'Incorporadora Ilhabela' })).statusCode).toBe(201);
  });

  it('refuses a registered e-mail with the spec message', async () => {
    const { email } = await signUp(t);
    const res = await post('/api/auth/sign-up', { fullName: 'Outra Pessoa', email, password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Este email já está cadastrado. Tente fazer login.');
  });

  it('refuses the reserved addresses of the product (the old demo account, the contact address) with a clear message, and audits it', async () => {
    for (const email of [DEMO_EMAIL, 'Contato@Viabiliza.com.br', `equipe@${RESERVED_EMAIL_DOMAIN}`]) {
      const res = await post('/api/auth/sign-up', { fullName: 'Alguém Qualquer', email, password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION', message: ACCOUNT_CREATION_MESSAGES.reservedEmail });
      expect(await refusals(email.toLowerCase())).toEqual(['RESERVED_EMAIL']);
    }
    expect(await t.database.db.select().from(user).where(eq(user.email, DEMO_EMAIL))).toHaveLength(0);
    // The operator may list an address of the domain in ADMIN_EMAILS, and that one signs up.
    expect(isReservedEmail(`equipe@${RESERVED_EMAIL_DOMAIN}`, [`equipe@${RESERVED_EMAIL_DOMAIN}`])).toBe(false);
    expect(isReservedEmail('pessoa@viabiliza.com.br.example.com', [])).toBe(false);
  });

  it('answers 400 with the Portuguese validation messages', async () => {
    const res = await post('/api/auth/sign-up', { fullName: 'A', email: uniqueEmail(), password: 'semnumero' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toMatch(/^Dados inválidos: /);
    expect(error.details).toEqual(
      expect.arrayContaining(['Nome deve ter pelo menos 2 caracteres', 'Senha deve conter ao menos: 1 minúscula, 1 maiúscula e 1 número']),
    );
  });

  it('gives the admin role to e-mails in ADMIN_EMAILS and audits the grant', async () => {
    const res = await post('/api/auth/sign-up', { fullName: 'Admin', email: ADMIN_EMAIL, password: PASSWORD });
    expect(res.json().user.role).toBe('admin');
    const grants = await t.database.db.select().from(securityAudit).where(and(eq(securityAudit.action, 'role_grant'), eq(securityAudit.userId, res.json().user.id)));
    expect(grants).toHaveLength(1);
  });
});

describe('sign-in', () => {
  it('signs in with the right password and audits it with IP and user agent', async () => {
    const { email, user } = await signUp(t);
    const res = await post('/api/auth/sign-in', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeDefined();
    const rows = await t.database.db.select().from(securityAudit).where(and(eq(securityAudit.userId, user.id), eq(securityAudit.action, 'login')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ success: true, ipAddress: '127.0.0.1', userAgent: 'vitest-agent' });
  });

  it('refuses a wrong password with "Email ou senha incorretos" and audits the failure', async () => {
    const { email, user } = await signUp(t);
    const res = await post('/api/auth/sign-in', { email, password: 'Errada123!' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Email ou senha incorretos' });
    const rows = await t.database.db.select().from(securityAudit).where(and(eq(securityAudit.userId, user.id), eq(securityAudit.success, false)));
    expect(rows.map((r) => r.action)).toContain('login');
  });

  it('limits attempts to 5 per 15 minutes and answers 429 with Retry-After', async () => {
    const email = uniqueEmail('brute');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/api/auth/sign-in', { email, password: 'Errada123!' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const blocked = await post('/api/auth/sign-in', { email, password: 'Errada123!' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await post('/api/auth/sign-in', { email: uniqueEmail(), password: PASSWORD }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('sign-out and session', () => {
  it('anonymous session is null; sign-out ends the session', async () => {
    expect((await t.app.inject({ url: '/api/auth/session' })).json()).toEqual({ user: null });
    const { cookie } = await signUp(t);
    const out = await post('/api/auth/sign-out', undefined, { cookie });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });
});

describe('demo', () => {
  it('opens a private sandbox per call, without any credential from the client (modules/sandbox)', async () => {
    const res = await post('/api/auth/demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ fullName: 'Usuário Demo', isDemo: true, role: 'user' });
    expect(res.json().user.email).not.toBe('demo@viabiliza.com.br');
    const again = await post('/api/auth/demo');
    expect(again.json().user.id).not.toBe(res.json().user.id);
  });
});
