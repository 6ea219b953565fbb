import type { Env } from '../../config/env.ts';
import type { Sleep } from './retry.ts';

/** One hosted provider: its key, its model and, for proxies and tests, another base URL. */
export interface HostedProviderConfig {
  apiKey: string;
  model: string;
  baseURL?: string;
}

/** What the AI providers need from the environment. An absent entry is a provider not configured. */
export interface AiConfig {
  /** Each call to a provider is abandoned after this long (AI_TIMEOUT_MS). */
  timeoutMs: number;
  gemini?: HostedProviderConfig;
  openai?: HostedProviderConfig;
  huggingface?: HostedProviderConfig;
  /** Ollama, vLLM or any server speaking OpenAI's chat completions (OPENAI_BASE_URL). */
  openaiCompatible?: { baseURL: string; model: string; apiKey?: string };
  /** Waits between retries; tests pass one that records the delay instead of waiting. */
  sleep?: Sleep;
}

/** Only the engine: what a server without any AI variable (and every test by default) runs with. */
export const LOCAL_ONLY: AiConfig = { timeoutMs: 60_000 };

export function aiConfigFromEnv(env: Env): AiConfig {
  const hosted = (apiKey: string | undefined, model: string, baseURL: string | undefined) =>
    apiKey ? { apiKey, model, ...(baseURL ? { baseURL } : {}) } : undefined;
  return {
    timeoutMs: env.AI_TIMEOUT_MS,
    gemini: hosted(env.GEMINI_API_KEY, env.GEMINI_MODEL, env.GEMINI_BASE_URL),
    openai: hosted(env.OPENAI_API_KEY, env.OPENAI_MODEL, env.OPENAI_API_BASE_URL),
    huggingface: hosted(env.HF_TOKEN, env.HF_MODEL, env.HF_BASE_URL),
    openaiCompatible:
      env.OPENAI_BASE_URL && env.OPENAI_COMPATIBLE_MODEL
        ? {
            baseURL: env.OPENAI_BASE_URL,
            model: env.OPENAI_COMPATIBLE_MODEL,
            ...(env.OPENAI_COMPATIBLE_API_KEY ? { apiKey: env.OPENAI_COMPATIBLE_API_KEY } : {}),
          }
        : undefined,
  };
}
