import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES } from '@viabiliza/contracts/analysis';
import { ENGINE_VERSION, runEngine } from '@viabiliza/engine/analyze';
import { defaultNarrative } from '@viabiliza/engine/report';
import type { AiConfig } from './ai-config.ts';
import {
  KEYS,
  MODELS,
  NARRATIVE_REPLY,
  SAMPLE_TEXT,
  USAGE,
  loopbackConfig,
  recordingSleep,
  startLoopbacks,
  type LoopbackLlm,
} from './loopback-llm.test-support.ts';
import { DOCUMENTS_TEXT_LIMIT, engineFacts, narrativePrompt, parseNarrative, writeNarrative } from './narrative.service.ts';
import type { LlmProviderId } from './provider-registry.ts';
import { ProviderCallError } from './retry.ts';
import { engineInputForText } from './secure-analysis.service.ts';

const engine = runEngine(engineInputForText(SAMPLE_TEXT, 'complete', new Date('2026-01-15T12:00:00Z')));
const request = (providerId: string, signal?: AbortSignal) => ({
  providerId,
  analysisType: 'complete',
  result: engine.result,
  engineMarkdown: engine.markdown,
  documentsText: SAMPLE_TEXT,
  signal,
});

let servers: Record<LlmProviderId, LoopbackLlm>;
let delays: number[];
let config: AiConfig;
const ctxWith = (overrides: Partial<AiConfig> = {}) => ({ config: { ai: { ...config, ...overrides } } });

beforeAll(async () => {
  servers = await startLoopbacks();
});
afterAll(async () => {
  await Promise.all(Object.values(servers ?? {}).map((s) => s.close()));
});
beforeEach(() => {
  for (const s of Object.values(servers)) s.reset();
  const rec = recordingSleep();
  delays = rec.delays;
  config = loopbackConfig(servers, { sleep: rec.sleep });
});

describe('parseNarrative', () => {
  it('takes the two sections under their exact headings', () => {
    expect(parseNarrative(NARRATIVE_REPLY)).toEqual({
      summary: 'O imóvel analisado tem pontuação informada pelo motor e documentação a completar.',
      conclusion: 'Recomenda-se completar a documentação antes de decidir.',
    });
  });

  it('accepts the accented heading, a code fence, any order and text before the first heading', () => {
    const text = '```markdown\nClaro! Segue:\n## **Conclusão**\nFim.\n\n### Resumo:\nInício.\n```';
    expect(parseNarrative(text)).toEqual({ summary: 'Início.', conclusion: 'Fim.' });
  });

  it('accepts bold or bare headings on their own line, but not the word inside a sentence', () => {
    expect(parseNarrative('**Resumo:**\nInício.\n\nCONCLUSAO\nFim.')).toEqual({ summary: 'Início.', conclusion: 'Fim.' });
    expect(parseNarrative('### RESUMO\nO resumo da conclusão é este.\n### CONCLUSAO\nFim.').summary).toBe('O resumo da conclusão é este.');
  });

  it('accepts spaces around every part of a heading', () => {
    expect(parseNarrative('  ## \t** Resumo ** :\nInício.\n\t\tConclusão : \nFim.')).toEqual({ summary: 'Início.', conclusion: 'Fim.' });
    expect(parseNarrative('    # RESUMO\nx\n### RESUMO\nInício.\n### CONCLUSAO\nFim.').summary).toBe('Início.');
  });

  // The former heading expression let four runs of spaces trade characters: polynomial on a long line.
  it('reads a line of 200 000 spaces after a heading word in linear time', () => {
    const out = parseNarrative(`### RESUMO\nInício.\nRESUMO${' \t'.repeat(100_000)}x\n### CONCLUSAO\nFim.`);
    expect(out.summary.startsWith('Início.\nRESUMO')).toBe(true);
    expect(out.conclusion).toBe('Fim.');
  });

  it('turns headings inside a section into plain lines', () => {
    const out = parseNarrative('### RESUMO\n## Detalhes\nTexto.\n### CONCLUSAO\nFim.');
    expect(out.summary).toBe('Detalhes\nTexto.');
  });

  it.each([
    ['no headings', 'Uma análise sem as seções pedidas.'],
    ['only the summary', '### RESUMO\nTexto.'],
    ['an empty conclusion', '### RESUMO\nTexto.\n### CONCLUSAO\n   \n'],
    ['nothing', ''],
  ])('refuses %s with the invalid-response message', (_, text) => {
    expect(() => parseNarrative(text)).toThrow(PROVIDER_MESSAGES.invalidResponse);
    expect(() => parseNarrative(text)).toThrow(ProviderCallError);
  });
});

describe('narrativePrompt', () => {
  it("lists the engine's figures as the report prints them", () => {
    const facts = engineFacts(engine.result);
    expect(facts).toContain('Pontuação de viabilidade: ');
    expect(facts).toContain('/10 (');
    expect(facts).toContain('Área útil / privativa: 80,00 m²');
    expect(facts).toContain('Jurídico:');
  });

  it("shows at most 12 000 characters of the documents' text", () => {
    const long = `${'a'.repeat(DOCUMENTS_TEXT_LIMIT)}FIM-DO-LIMITE${'b'.repeat(5000)}`;
    const prompt = narrativePrompt({ analysisType: 'complete', result: engine.result, documentsText: long });
    expect(prompt).toContain('FIGURAS DO MOTOR');
    expect(prompt).toContain('a'.repeat(1000));
    expect(prompt).not.toContain('FIM-DO-LIMITE');
    expect(prompt).toContain('[… texto truncado]');
  });
});

describe('writeNarrative', () => {
  const expectedHeaders: Record<LlmProviderId, Record<string, string | undefined>> = {
    gemini: { 'x-goog-api-key': KEYS.gemini },
    openai: { authorization: `Bearer ${KEYS.openai}` },
    huggingface: { authorization: `Bearer ${KEYS.huggingface}` },
    'openai-compatible': { authorization: undefined },
  };

  it.each(Object.keys(MODELS) as LlmProviderId[])('%s writes the narrative through its own protocol; tokens and model are recorded', async (id) => {
    const out = await writeNarrative(ctxWith(), request(id));
    expect(out).toMatchObject({ provider: id, model: MODELS[id], tokensUsed: USAGE.total, attempts: [] });
    expect(out.narrative).toEqual(parseNarrative(NARRATIVE_REPLY));

    const server = servers[id];
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.path).toBe(server.expectedPath(MODELS[id]));
    for (const [name, value] of Object.entries(expectedHeaders[id])) expect(sent.headers[name]).toBe(value);
    const body = JSON.stringify(sent.body);
    expect(body).toContain('FIGURAS DO MOTOR');
    expect(body).toContain('80,00 m²');
    expect(body).toContain('### CONCLUSAO');
    expect(body).toContain('Rua das Flores');
    // The other providers were not called.
    for (const other of Object.values(servers)) if (other !== server) expect(other.requests).toHaveLength(0);
  });

  it('records the model the provider answered with', async () => {
    servers.openai.enqueue({ kind: 'text', text: NARRATIVE_REPLY, model: 'gpt-teste-mini-2026-01-01' });
    const out = await writeNarrative(ctxWith(), request('openai'));
    expect(out.model).toBe('gpt-teste-mini-2026-01-01');
  });

  it('waits what Retry-After says after a 429, then succeeds', async () => {
    servers.openai.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': '3' } });
    const out = await writeNarrative(ctxWith(), request('openai'));
    expect(out).toMatchObject({ provider: 'openai', tokensUsed: USAGE.total, attempts: [] });
    expect(servers.openai.requests).toHaveLength(2);
    expect(delays).toEqual([3000]);
  });

  it('after 4 answers of 500 falls back to the next configured provider', async () => {
    servers.gemini.enqueue(...Array.from({ length: 4 }, () => ({ kind: 'error' as const, status: 500 })));
    const out = await writeNarrative(ctxWith(), request('gemini'));
    expect(out.provider).toBe('openai');
    expect(out.attempts).toEqual([{ provider: 'gemini', error: expect.stringContaining('HTTP 500') }]);
    expect(servers.gemini.requests).toHaveLength(4);
    expect(servers.openai.requests).toHaveLength(1);
    expect(delays).toEqual([2000, 4000, 8000]);
  });

  it('skips providers that are not configured and ends with the engine when every LLM fails', async () => {
    servers.huggingface.enqueue(...Array.from({ length: 4 }, () => ({ kind: 'error' as const, status: 503 })));
    servers['openai-compatible'].enqueue(...Array.from({ length: 4 }, () => ({ kind: 'error' as const, status: 502 })));
    const out = await writeNarrative(ctxWith({ gemini: undefined, openai: undefined }), request('huggingface'));
    expect(out).toMatchObject({ provider: 'local', model: `viabiliza-engine@${ENGINE_VERSION}`, tokensUsed: 0 });
    expect(out.narrative).toEqual(defaultNarrative(engine.result));
    expect(out.attempts.map((a) => a.provider)).toEqual(['huggingface', 'openai-compatible']);
    expect(servers.gemini.requests).toHaveLength(0);
    expect(servers.openai.requests).toHaveLength(0);
  });

  it('gives up on a provider that never answers with the timeout message', async () => {
    servers['openai-compatible'].enqueue(...Array.from({ length: 4 }, () => ({ kind: 'hang' as const })));
    const started = performance.now();
    const out = await writeNarrative(ctxWith({ timeoutMs: 80 }), request('openai-compatible'));
    expect(out.provider).toBe('local');
    expect(out.attempts).toEqual([{ provider: 'openai-compatible', error: PROVIDER_MESSAGES.timeout }]);
    expect(servers['openai-compatible'].requests).toHaveLength(4);
    expect(delays).toEqual([2000, 4000, 8000]);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it.each([
    ['empty content', ''],
    ['content without the two sections', 'Segue uma análise livre, sem seções.'],
  ])('%s is an invalid response, not retried', async (_, text) => {
    servers.huggingface.enqueue({ kind: 'text', text });
    const out = await writeNarrative(ctxWith(), request('huggingface'));
    expect(out.provider).toBe('openai-compatible');
    expect(out.attempts).toEqual([{ provider: 'huggingface', error: PROVIDER_MESSAGES.invalidResponse }]);
    expect(servers.huggingface.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('does not retry a refused key (401)', async () => {
    servers.openai.enqueue({ kind: 'error', status: 401, message: 'Incorrect API key' });
    const out = await writeNarrative(ctxWith(), request('openai'));
    expect(out.provider).toBe('huggingface');
    expect(out.attempts).toEqual([{ provider: 'openai', error: expect.stringContaining('HTTP 401') }]);
    expect(servers.openai.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('retries a connection that is refused, then falls back', async () => {
    const closed = await startLoopbacks();
    const url = closed.openai.baseURL;
    await Promise.all(Object.values(closed).map((s) => s.close()));
    const out = await writeNarrative(ctxWith({ openai: { apiKey: KEYS.openai, model: MODELS.openai, baseURL: url } }), request('openai'));
    expect(out.provider).toBe('huggingface');
    expect(out.attempts[0]).toMatchObject({ provider: 'openai', error: expect.stringContaining('Falha de rede') });
    expect(delays).toEqual([2000, 4000, 8000]);
  });

  it('a provider asked for but not configured is noted and the chain goes on below it', async () => {
    const out = await writeNarrative(ctxWith({ openai: undefined }), request('openai'));
    expect(out.provider).toBe('huggingface');
    expect(out.attempts).toEqual([{ provider: 'openai', error: PROVIDER_MESSAGES.notConfigured('OpenAI') }]);
  });

  it("the engine writes when 'local' is asked, calling nobody", async () => {
    const out = await writeNarrative(ctxWith(), request('local'));
    expect(out).toEqual({ narrative: defaultNarrative(engine.result), provider: 'local', model: `viabiliza-engine@${ENGINE_VERSION}`, tokensUsed: 0, attempts: [] });
    for (const s of Object.values(servers)) expect(s.requests).toHaveLength(0);
  });

  it('a context without AI settings has only the engine', async () => {
    const out = await writeNarrative({ config: {} }, request('local'));
    expect(out.provider).toBe('local');
  });

  it('stops without falling back when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(writeNarrative(ctxWith(), request('openai', controller.signal))).rejects.toThrow();
  });
});
