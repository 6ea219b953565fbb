import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_CREATION_MESSAGES } from '@viabiliza/contracts/auth';
import { ACCOUNT_CREATION_BUDGET } from '@viabiliza/contracts/rate-limits';
import { accountCreations } from '@viabiliza/db/schema';
import { createTestApp, createTestDatabase, PASSWORD, startInstance, uniqueEmail, usingPostgres, type ListeningApp, type TestApp } from '../../../test/helper.ts';
import { clientNetwork } from './client-network.ts';

const signUpFrom = (app: TestApp, remoteAddress: string, email = uniqueEmail('orcamento')) =>
  app.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { fullName: 'Pessoa de Teste', email, password: PASSWORD }, remoteAddress });

describe('client networks', () => {
  it('takes the /24 of an IPv4 address (mapped or not), and the /64 and /56 of an IPv6 one', () => {
    expect(clientNetwork('203.0.113.77')).toEqual({ address: '203.0.113.77', network: '203.0.113.0/24' });
    expect(clientNetwork('::ffff:203.0.113.77')).toEqual({ address: '203.0.113.77', network: '203.0.113.0/24' });
    expect(clientNetwork('2001:db8:abcd:12ff:1:2:3:4')).toEqual({ address: '2001:db8:abcd:12ff::/64', network: '2001:db8:abcd:1200::/56' });
    // A privacy address and a neighbour in the same /56 share the network.
    expect(clientNetwork('2001:DB8:ABCD:1234::9').network).toBe('2001:db8:abcd:1200::/56');
    expect(clientNetwork('2001:db8::1').network).toBe('2001:db8:0:0::/56');
    expect(clientNetwork('::1')).toEqual({ address: '0:0:0:0::/64', network: '0:0:0:0::/56' });
    expect(clientNetwork('64:ff9b::203.0.113.5').address).toBe('64:ff9b:0:0::/64');
  });
});

describe('account creations are budgeted per person, not per e-mail (default budget)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The real budget: the test helper raises it for every other file.
    t = await createTestApp({ accountCreationBudget: undefined });
  }, 120_000);
  afterAll(async () => t?.close());

  it(`creates ${ACCOUNT_CREATION_BUDGET.address.perHour} accounts an hour from one address, then 429 with Retry-After for sign-ups and demos alike`, async () => {
    const from = '203.0.113.10';
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_CREATION_BUDGET.address.perHour; i++) codes.push((await signUpFrom(t, from)).statusCode);
    expect(codes).toEqual(Array(ACCOUNT_CREATION_BUDGET.address.perHour).fill(201));

    const refused = await signUpFrom(t, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: ACCOUNT_CREATION_MESSAGES.addressLimit });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_000);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    // A demo sandbox is an account too.
    const demo = await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: from });
    expect(demo.statusCode).toBe(429);
    expect(demo.headers['retry-after']).toBeDefined();
    expect(demo.json().error.message).toBe(ACCOUNT_CREATION_MESSAGES.addressLimit);

    // Someone at another address is not held back.
    expect((await signUpFrom(t, '198.51.100.20')).statusCode).toBe(201);
  }, 90_000);

  it('counts neighbours in the same /24 against the network budget', async () => {
    const { network } = clientNetwork('192.0.2.1');
    // Earlier this hour, a script rotated through the /24: one account per address.
    await t.database.db.insert(accountCreations).values(
      Array.from({ length: ACCOUNT_CREATION_BUDGET.network.perHour - 1 }, (_, i) => ({ ipAddress: `192.0.2.${100 + i}`, network, kind: 'signup' })),
    );
    expect((await signUpFrom(t, '192.0.2.1')).statusCode).toBe(201);
    const neighbour = await signUpFrom(t, '192.0.2.2');
    expect(neighbour.statusCode).toBe(429);
    expect(neighbour.json().error.message).toBe(ACCOUNT_CREATION_MESSAGES.networkLimit);
    expect(Number(neighbour.headers['retry-after'])).toBeGreaterThan(0);
    // The next /24 is another network.
    expect((await signUpFrom(t, '192.0.3.2')).statusCode).toBe(201);
  }, 60_000);

  it('counts accounts, not forms: a refused sign-up gives its place back', async () => {
    const from = '198.51.100.30';
    const email = uniqueEmail('repetido');
    expect((await signUpFrom(t, from, email)).statusCode).toBe(201);
    // (Under the spec's 5 attempts per address and e-mail.)
    for (let i = 0; i < 3; i++) expect((await signUpFrom(t, from, email)).statusCode).toBe(409);
    const rows = await t.database.db.select().from(accountCreations).where(eq(accountCreations.ipAddress, from));
    expect(rows).toHaveLength(1);
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_CREATION_BUDGET.address.perHour; i++) codes.push((await signUpFrom(t, from)).statusCode);
    expect(codes).toEqual([...Array(ACCOUNT_CREATION_BUDGET.address.perHour - 1).fill(201), 429]);
  }, 90_000);
});

describe.skipIf(!usingPostgres)('on PostgreSQL, every instance shares the budget', () => {
  const instances: ListeningApp[] = [];
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const store = await createTestDatabase();
    drop = store.drop;
    // One after the other: migrations run under the startup lock anyway.
    for (let i = 0; i < 2; i++) instances.push(await startInstance(store.url!, { accountCreationBudget: undefined }));
  }, 120_000);
  afterAll(async () => {
    for (const i of instances) await i.close();
    await drop();
  });

  it('refuses the 6th account from one address whichever instance the 5 went through', async () => {
    const signUp = (base: string) =>
      fetch(`${base}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ fullName: 'Pessoa de Teste', email: uniqueEmail('instancias'), password: PASSWORD }),
      });
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_CREATION_BUDGET.address.perHour; i++) codes.push((await signUp(instances[i % 2]!.base)).status);
    expect(codes).toEqual(Array(ACCOUNT_CREATION_BUDGET.address.perHour).fill(201));
    for (const instance of instances) {
      const refused = await signUp(instance.base);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    }
  }, 120_000);
});
