import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiConfig } from './ai-config.ts';
import type { LlmProviderId } from './provider-registry.ts';

/**
 * Test support: a tiny HTTP server on 127.0.0.1 that speaks one provider's protocol, so tests run
 * every provider through the real SDK without reaching the internet. Answers are scripted one per
 * request; when the script is empty it answers `defaultText` successfully.
 */

export type Protocol = 'gemini' | 'openai-chat' | 'hf-responses';

export type Scripted =
  | { kind: 'text'; text: string; model?: string }
  | { kind: 'error'; status: number; message?: string; headers?: Record<string, string> }
  /** Never answers: the caller's timeout must end the request. */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export const USAGE = { input: 120, output: 80, total: 200 } as const;

export const NARRATIVE_REPLY = [
  '### RESUMO',
  'O imóvel analisado tem pontuação informada pelo motor e documentação a completar.',
  '',
  '### CONCLUSAO',
  'Recomenda-se completar a documentação antes de decidir.',
].join('\n');

/** A matrícula excerpt: enough for the engine to find an area, an address and a document type. */
export const SAMPLE_TEXT = [
  'MATRÍCULA Nº 12.345 - Cartório de Registro de Imóveis de Campinas/SP.',
  'IMÓVEL: Apartamento nº 52 do Edifício Jardim, situado na Rua das Flores, nº 100, Centro, Campinas - SP,',
  'CEP 13010-000, com área privativa de 80,00 m² e área total de 95,50 m².',
  'R.1 - COMPRA E VENDA: transmitido por R$ 450.000,00 (quatrocentos e cinquenta mil reais).',
].join('\n');

export class LoopbackLlm {
  readonly requests: RecordedRequest[] = [];
  private readonly script: Scripted[] = [];
  defaultText = NARRATIVE_REPLY;

  private constructor(
    readonly protocol: Protocol,
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(protocol: Protocol): Promise<LoopbackLlm> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const self = new LoopbackLlm(protocol, server, `http://127.0.0.1:${port}`);
    server.on('request', (req, res) => void self.handle(req, res));
    return self;
  }

  /** The base URL to configure the provider with (the SDKs append their own paths). */
  get baseURL(): string {
    return this.protocol === 'gemini' ? `${this.origin}/v1beta` : `${this.origin}/v1`;
  }

  /** The path the provider's SDK must call for `model`. */
  expectedPath(model: string): string {
    if (this.protocol === 'gemini') return `/v1beta/models/${model}:generateContent`;
    return this.protocol === 'openai-chat' ? '/v1/chat/completions' : '/v1/responses';
  }

  enqueue(...answers: Scripted[]): this {
    this.script.push(...answers);
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.script.length = 0;
    this.defaultText = NARRATIVE_REPLY;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = (req.url ?? '/').split('?')[0]!;
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    const model = this.protocol === 'gemini' ? decodeURIComponent(/\/models\/([^:]+):generateContent$/.exec(path)?.[1] ?? '') : String(body.model ?? '');
    if (req.method !== 'POST' || path !== this.expectedPath(model)) {
      return this.send(res, 404, { error: { message: `unexpected ${req.method} ${path}` } });
    }
    const answer = this.script.shift() ?? { kind: 'text', text: this.defaultText };
    if (answer.kind === 'hang') return;
    if (answer.kind === 'error') {
      return this.send(res, answer.status, this.errorBody(answer.status, answer.message ?? `status ${answer.status}`), answer.headers);
    }
    return this.send(res, 200, this.successBody(answer.model ?? model, answer.text));
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  private errorBody(status: number, message: string) {
    if (this.protocol === 'gemini') return { error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } };
    return { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } };
  }

  private successBody(model: string, text: string) {
    switch (this.protocol) {
      case 'gemini':
        return {
          candidates: [{ content: { role: 'model', parts: text ? [{ text }] : [] }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: USAGE.input, candidatesTokenCount: USAGE.output, totalTokenCount: USAGE.total },
          modelVersion: model,
        };
      case 'openai-chat':
        return {
          id: 'chatcmpl-loopback',
          object: 'chat.completion',
          created: 1_767_225_600,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: USAGE.input, completion_tokens: USAGE.output, total_tokens: USAGE.total },
        };
      case 'hf-responses':
        return {
          id: 'resp-loopback',
          object: 'response',
          created_at: 1_767_225_600,
          status: 'completed',
          model,
          error: null,
          instructions: null,
          max_output_tokens: null,
          metadata: null,
          tool_choice: 'auto',
          tools: [],
          temperature: 1,
          top_p: 1,
          output: [{ type: 'message', id: 'msg-loopback', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] }],
          usage: { input_tokens: USAGE.input, output_tokens: USAGE.output, total_tokens: USAGE.total },
        };
    }
  }
}

export const MODELS = {
  gemini: 'gemini-teste-flash',
  openai: 'gpt-teste-mini',
  huggingface: 'org/modelo-teste',
  'openai-compatible': 'llama-teste',
} as const satisfies Record<LlmProviderId, string>;

export const KEYS = { gemini: 'chave-gemini', openai: 'chave-openai', huggingface: 'hf_chave' } as const;

/** One loopback server per provider. */
export async function startLoopbacks(): Promise<Record<LlmProviderId, LoopbackLlm>> {
  const [gemini, openai, huggingface, compatible] = await Promise.all([
    LoopbackLlm.start('gemini'),
    LoopbackLlm.start('openai-chat'),
    LoopbackLlm.start('hf-responses'),
    LoopbackLlm.start('openai-chat'),
  ]);
  return { gemini, openai, huggingface, 'openai-compatible': compatible };
}

/** Every provider configured against its loopback server; `sleep` records instead of waiting. */
export function loopbackConfig(servers: Record<LlmProviderId, LoopbackLlm>, overrides: Partial<AiConfig> = {}): AiConfig {
  return {
    timeoutMs: 5_000,
    gemini: { apiKey: KEYS.gemini, model: MODELS.gemini, baseURL: servers.gemini.baseURL },
    openai: { apiKey: KEYS.openai, model: MODELS.openai, baseURL: servers.openai.baseURL },
    huggingface: { apiKey: KEYS.huggingface, model: MODELS.huggingface, baseURL: servers.huggingface.baseURL },
    openaiCompatible: { model: MODELS['openai-compatible'], baseURL: servers['openai-compatible'].baseURL },
    ...overrides,
  };
}

/** A sleep that only records the delays asked for. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}
