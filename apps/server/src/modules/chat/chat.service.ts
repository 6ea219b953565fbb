import { CHAT_MESSAGES, citationLabel, type ChatAnswer, type ChatCitation } from '@viabiliza/contracts/chat';
import { PROVIDER_NAMES } from '@viabiliza/contracts/analysis';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { requireReader } from '../collaboration/collaboration.service.ts';
import { callModel } from '../ai/narrative.service.ts';
import { aiConfigOf, isConfigured, PROVIDER_PRIORITY, type LlmProviderId } from '../ai/provider-registry.ts';
import { parseAnalysisResult } from '@viabiliza/contracts/analysis-result';
import { answerFromDossier } from '../dossier/dossier-answers.ts';
import { buildPassages, reportSources, retrieve, type ScoredPassage, type Source } from './retrieval.ts';
import * as repo from './chat.repository.ts';

export const REPORT_SOURCE_NAME = 'Relatório da análise';
/** Passages shown to a model: a few more than an extractive answer quotes, so it can combine them. */
const MODEL_PASSAGES = 6;
const EXTRACTIVE_PASSAGES = 3;

export async function loadSources(ctx: AppContext, analysisId: string): Promise<Source[]> {
  const analysis = await repo.reportOf(ctx.db, analysisId);
  if (!analysis) throw notFound();
  const pages = await repo.pagesOfProperty(ctx.db, analysis.propertyId);
  const sources: Source[] = pages.map((p) => ({ kind: 'document', documentId: p.documentId, name: p.fileName, page: p.page, section: null, text: p.text }));
  return [...sources, ...reportSources(analysis.resultContent ?? '', REPORT_SOURCE_NAME)];
}

function toCitation(p: ScoredPassage, n: number): ChatCitation {
  return { n, source: p.source.kind, documentId: p.source.documentId, sourceName: p.source.name, page: p.source.page, section: p.source.section, excerpt: p.excerpt };
}

/** The answer made only of the passages themselves, each with its source. */
export function extractiveAnswer(citations: ChatCitation[]): string {
  return [CHAT_MESSAGES.foundIntro, ...citations.map((c) => `[${c.n}] “${c.excerpt}” — ${citationLabel(c)}`)].join('\n\n');
}

const local = (): Pick<ChatAnswer, 'provider' | 'providerName'> => ({ provider: 'local', providerName: PROVIDER_NAMES.local ?? 'Motor Viabiliza' });

/**
 * Answers a question about one analysis the user may read, from its documents' pages and its
 * report only. Questions the analysis' due-diligence dossier covers (owners, liens, ITBI, areas,
 * certidões) are answered from it first, citing each document and page. Otherwise, without a model
 * the answer is the best passages quoted with their document and page; with a model configured, the model writes the answer from those passages alone and must cite
 * them as [n] (an answer citing none is discarded for the quoted passages).
 */
export async function ask(ctx: AppContext, userId: string, analysisId: string, question: string): Promise<ChatAnswer> {
  await requireReader(ctx, userId, analysisId);
  // Owners, liens, ITBI, areas, certidões: the dossier states them with their citations.
  const fromDossier = answerFromDossier(parseAnalysisResult(await repo.resultOf(ctx.db, analysisId))?.dossier, question);
  if (fromDossier) return { ...fromDossier, ...local() };
  const passages = buildPassages(await loadSources(ctx, analysisId));
  const found = await retrieve(ctx.db, passages, question, MODEL_PASSAGES);
  if (!found.length) return { answer: CHAT_MESSAGES.notFound, found: false, citations: [], ...local() };

  const provider = preferredModel(ctx);
  if (provider) {
    const written = await modelAnswer(ctx, provider, question, found);
    if (written) return written;
  }
  const citations = found.slice(0, EXTRACTIVE_PASSAGES).map((p, i) => toCitation(p, i + 1));
  return { answer: extractiveAnswer(citations), found: true, citations, ...local() };
}

function preferredModel(ctx: AppContext): LlmProviderId | null {
  const config = aiConfigOf(ctx);
  const ids = (Object.keys(PROVIDER_PRIORITY) as (keyof typeof PROVIDER_PRIORITY)[])
    .filter((id): id is LlmProviderId => id !== 'local' && isConfigured(config, id))
    .sort((a, b) => PROVIDER_PRIORITY[a] - PROVIDER_PRIORITY[b]);
  return ids[0] ?? null;
}

export const CHAT_INSTRUCTIONS = [
  'Você responde perguntas sobre uma análise de viabilidade imobiliária, em português do Brasil.',
  'Use SOMENTE os trechos numerados fornecidos. Não use conhecimento externo nem invente números.',
  'Cite cada afirmação com o número do trecho entre colchetes, por exemplo [1].',
  'Se os trechos não respondem à pergunta, responda apenas: NAO_ENCONTRADO',
].join('\n');

export function chatPrompt(question: string, passages: ScoredPassage[]): string {
  const numbered = passages.map((p, i) => `[${i + 1}] (${citationLabel({ sourceName: p.source.name, page: p.source.page, section: p.source.section })}) ${p.excerpt}`);
  return `Trechos:\n${numbered.join('\n')}\n\nPergunta: ${question}`;
}

async function modelAnswer(ctx: AppContext, provider: LlmProviderId, question: string, passages: ScoredPassage[]): Promise<ChatAnswer | null> {
  try {
    const { text } = await callModel(aiConfigOf(ctx), provider, { system: CHAT_INSTRUCTIONS, prompt: chatPrompt(question, passages) });
    const cited = [...new Set([...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))].filter((n) => n >= 1 && n <= passages.length);
    if (text.includes('NAO_ENCONTRADO') || !cited.length) return null;
    const citations = cited.sort((a, b) => a - b).map((n) => toCitation(passages[n - 1]!, n));
    return { answer: text.trim(), found: true, citations, provider, providerName: PROVIDER_NAMES[provider] ?? provider };
  } catch {
    // The model failed after its retries: the quoted passages still answer.
    return null;
  }
}
