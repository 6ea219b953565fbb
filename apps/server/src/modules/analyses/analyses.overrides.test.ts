import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, signUp, type TestApp } from '../../../test/helper.ts';

/** Overrides are bounded per assumption (issue 17, item 7): a price fall is a valid stress test. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const QUESTIONNAIRE = {
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '70',
  targetValue: '850.000,00',
  monthlyRent: '3.500',
  mainObjective: 'investimento',
};

const post = (cookie: string, body: unknown) => t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: body as object, headers: { cookie } });
const getJson = async (cookie: string, url: string) => (await t.app.inject({ url, headers: { cookie } })).json();

describe('POST /api/analyses/runs with bounded overrides', () => {
  it('accepts a negative appreciation and uses it', async () => {
    const { cookie } = await signUp(t);
    const res = await post(cookie, { analysisType: 'financial', questionnaire: QUESTIONNAIRE, overrides: { appreciationAnnual: -0.1 } });
    expect(res.statusCode).toBe(202);
    const run = await eventually(async () => {
      const { run } = await getJson(cookie, `/api/analyses/runs/${res.json().run.id}`);
      return run.status === 'completed' || run.status === 'failed' ? run : null;
    }, 30_000);
    expect(run.status).toBe('completed');
    const { analysis } = await getJson(cookie, `/api/analyses/${run.analysisId}`);
    const used = analysis.result.assumptions.find((a: { id: string }) => a.id === 'appreciationAnnual');
    expect(used).toMatchObject({ value: -0.1, overridden: true });
    // 850.000 × 0,9^10 = 296.370,67: the exit value follows the fall.
    expect(analysis.result.financial.exitValue.value).toBeCloseTo(850000 * 0.9 ** 10, 0);
    expect(analysis.result.stress.scenarios.length).toBe(6);
  });

  it('refuses an override out of its bounds with a 400 in Portuguese', async () => {
    const { cookie } = await signUp(t);
    const res = await post(cookie, { analysisType: 'financial', questionnaire: QUESTIONNAIRE, overrides: { appreciationAnnual: -0.95 } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('fora dos limites');
    const vacancy = await post(cookie, { analysisType: 'financial', questionnaire: QUESTIONNAIRE, overrides: { vacancyRate: 2 } });
    expect(vacancy.statusCode).toBe(400);
  });
});
