import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES, type ProviderInfo } from '@viabiliza/contracts/analysis';
import { ENGINE_VERSION } from '@viabiliza/engine/analyze';
import { STATUS_MESSAGES } from '@viabiliza/contracts/errors';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import type { AiConfig } from './ai-config.ts';
import { MODELS, SAMPLE_TEXT, USAGE, loopbackConfig, recordingSleep, startLoopbacks, type LoopbackLlm } from './loopback-llm.test-support.ts';
import type { LlmProviderId } from './provider-registry.ts';

let t: TestApp;
let servers: Record<LlmProviderId, LoopbackLlm>;
let delays: number[];

beforeAll(async () => {
  servers = await startLoopbacks();
  t = await createTestApp({ ai: loopbackConfig(servers) });
});
afterAll(async () => {
  await t?.close();
  await Promise.all(Object.values(servers ?? {}).map((s) => s.close()));
});
beforeEach(() => {
  for (const s of Object.values(servers)) s.reset();
  setAi();
});

/** Every provider on its loopback server, with a sleep that records instead of waiting. */
function setAi(overrides: Partial<AiConfig> = {}) {
  const rec = recordingSleep();
  delays = rec.delays;
  t.runtime.ctx.config.ai = loopbackConfig(servers, { sleep: rec.sleep, ...overrides });
}

const analyse = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/secure-analysis', headers: cookie ? { cookie } : {}, payload });

const fourTimes = <T>(answer: T) => [answer, answer, answer, answer];

describe('GET /api/ai/providers', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/ai/providers' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: STATUS_MESSAGES[401] } });
  });

  it('lists every provider by priority with whether it is configured', async () => {
    const { cookie } = await signUp(t);
    setAi({ huggingface: undefined });
    const res = await t.app.inject({ url: '/api/ai/providers', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().providers).toEqual([
      { id: 'gemini', name: 'Gemini', configured: true, priority: 1 },
      { id: 'openai', name: 'OpenAI', configured: true, priority: 2 },
      { id: 'huggingface', name: 'Hugging Face', configured: false, priority: 3 },
      { id: 'openai-compatible', name: 'Servidor compatível com OpenAI', configured: true, priority: 4 },
      { id: 'local', name: 'Motor Viabiliza', configured: true, priority: 5 },
    ] satisfies ProviderInfo[]);
  });

  it('without any key only the engine is configured', async () => {
    const { cookie } = await signUp(t);
    t.runtime.ctx.config.ai = undefined;
    const res = await t.app.inject({ url: '/api/ai/providers', headers: { cookie } });
    expect(res.json().providers.filter((p: ProviderInfo) => p.configured).map((p: ProviderInfo) => p.id)).toEqual(['local']);
  });
});

describe('POST /api/secure-analysis', () => {
  it('needs a session', async () => {
    const res = await analyse(undefined, { provider: 'local', text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: STATUS_MESSAGES[401] } });
  });

  it("'local': the engine analyses the text and writes the report", async () => {
    const { cookie } = await signUp(t);
    const res = await analyse(cookie, { provider: 'local', text: SAMPLE_TEXT, analysisType: 'tipo-desconhecido' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'local', tokens_used: 0, model: `viabiliza-engine@${ENGINE_VERSION}` });
    // An unknown type runs as 'complete'; the area comes from the text, as a document.
    expect(body.content).toMatch(/^# Completa - /);
    expect(body.content).toContain('80,00 m²');
    expect(body.content).toContain('texto enviado, p. 1');
    for (const s of Object.values(servers)) expect(s.requests).toHaveLength(0);
  });

  it.each(Object.keys(MODELS) as LlmProviderId[])('%s writes the narrative around the engine report; tokens and model recorded', async (id) => {
    const { cookie } = await signUp(t);
    const res = await analyse(cookie, { provider: id, text: SAMPLE_TEXT, analysisType: 'legal' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: id, tokens_used: USAGE.total, model: MODELS[id] });
    expect(body.content).toMatch(/^# Jurídica - /);
    expect(body.content).toContain('## Resumo executivo\n\nO imóvel analisado tem pontuação informada pelo motor');
    expect(body.content).toContain('## Conclusão\n\nRecomenda-se completar a documentação antes de decidir.');
    // The tables are the engine's, verbatim.
    expect(body.content).toContain('| Documento |');
    expect(servers[id].requests).toHaveLength(1);
    expect(JSON.stringify(servers[id].requests[0]!.body)).toContain('Rua das Flores');
  });

  it('without a provider the built-in engine answers (the default is local, always present)', async () => {
    const { cookie } = await signUp(t);
    const res = await analyse(cookie, { text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'local', tokens_used: 0 });
    expect(res.json().model).toMatch(/^viabiliza-engine@/);
  });

  it('honours Retry-After given as an HTTP date, then answers', async () => {
    const { cookie } = await signUp(t);
    servers.gemini.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': new Date(Date.now() + 5000).toUTCString() } });
    const res = await analyse(cookie, { provider: 'gemini', text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(res.statusCode).toBe(200);
    expect(servers.gemini.requests).toHaveLength(2);
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThan(3000);
    expect(delays[0]).toBeLessThanOrEqual(5000);
  });

  it("still rate limited after 3 retries: 429 with the spec's message", async () => {
    const { cookie } = await signUp(t);
    servers.openai.enqueue(...fourTimes({ kind: 'error' as const, status: 429, headers: { 'retry-after': '1' } }));
    const res = await analyse(cookie, { provider: 'openai', text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded. Please try again later.' } });
    expect(servers.openai.requests).toHaveLength(4);
    expect(delays).toEqual([1000, 1000, 1000]);
  });

  it('a provider failing with 500 four times is a 502; no other provider is tried', async () => {
    const { cookie } = await signUp(t);
    servers.huggingface.enqueue(...fourTimes({ kind: 'error' as const, status: 500, message: 'segredo interno' }));
    const res = await analyse(cookie, { provider: 'huggingface', text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'O provedor Hugging Face está indisponível (HTTP 500). Tente novamente mais tarde.' } });
    expect(servers.huggingface.requests).toHaveLength(4);
    expect(servers['openai-compatible'].requests).toHaveLength(0);
    expect(delays).toEqual([2000, 4000, 8000]);
  });

  it('a provider that never answers ends in 504 with the timeout message', async () => {
    const { cookie } = await signUp(t);
    // Long enough for each request to reach the loopback server on a loaded machine (at 60 ms some
    // attempts timed out before the server saw them), short enough to keep the test quick.
    setAi({ timeoutMs: 400 });
    servers['openai-compatible'].enqueue(...fourTimes({ kind: 'hang' as const }));
    const res = await analyse(cookie, { provider: 'openai-compatible', text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: PROVIDER_MESSAGES.timeout } });
    expect(servers['openai-compatible'].requests).toHaveLength(4);
  });

  it("empty content is a 502 'Invalid response from secure analysis service'", async () => {
    const { cookie } = await signUp(t);
    servers.gemini.enqueue({ kind: 'text', text: '' });
    const res = await analyse(cookie, { provider: 'gemini', text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Invalid response from secure analysis service' } });
    expect(servers.gemini.requests).toHaveLength(1);
  });

  it('refuses a provider that is not configured or unknown', async () => {
    const { cookie } = await signUp(t);
    setAi({ huggingface: undefined });
    const res = await analyse(cookie, { provider: 'huggingface', text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION', message: 'Provedor Hugging Face não está configurado' } });
    const unknown = await analyse(cookie, { provider: 'anthropic', text: SAMPLE_TEXT, analysisType: 'complete' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Provedor anthropic não está configurado');
  });

  it('validates the body with the shared schema', async () => {
    const { cookie } = await signUp(t);
    const res = await analyse(cookie, { provider: 'local', text: '', analysisType: 'complete' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('allows 10 analyses a minute per user; the 11th is refused with 429', async () => {
    const { cookie } = await signUp(t);
    for (let i = 0; i < 10; i++) {
      const res = await analyse(cookie, { provider: 'local', text: SAMPLE_TEXT, analysisType: 'quick' });
      expect(res.statusCode).toBe(200);
    }
    const res = await analyse(cookie, { provider: 'local', text: SAMPLE_TEXT, analysisType: 'quick' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: STATUS_MESSAGES[429] } });
    // Another person still has a budget of their own.
    const other = await signUp(t);
    expect((await analyse(other.cookie, { provider: 'local', text: SAMPLE_TEXT, analysisType: 'quick' })).statusCode).toBe(200);
  });

  it('is documented in /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const spec = res.json();
    const op = spec.paths['/api/secure-analysis'].post;
    expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty('analysisType');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429', '502', '504']));
    expect(spec.paths['/api/ai/providers'].get).toBeDefined();
  });
});
