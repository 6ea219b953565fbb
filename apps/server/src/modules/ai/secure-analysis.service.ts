import { ANALYSIS_TYPES, PROVIDER_MESSAGES, type AnalysisType, type SecureAnalysisResponse } from '@viabiliza/contracts/analysis';
import type { ErrorCode } from '@viabiliza/contracts/errors';
import { runEngine } from '@viabiliza/engine/analyze';
import { renderMarkdown } from '@viabiliza/engine/report';
import type { EngineInput } from '@viabiliza/engine/types';
import { extractKeyFields } from '@viabiliza/extract/key-fields';
import { dossierOf, today } from '../dossier/dossier.service.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AiConfig } from './ai-config.ts';
import { engineModel, generateNarrative } from './narrative.service.ts';
import { aiConfigOf, isConfigured, isProviderId, providerName } from './provider-registry.ts';
import { ProviderCallError } from './retry.ts';

/** An upstream failure answered with its own status (502 bad gateway, 504 timeout). */
export class UpstreamError extends AppError {
  override readonly status: number;
  constructor(status: number, message: string, code: ErrorCode = 'INTERNAL') {
    super(code, message);
    this.status = status;
  }
}

const FILE_NAME = 'texto enviado';

/**
 * Spec 01 §7 'Secure analysis service': an analysis of a text. The engine computes the figures from
 * the text (read as one document); the engine writes the report itself for 'local', an LLM writes
 * its narrative otherwise (numbers still only from the engine). No fallback here: the caller chose
 * the provider, so its failure is the answer (429, 502, 504).
 */
export async function secureAnalysis(
  ctx: { config: { ai?: AiConfig } },
  body: { provider: string; text: string; analysisType: string },
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<SecureAnalysisResponse> {
  const config = aiConfigOf(ctx);
  const provider = body.provider;
  if (!isProviderId(provider) || !isConfigured(config, provider)) {
    throw new AppError('VALIDATION', PROVIDER_MESSAGES.notConfigured(providerName(provider)));
  }
  const analysisType = (ANALYSIS_TYPES as readonly string[]).includes(body.analysisType) ? (body.analysisType as AnalysisType) : 'complete';
  const engine = runEngine(engineInputForText(body.text, analysisType, options.now ?? new Date()));

  if (provider === 'local') {
    return { content: engine.markdown, provider, tokens_used: 0, model: engineModel(engine.result) };
  }
  try {
    const written = await generateNarrative(config, provider, {
      analysisType,
      result: engine.result,
      engineMarkdown: engine.markdown,
      documentsText: body.text,
      signal: options.signal,
    });
    return { content: renderMarkdown(engine.result, written.narrative), provider, tokens_used: written.tokensUsed, model: written.model };
  } catch (err) {
    throw err instanceof ProviderCallError ? toHttpError(err, providerName(provider)) : err;
  }
}

/** The text as the one document the engine reads, classified and with its key fields. */
export function engineInputForText(text: string, analysisType: AnalysisType, now: Date): EngineInput {
  const pages = [{ number: 1, text }];
  const keys = extractKeyFields({ fileName: FILE_NAME, pages: pages.map((p) => ({ ...p, confidence: null })) });
  const documents = [{ id: 'texto', fileName: FILE_NAME, documentType: keys.documentType, keyFields: keys.fields, pages }];
  return {
    analysisType,
    questionnaire: {},
    documents,
    generatedAt: now.toISOString(),
    // As an analysis does: liens and certidões are judged from the text's dossier (issue 16).
    dossier: dossierOf(documents, today(now)),
  };
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
