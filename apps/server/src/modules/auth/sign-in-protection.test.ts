import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_PROTECTION } from '@viabiliza/contracts/rate-limits';
import { PASSWORD, createTestApp, uniqueEmail, type TestApp } from '../../../test/helper.ts';

/**
 * Issue 15, item 2: sign-in protection per address and per account. Addresses are simulated with
 * inject's remoteAddress (what request.ip reads without TRUST_PROXY).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const signInFrom = (ip: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: ip, payload: { email, password } });
const signUpFrom = async (ip: string) => {
  const email = uniqueEmail('dona');
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', remoteAddress: ip, payload: { fullName: 'Dona da Conta', email, password: PASSWORD } });
  expect(res.statusCode).toBe(201);
  return email;
};

describe('a stranger guessing one account', () => {
  const attacker = '198.51.100.10';
  const ownerHome = '192.0.2.20';
  let owner: string;

  it('gets 429 long before 60 wrong passwords, and the right one is refused to the stranger too', async () => {
    owner = await signUpFrom(ownerHome);
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await signInFrom(attacker, owner, `Chute${i}senha!`)).statusCode);
    const first429 = codes.indexOf(429);
    expect(first429).toBeGreaterThan(0);
    expect(first429).toBeLessThanOrEqual(SIGN_IN_PROTECTION.addressFailures);
    expect(codes.slice(first429).every((c) => c === 429)).toBe(true);
    const right = await signInFrom(attacker, owner, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json().error.message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
  });

  it("does not stop the owner signing in from the owner's usual address", async () => {
    const res = await signInFrom(ownerHome, owner, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(owner);
  });

  it('only delays the owner at a new address (a bounded wait, not a lockout)', async () => {
    const res = await signInFrom('192.0.2.99', owner, PASSWORD);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(Math.max(...SIGN_IN_PROTECTION.accountDelaysMs) / 1000);
  });
});

describe('the limit per address', () => {
  it('refuses every sign-in from an address after its failures on many accounts', async () => {
    const ip = '198.51.100.30';
    const codes: number[] = [];
    for (let i = 0; i < SIGN_IN_PROTECTION.addressFailures; i++) codes.push((await signInFrom(ip, uniqueEmail('inexistente'), 'Errada123!')).statusCode);
    expect(codes.every((c) => c === 401)).toBe(true);
    const email = await signUpFrom(ip);
    expect((await signInFrom(ip, email, PASSWORD)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await signInFrom('198.51.100.31', email, PASSWORD)).statusCode).toBe(200);
  });

  it('catches a burst sent in parallel before its failures are written', async () => {
    const ip = '198.51.100.40';
    const email = await signUpFrom('192.0.2.40');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signInFrom(ip, email, `Rajada${i}senha!`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(SIGN_IN_PROTECTION.accountFreeFailures);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30 - SIGN_IN_PROTECTION.accountFreeFailures);
  });
});

describe('successful sign-ins', () => {
  it('never count, toward the address nor the account', async () => {
    const ip = '198.51.100.50';
    const email = await signUpFrom('192.0.2.50');
    const successes: number[] = [];
    for (let i = 0; i < SIGN_IN_PROTECTION.addressFailures + 5; i++) successes.push((await signInFrom(ip, email, PASSWORD)).statusCode);
    expect(successes.every((c) => c === 200)).toBe(true);
    const failures: number[] = [];
    for (let i = 0; i < SIGN_IN_PROTECTION.accountFreeFailures - 1; i++) failures.push((await signInFrom(ip, email, 'Errada123!')).statusCode);
    expect(failures.every((c) => c === 401)).toBe(true);
    expect((await signInFrom(ip, email, PASSWORD)).statusCode).toBe(200);
  });
});
