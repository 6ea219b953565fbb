import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { mailOutbox, verification } from '@viabiliza/db/schema';
import { ACCOUNT_MAIL, ACCOUNT_MAIL_MESSAGES, type OutboxResponse } from '@viabiliza/contracts/account-mail';
import { ADMIN_EMAIL, PASSWORD, cookieHeader, createTestApp, signUp, uniqueEmail, usingPostgres, type TestApp } from '../../../test/helper.ts';
import { createAnalysis } from '../../../test/analysis-fixture.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let n = 0;
/** Each test asks from an address of its own, so the per-address budget of one does not leak into another. */
const nextAddress = () => `198.51.100.${++n}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { email: ADMIN_EMAIL, fullName: 'Admin' });
}, 120_000);
afterAll(async () => t?.close());

const origin = 'http://localhost:3000';
type Method = 'GET' | 'POST';
const call = (method: Method, url: string, options: { cookie?: string; payload?: object; from?: string } = {}) =>
  t.app.inject({
    method,
    url,
    payload: options.payload,
    remoteAddress: options.from,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(method === 'POST' ? { origin } : {}) },
  });

async function outbox(): Promise<OutboxResponse> {
  const res = await call('GET', '/api/admin/outbox', { cookie: admin.cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The token of the latest message to `to` (read, as an admin would, from the outbox's link). */
async function latestToken(to: string, kind: string): Promise<string> {
  const rows = (await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).filter((r) => r.kind === kind);
  const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  expect(latest?.link, `a ${kind} link to ${to}`).toBeTruthy();
  return new URL(latest!.link!).searchParams.get('token')!;
}

const session = async (cookie: string) => (await call('GET', '/api/auth/session', { cookie })).json().user;

describe(`account recovery and e-mail (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers a reset request the same whether the account exists, and puts the link in the outbox only admins read', async () => {
    const person = await signUp(t, { fullName: 'Rita Redefine' });
    const from = nextAddress();
    const known = await call('POST', '/api/auth/forgot-password', { payload: { email: person.email.toUpperCase() }, from });
    const unknown = await call('POST', '/api/auth/forgot-password', { payload: { email: 'ninguem.aqui@example.com' }, from });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(ACCOUNT_MAIL_MESSAGES.forgotSent);

    const box = await outbox();
    expect(box.delivery).toBe('outbox');
    const item = box.items.find((i) => i.kind === 'password_reset' && i.recipient.endsWith('@example.com') && i.recipient.startsWith(person.email.slice(0, 2)));
    expect(item).toBeDefined();
    expect(item!.recipient).toMatch(/^\w{2}\*\*\*@example\.com$/);
    expect(item!.link).toMatch(/^http:\/\/localhost:3000\/redefinir-senha\?token=/);
    expect(box.items.some((i) => i.recipient.startsWith('ni***'))).toBe(false);

    expect((await call('GET', '/api/admin/outbox', { cookie: person.cookie })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/outbox')).statusCode).toBe(401);
    // The token is kept hashed: the database holds no usable link.
    const token = await latestToken(person.email, 'password_reset');
    const stored = await t.runtime.ctx.db.select().from(verification).where(like(verification.identifier, `%${token}%`));
    expect(stored).toHaveLength(0);
  });

  it('resets the password once with the link, under the sign-up rule, and ends the old sessions', async () => {
    const person = await signUp(t, { fullName: 'Otávio Esquecido', company: 'Construtora Horizonte' });
    const secondDevice = cookieHeader(
      (await call('POST', '/api/auth/sign-in', { payload: { email: person.email, password: PASSWORD }, from: nextAddress() })).headers['set-cookie'],
    );
    expect((await session(secondDevice))?.id).toBe(person.user.id);
    await call('POST', '/api/auth/forgot-password', { payload: { email: person.email }, from: nextAddress() });
    const token = await latestToken(person.email, 'password_reset');

    // The server's rule for new passwords: the product's name with a year, the person's company.
    for (const weak of ['Viabiliza2026', 'Horizonte#2025', 'Senha123!']) {
      const res = await call('POST', '/api/auth/reset-password', { payload: { token, newPassword: weak } });
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().error.message).toMatch(/senha/i);
    }
    const composition = await call('POST', '/api/auth/reset-password', { payload: { token, newPassword: 'tudo minusculo sem numero' } });
    expect(composition.json().error.message).toContain('Senha deve conter ao menos: 1 minúscula, 1 maiúscula e 1 número');

    const done = await call('POST', '/api/auth/reset-password', { payload: { token, newPassword: 'Jabuticaba!Roxa9' } });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(ACCOUNT_MAIL_MESSAGES.passwordReset);
    // Every session that existed before the reset has ended.
    expect(await session(person.cookie)).toBeNull();
    expect(await session(secondDevice)).toBeNull();
    // The link works once.
    const again = await call('POST', '/api/auth/reset-password', { payload: { token, newPassword: 'Outra#Senha-Boa77' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(ACCOUNT_MAIL_MESSAGES.invalidToken);

    const oldPassword = await call('POST', '/api/auth/sign-in', { payload: { email: person.email, password: PASSWORD }, from: nextAddress() });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await call('POST', '/api/auth/sign-in', { payload: { email: person.email, password: 'Jabuticaba!Roxa9' }, from: nextAddress() });
    expect(newPassword.statusCode).toBe(200);
  });

  it(`refuses a link older than ${ACCOUNT_MAIL.tokenMinutes} minutes and a made-up one`, async () => {
    const person = await signUp(t, { fullName: 'Paula Atrasada' });
    await call('POST', '/api/auth/forgot-password', { payload: { email: person.email }, from: nextAddress() });
    const token = await latestToken(person.email, 'password_reset');
    const [row] = await t.runtime.ctx.db.select().from(verification).where(like(verification.value, person.user.id));
    expect(row).toBeDefined();
    // Issued for 30 minutes.
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(ACCOUNT_MAIL.tokenMinutes, 0);
    await t.runtime.ctx.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.id, row!.id));
    const late = await call('POST', '/api/auth/reset-password', { payload: { token, newPassword: 'Jabuticaba!Roxa9' } });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(ACCOUNT_MAIL_MESSAGES.invalidToken);
    const madeUp = await call('POST', '/api/auth/reset-password', { payload: { token: 'x'.repeat(32), newPassword: 'Jabuticaba!Roxa9' } });
    expect(madeUp.json().error.message).toBe(ACCOUNT_MAIL_MESSAGES.invalidToken);
    expect(await session(person.cookie)).not.toBeNull();
  });

  it('needs a confirmed e-mail to share; the confirmation link works once', async () => {
    const owner = await signUp(t, { fullName: 'Vera Verifica' });
    const friend = await signUp(t, { fullName: 'Caio Convidado' });
    expect((await session(owner.cookie)).emailVerified).toBe(false);
    const analysis = await createAnalysis(t, owner.cookie);
    const refused = await call('POST', `/api/analyses/${analysis.id}/collaborators`, { cookie: owner.cookie, payload: { email: friend.email } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ACCOUNT_MAIL_MESSAGES.verifyBeforeSharing);

    const sent = await call('POST', '/api/auth/verify-email', { cookie: owner.cookie, from: nextAddress() });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(ACCOUNT_MAIL_MESSAGES.verificationSent(owner.email));
    const token = await latestToken(owner.email, 'email_verification');
    // Opened on any device, without a session.
    const confirmed = await call('POST', '/api/auth/confirm-email', { payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: ACCOUNT_MAIL_MESSAGES.emailVerified, email: owner.email });
    expect((await session(owner.cookie)).emailVerified).toBe(true);
    expect((await call('POST', '/api/auth/confirm-email', { payload: { token } })).statusCode).toBe(400);
    const again = await call('POST', '/api/auth/verify-email', { cookie: owner.cookie, from: nextAddress() });
    expect(again.statusCode).toBe(409);

    const shared = await call('POST', `/api/analyses/${analysis.id}/collaborators`, { cookie: owner.cookie, payload: { email: friend.email } });
    expect(shared.statusCode).toBe(201);
  });

  it('changes the e-mail after the password and a link sent to the new address; the old address is told', async () => {
    const person = await signUp(t, { fullName: 'Mário Muda' });
    const other = await signUp(t, { fullName: 'Outra Pessoa' });
    const newEmail = uniqueEmail('novo');
    const wrong = await call('POST', '/api/auth/change-email', { cookie: person.cookie, payload: { newEmail, password: 'Errada#Senha99' }, from: nextAddress() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ACCOUNT_MAIL_MESSAGES.wrongPassword);
    const taken = await call('POST', '/api/auth/change-email', { cookie: person.cookie, payload: { newEmail: other.email, password: PASSWORD }, from: nextAddress() });
    expect(taken.statusCode).toBe(409);

    const asked = await call('POST', '/api/auth/change-email', { cookie: person.cookie, payload: { newEmail, password: PASSWORD }, from: nextAddress() });
    expect(asked.statusCode).toBe(200);
    expect((await session(person.cookie)).email).toBe(person.email);
    const token = await latestToken(newEmail, 'email_change');
    const done = await call('POST', '/api/auth/confirm-email', { payload: { token } });
    expect(done.statusCode).toBe(200);
    expect(done.json().email).toBe(newEmail);
    const now = await session(person.cookie);
    expect(now).toMatchObject({ email: newEmail, emailVerified: true });
    const notices = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, person.email));
    expect(notices.map((m) => [m.kind, m.link])).toContainEqual(['email_changed', null]);
    const signIn = await call('POST', '/api/auth/sign-in', { payload: { email: newEmail, password: PASSWORD }, from: nextAddress() });
    expect(signIn.statusCode).toBe(200);
  });

  it(`limits e-mail per account (${ACCOUNT_MAIL.perAccount}) and per address (${ACCOUNT_MAIL.perAddress}) with 429, Retry-After and a Portuguese message`, async () => {
    const person = await signUp(t, { fullName: 'Lia Insistente' });
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_MAIL.perAccount + 1; i++) {
      codes.push((await call('POST', '/api/auth/forgot-password', { payload: { email: person.email }, from: nextAddress() })).statusCode);
    }
    expect(codes).toEqual([...Array(ACCOUNT_MAIL.perAccount).fill(200), 429]);
    const refused = await call('POST', '/api/auth/forgot-password', { payload: { email: person.email }, from: nextAddress() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(ACCOUNT_MAIL_MESSAGES.tooMany);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_MAIL.windowMs / 1000);
    // The same account's verification request counts against the same budget.
    expect((await call('POST', '/api/auth/verify-email', { cookie: person.cookie, from: nextAddress() })).statusCode).toBe(429);

    const from = nextAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < ACCOUNT_MAIL.perAddress + 1; i++) {
      fromOne.push((await call('POST', '/api/auth/forgot-password', { payload: { email: `desconhecido${i}@example.com` }, from })).statusCode);
    }
    expect(fromOne).toEqual([...Array(ACCOUNT_MAIL.perAddress).fill(200), 429]);
    // Another address is not held back.
    expect((await call('POST', '/api/auth/forgot-password', { payload: { email: 'desconhecido0@example.com' }, from: nextAddress() })).statusCode).toBe(200);
  });

  it('sends nothing for a demo sandbox and refuses its verification and e-mail change', async () => {
    const demo = await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: nextAddress(), headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' } });
    expect(demo.statusCode).toBe(200);
    const cookie = cookieHeader(demo.headers['set-cookie']);
    const email = demo.json().user.email as string;
    const before = (await t.runtime.ctx.db.select().from(mailOutbox)).length;
    expect((await call('POST', '/api/auth/forgot-password', { payload: { email }, from: nextAddress() })).statusCode).toBe(200);
    expect((await t.runtime.ctx.db.select().from(mailOutbox)).length).toBe(before);
    expect((await call('POST', '/api/auth/verify-email', { cookie, from: nextAddress() })).statusCode).toBe(403);
    expect((await call('POST', '/api/auth/change-email', { cookie, payload: { newEmail: uniqueEmail(), password: PASSWORD }, from: nextAddress() })).statusCode).toBe(403);
  });
});
