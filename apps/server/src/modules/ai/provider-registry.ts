import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createHuggingFace } from '@ai-sdk/huggingface';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { PROVIDER_MESSAGES, PROVIDER_NAMES, type ProviderInfo } from '@viabiliza/contracts/analysis';
import { AppError } from '../../lib/app-error.ts';
import { LOCAL_ONLY, type AiConfig } from './ai-config.ts';

/** Every provider with its priority (1 is tried first); the engine is last and never fails. */
export const PROVIDER_PRIORITY = {
  gemini: 1,
  openai: 2,
  huggingface: 3,
  'openai-compatible': 4,
  local: 5,
} as const;
export type ProviderId = keyof typeof PROVIDER_PRIORITY;
export type LlmProviderId = Exclude<ProviderId, 'local'>;

export const DEFAULT_PROVIDER: ProviderId = 'local';
const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const byPriority = (Object.keys(PROVIDER_PRIORITY) as ProviderId[]).sort((a, b) => PROVIDER_PRIORITY[a] - PROVIDER_PRIORITY[b]);

export function isProviderId(id: string): id is ProviderId {
  return Object.hasOwn(PROVIDER_PRIORITY, id);
}

export function providerName(id: string): string {
  return PROVIDER_NAMES[id] ?? id;
}

/** The AI settings of a context; a context built without them has only the engine. */
export function aiConfigOf(ctx: { config: { ai?: AiConfig } }): AiConfig {
  return ctx.config.ai ?? LOCAL_ONLY;
}

export function isConfigured(config: AiConfig, id: ProviderId): boolean {
  switch (id) {
    case 'local':
      return true;
    case 'gemini':
      return Boolean(config.gemini);
    case 'openai':
      return Boolean(config.openai);
    case 'huggingface':
      return Boolean(config.huggingface);
    case 'openai-compatible':
      return Boolean(config.openaiCompatible);
  }
}

/** Spec 01 §3 'Providers': every provider the server knows, configured or not, by priority. */
export function listProviders(config: AiConfig): ProviderInfo[] {
  return byPriority.map((id) => ({ id, name: providerName(id), configured: isConfigured(config, id), priority: PROVIDER_PRIORITY[id] }));
}

/** The provider a request asked for ('local' when none); an unknown or unconfigured one is refused. */
export function resolveProviderId(ctx: { config: { ai?: AiConfig } }, requested?: string | null): ProviderId {
  const id = requested?.trim() || DEFAULT_PROVIDER;
  if (!isProviderId(id) || !isConfigured(aiConfigOf(ctx), id)) {
    throw new AppError('VALIDATION', PROVIDER_MESSAGES.notConfigured(providerName(id)));
  }
  return id;
}

/**
 * Who writes when `id` fails: `id` itself if configured, then every configured provider of lower
 * priority, ending with the engine.
 */
export function fallbackChain(config: AiConfig, id: string): ProviderId[] {
  const from = isProviderId(id) ? PROVIDER_PRIORITY[id] : PROVIDER_PRIORITY.local;
  return byPriority.filter((p) => PROVIDER_PRIORITY[p] >= from && isConfigured(config, p));
}

/**
 * The AI SDK model for a configured provider. Keys are always passed explicitly so the SDK never
 * falls back to its own environment variables (OPENAI_API_KEY would otherwise be read twice).
 */
export function languageModel(config: AiConfig, id: LlmProviderId): { model: LanguageModel; modelId: string } {
  switch (id) {
    case 'gemini': {
      const c = required(config.gemini, id);
      return { model: createGoogleGenerativeAI({ apiKey: c.apiKey, baseURL: c.baseURL })(c.model), modelId: c.model };
    }
    case 'openai': {
      const c = required(config.openai, id);
      // Explicit: the SDK's own default reads OPENAI_BASE_URL, which here names the compatible server.
      const baseURL = c.baseURL ?? OPENAI_DEFAULT_BASE_URL;
      // Chat completions: the protocol every OpenAI-style server also speaks.
      return { model: createOpenAI({ apiKey: c.apiKey, baseURL }).chat(c.model), modelId: c.model };
    }
    case 'huggingface': {
      const c = required(config.huggingface, id);
      // Hugging Face's router speaks OpenAI's Responses API (POST {baseURL}/responses).
      return { model: createHuggingFace({ apiKey: c.apiKey, baseURL: c.baseURL })(c.model), modelId: c.model };
    }
    case 'openai-compatible': {
      const c = required(config.openaiCompatible, id);
      const provider = createOpenAICompatible({ name: 'openai-compatible', baseURL: c.baseURL, apiKey: c.apiKey });
      return { model: provider.chatModel(c.model), modelId: c.model };
    }
  }
}

function required<T>(value: T | undefined, id: ProviderId): T {
  if (!value) throw new AppError('VALIDATION', PROVIDER_MESSAGES.notConfigured(providerName(id)));
  return value;
}
