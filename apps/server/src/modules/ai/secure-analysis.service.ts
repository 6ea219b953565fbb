import { ANALYSIS_TYPES, PROVIDER_MESSAGES, type AnalysisType } from '@viabiliza/contracts/analysis';
import { TEXT_ANALYSIS_MESSAGES, type SecureAnalysisTextResponse, type TextFact } from '@viabiliza/contracts/text-facts';
import type { ErrorCode } from '@viabiliza/contracts/errors';
import { ENGINE_VERSION } from '@viabiliza/engine/analyze';
import { renderMarkdown } from '@viabiliza/engine/report';
import type { EngineInput } from '@viabiliza/engine/types';
import { AppError } from '../../lib/app-error.ts';
import type { AiConfig } from './ai-config.ts';
import { engineModel, generateNarrative } from './narrative.service.ts';
import { aiConfigOf, isConfigured, isProviderId, providerName } from './provider-registry.ts';
import { ProviderCallError } from './retry.ts';
import { readText } from './read-text.ts';
import { readAndAnalyseOffThread } from './text-reader-pool.ts';
import readAndAnalyse from './text-reader.worker.ts';

/** An upstream failure answered with its own status (502 bad gateway, 504 timeout). */
export class UpstreamError extends AppError {
  override readonly status: number;
  constructor(status: number, message: string, code: ErrorCode = 'INTERNAL') {
    super(code, message);
    this.status = status;
  }
}

/** The OpenAPI's example: a property described as people write it. */
export const SECURE_ANALYSIS_EXAMPLE_TEXT =
  'Apartamento de 80 m² na Rua das Flores, 123, Pinheiros, São Paulo/SP, à venda por R$ 800.000,00. ' +
  'Aluguel de R$ 3.200 por mês, condomínio R$ 850 e IPTU de R$ 2.400 por ano.';

/**
 * Spec 01 §7 'Secure analysis service': an analysis of a text (issue 18 item 6: it reads its text).
 * The facts are read with the documents' reader (`readTextFacts`: city, state, areas, price, rent,
 * condo fee, IPTU, matrícula, liens), echoed with their phrases ('Dados lidos do texto') and fed to
 * the engine as the questionnaire; the text stays the run's one document, so a pasted matrícula's
 * acts and liens are judged as an upload's. Without what a verdict needs (city, area, price) the
 * answer is 'Dados insuficientes' with what is missing — no score, never 'inviável' — and no
 * provider is called. The engine writes the report itself for 'local', an LLM writes its narrative
 * otherwise (numbers still only from the engine). No fallback here: the caller chose the provider,
 * so its failure is the answer (429, 502, 504).
 */
export async function secureAnalysis(
  ctx: { config: { ai?: AiConfig } },
  body: { provider: string; text: string; analysisType: string },
  options: {
    now?: Date;
    signal?: AbortSignal;
    /** On this thread: only for the documentation's fixed example, read once at start. */
    inline?: boolean;
  } = {},
): Promise<SecureAnalysisTextResponse> {
  const config = aiConfigOf(ctx);
  const provider = body.provider;
  if (!isProviderId(provider) || !isConfigured(config, provider)) {
    throw new AppError('VALIDATION', PROVIDER_MESSAGES.notConfigured(providerName(provider)));
  }
  const analysisType = (ANALYSIS_TYPES as readonly string[]).includes(body.analysisType) ? (body.analysisType as AnalysisType) : 'complete';
  const task = { text: body.text, analysisType, now: (options.now ?? new Date()).toISOString() };
  const { reading, engine } = options.inline ? readAndAnalyse(task) : await readAndAnalyseOffThread(task, options.signal);
  const model = `viabiliza-engine@${ENGINE_VERSION}`;
  if (!engine) {
    return insufficient(reading.facts, reading.missing, { provider, model });
  }
  const score = engine.result.score;
  if (score.band === 'insuficiente') {
    // The engine withholds the band for its own reasons (no reference for the city, no NPV nor IRR…).
    const reasons = score.cap?.reasons.length ? score.cap.reasons : [TEXT_ANALYSIS_MESSAGES.insufficientTitle];
    return insufficient(reading.facts, reasons.map((label) => ({ key: 'motor', label })), { provider, model });
  }
  const answer = { status: 'concluida' as const, verdict: { score: score.value, label: score.label }, facts: reading.facts, missing: [] };

  if (provider === 'local') {
    return { content: withFacts(engine.markdown, reading.facts), provider, tokens_used: 0, model: engineModel(engine.result), ...answer };
  }
  try {
    const written = await generateNarrative(config, provider, {
      analysisType,
      result: engine.result,
      engineMarkdown: engine.markdown,
      documentsText: body.text,
      signal: options.signal,
    });
    return {
      content: withFacts(renderMarkdown(engine.result, written.narrative), reading.facts),
      provider,
      tokens_used: written.tokensUsed,
      model: written.model,
      ...answer,
    };
  } catch (err) {
    throw err instanceof ProviderCallError ? toHttpError(err, providerName(provider)) : err;
  }
}

/** The text as the engine reads it (kept for the narrative tests: the same input the route builds). */
export function engineInputForText(text: string, analysisType: AnalysisType, now: Date): EngineInput {
  return readText(text, analysisType, now).input;
}

function insufficient(
  facts: TextFact[],
  missing: { key: string; label: string }[],
  meta: { provider: string; model: string },
): SecureAnalysisTextResponse {
  const labels = missing.map((m) => m.label);
  const content = [
    `# ${TEXT_ANALYSIS_MESSAGES.insufficientTitle}`,
    '',
    missing.every((m) => m.key !== 'motor')
      ? TEXT_ANALYSIS_MESSAGES.insufficient(labels)
      : `${TEXT_ANALYSIS_MESSAGES.insufficientTitle} para concluir sobre a viabilidade: ${labels.join(' ')}`,
    '',
    factsSection(facts),
  ].join('\n');
  return {
    content,
    provider: meta.provider,
    tokens_used: 0,
    model: meta.model,
    status: 'insuficiente',
    verdict: { score: null, label: TEXT_ANALYSIS_MESSAGES.insufficientTitle },
    facts,
    missing,
  };
}

const cell = (s: string) => s.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

/** 'Dados lidos do texto': every fact with the phrase it came from. */
function factsSection(facts: readonly TextFact[]): string {
  const head = `## ${TEXT_ANALYSIS_MESSAGES.factsTitle}\n\n`;
  if (!facts.length) return `${head}${TEXT_ANALYSIS_MESSAGES.noFacts}\n`;
  return `${head}| Dado | Valor | Trecho do texto |\n|---|---|---|\n${facts.map((f) => `| ${cell(f.label)} | ${cell(f.value)} | “${cell(f.phrase)}” |`).join('\n')}\n`;
}

/** The report with 'Dados lidos do texto' right under its title. */
function withFacts(markdown: string, facts: readonly TextFact[]): string {
  const firstBreak = markdown.indexOf('\n');
  if (!markdown.startsWith('# ') || firstBreak < 0) return `${factsSection(facts)}\n${markdown}`;
  return `${markdown.slice(0, firstBreak)}\n\n${factsSection(facts)}${markdown.slice(firstBreak)}`;
}

/** Spec 01 §8 'Upload and extraction': the messages a client shows for each failure. */
export function toHttpError(err: ProviderCallError, name: string): AppError {
  switch (err.kind) {
    case 'rate-limited':
      return new AppError('RATE_LIMITED', PROVIDER_MESSAGES.rateLimited);
    case 'timeout':
      return new UpstreamError(504, PROVIDER_MESSAGES.timeout);
    case 'invalid-response':
      return new UpstreamError(502, PROVIDER_MESSAGES.invalidResponse);
    case 'server':
      return new UpstreamError(502, `O provedor ${name} está indisponível (HTTP ${err.status}). Tente novamente mais tarde.`);
    case 'client':
      return new UpstreamError(502, `O provedor ${name} recusou o pedido (HTTP ${err.status}). Verifique a chave e o modelo configurados.`);
    case 'network':
      return new UpstreamError(502, `Não foi possível conectar ao provedor ${name}. Tente novamente mais tarde.`);
  }
}
