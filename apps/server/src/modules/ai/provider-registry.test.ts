import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { aiConfigFromEnv, type AiConfig } from './ai-config.ts';
import { fallbackChain, listProviders, resolveProviderId } from './provider-registry.ts';

const hosted = { apiKey: 'k', model: 'm' };
const all: AiConfig = {
  timeoutMs: 1000,
  gemini: hosted,
  openai: hosted,
  huggingface: hosted,
  openaiCompatible: { baseURL: 'http://127.0.0.1:11434/v1', model: 'llama' },
};
const ctx = (ai?: AiConfig) => ({ config: { ai } });

describe('provider registry', () => {
  it('a provider is configured by its key, the compatible server by its URL; the engine always', () => {
    const config = aiConfigFromEnv(loadEnv({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_COMPATIBLE_MODEL: 'llama3.1' }));
    expect(listProviders(config).map((p) => [p.id, p.configured])).toEqual([
      ['gemini', false],
      ['openai', true],
      ['huggingface', false],
      ['openai-compatible', true],
      ['local', true],
    ]);
    expect(config.openai).toEqual({ apiKey: 'sk-x', model: 'gpt-4.1-mini' });
    expect(config.openaiCompatible).toEqual({ baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3.1' });
    expect(config.timeoutMs).toBe(60_000);
  });

  it('reads the models, base URLs and timeout from the environment', () => {
    const config = aiConfigFromEnv(
      loadEnv({
        GEMINI_API_KEY: 'g',
        GEMINI_MODEL: 'gemini-x',
        GEMINI_BASE_URL: 'http://127.0.0.1:1/v1beta',
        HF_TOKEN: 'hf',
        HF_BASE_URL: 'http://127.0.0.1:2/v1',
        AI_TIMEOUT_MS: '1500',
      }),
    );
    expect(config.gemini).toEqual({ apiKey: 'g', model: 'gemini-x', baseURL: 'http://127.0.0.1:1/v1beta' });
    expect(config.huggingface).toEqual({ apiKey: 'hf', model: 'meta-llama/Llama-3.3-70B-Instruct', baseURL: 'http://127.0.0.1:2/v1' });
    expect(config.timeoutMs).toBe(1500);
  });

  it("defaults to the engine and refuses what is unknown or not configured", () => {
    expect(resolveProviderId(ctx(), undefined)).toBe('local');
    expect(resolveProviderId(ctx(), '')).toBe('local');
    expect(resolveProviderId(ctx(all), 'gemini')).toBe('gemini');
    expect(() => resolveProviderId(ctx(), 'gemini')).toThrow('Provedor Gemini não está configurado');
    expect(() => resolveProviderId(ctx(all), 'claude')).toThrow('Provedor claude não está configurado');
    expect(() => resolveProviderId(ctx(all), 'toString')).toThrow('não está configurado');
  });

  it('falls back down the priority list among configured providers, ending with the engine', () => {
    expect(fallbackChain(all, 'gemini')).toEqual(['gemini', 'openai', 'huggingface', 'openai-compatible', 'local']);
    expect(fallbackChain(all, 'huggingface')).toEqual(['huggingface', 'openai-compatible', 'local']);
    expect(fallbackChain({ ...all, openai: undefined, huggingface: undefined }, 'gemini')).toEqual(['gemini', 'openai-compatible', 'local']);
    expect(fallbackChain(all, 'local')).toEqual(['local']);
    expect(fallbackChain({ timeoutMs: 1 }, 'openai')).toEqual(['local']);
  });
});
