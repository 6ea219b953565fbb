import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNT_CREATION_MESSAGES } from '@viabiliza/contracts/auth';
import { createTestApp, eventually, PASSWORD, signUp, uniqueEmail, type TestApp } from '../../../test/helper.ts';

/**
 * Better Auth's scrypt behind a gate the test holds shut: the hash that got a slot stays in it, so
 * who waits where is fixed while requests arrive. `started` is the order in which calls got a slot.
 */
const gate = vi.hoisted(() => {
  const state = { held: false, started: [] as string[], parked: [] as Array<() => void> };
  return {
    state,
    pass: async (kind: string) => {
      state.started.push(kind);
      if (state.held) await new Promise<void>((resolve) => state.parked.push(resolve));
    },
    open: () => {
      state.held = false;
      for (const resolve of state.parked.splice(0)) resolve();
    },
  };
});
vi.mock('better-auth/crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('better-auth/crypto')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      await gate.pass('hash');
      return real.hashPassword(password);
    },
    verifyPassword: async (input: { hash: string; password: string }) => {
      await gate.pass('verify');
      return real.verifyPassword(input);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  // One slot, and at most 2 sign-up hashes waiting for it.
  t = await createTestApp({ passwordHashConcurrency: 1, newPasswordHashQueueMax: 2 });
}, 120_000);
afterAll(async () => {
  gate.open();
  await t?.close();
});

describe('password hashing under a burst of sign-ups', () => {
  it('lets a sign-in through ahead of the waiting sign-ups, and answers the overflow 429 with Retry-After', async () => {
    const person = await signUp(t);
    const queues = () => t.runtime.ctx.passwordHashing.queues();
    gate.state.started.length = 0;
    gate.state.held = true;

    const answered: string[] = [];
    const signUps = Array.from({ length: 5 }, (_, i) =>
      t.app
        .inject({ method: 'POST', url: '/api/auth/sign-up', payload: { fullName: 'Pessoa da Rajada', email: uniqueEmail('rajada'), password: PASSWORD }, remoteAddress: `192.0.2.${i + 1}` })
        .then((res) => {
          answered.push(`sign-up ${res.statusCode}`);
          return res;
        }),
    );
    // One sign-up holds the slot, two wait, two are turned away at once.
    await eventually(async () => answered.length === 2 && queues().running === 1 && queues().waitingNew === 2);
    expect(answered).toEqual(['sign-up 429', 'sign-up 429']);

    const signIn = t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: person.email, password: PASSWORD }, remoteAddress: '192.0.2.50' });
    await eventually(async () => queues().waitingChecks === 1);
    expect(queues()).toEqual({ running: 1, waitingChecks: 1, waitingNew: 2 });

    gate.open();
    const [signInRes, ...signUpRes] = await Promise.all([signIn, ...signUps]);
    // The sign-in took the first slot freed: it waited for the hash already running, not for the queue.
    expect(gate.state.started).toEqual(['hash', 'verify', 'hash', 'hash']);
    expect(signInRes.statusCode).toBe(200);
    const byStatus = (code: number) => signUpRes.filter((r: LightMyRequestResponse) => r.statusCode === code);
    expect(byStatus(201)).toHaveLength(3);
    expect(byStatus(429)).toHaveLength(2);
    for (const refused of byStatus(429)) {
      expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: ACCOUNT_CREATION_MESSAGES.busy });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);
});
