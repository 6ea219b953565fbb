import { createHash } from 'node:crypto';
import {
  ANALYSIS_LIMITS,
  ANALYSIS_MESSAGES,
  ANALYSIS_TYPE_LABELS,
  PROVIDER_NAMES,
  RUN_STEP_LABELS,
  analysisTypeLabel,
  type AnalysisDetail,
  type AnalysisType,
  type ExampleAnalysis,
  type RunStatus,
  type RunSummary,
  type StartRunBody,
  startRunBody,
} from '@viabiliza/contracts/analysis';
import { parseAnalysisResult, type AnalysisResult } from '@viabiliza/contracts/analysis-result';
import {
  HISTORY_MESSAGES,
  foldText,
  previewText,
  type AnalysisListItem,
  type HistoryFilters,
  type HistoryResponse,
  type PropertyHistoryResponse,
} from '@viabiliza/contracts/history';
import { hasQuestionnaireData, isFilled, questionnaireContent, type Questionnaire } from '@viabiliza/contracts/questionnaire';
import { ENGINE_VERSION, evidenceConfidence, runEngine } from '@viabiliza/engine/analyze';
import { renderMarkdown } from '@viabiliza/engine/report';
import { confidenceScore } from '@viabiliza/engine/confidence';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { analysisDate } from '@viabiliza/engine/resolve-inputs';
import type { EngineDocument, EngineInput } from '@viabiliza/engine/types';
import type { Dossier } from '@viabiliza/contracts/dossier';
import { PROPERTY_MESSAGES, defaultPropertyTitle, isUntitledProperty } from '@viabiliza/contracts/properties';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { engineBuild } from '../../lib/engine-build.ts';
import { JOBS } from '../../jobs/job-names.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { writeNarrative } from '../ai/narrative.service.ts';
import { resolveProviderId } from '../ai/provider-registry.ts';
import { asDossierDocuments, dossierOf } from '../dossier/dossier.service.ts';
import * as repo from './analyses.repository.ts';
import { loadReferenceRows, referenceVersion } from '../reference-data/reference-data.service.ts';

type StartRunInput = ReturnType<typeof startRunBody.parse>;

export function toRunSummary(row: repo.RunRow): RunSummary {
  const status = row.status as RunStatus;
  return {
    id: row.id,
    status,
    stepLabel: RUN_STEP_LABELS[status] ?? status,
    analysisType: row.analysisType as AnalysisType,
    cached: row.cached,
    analysisId: row.analysisId,
    propertyId: row.propertyId,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDetail(row: { analysis: repo.AnalysisRow; property: AnalysisDetail['property'] }): AnalysisDetail {
  const a = row.analysis;
  return {
    id: a.id,
    propertyId: a.propertyId,
    property: row.property,
    analysisType: a.analysisType,
    resultContent: a.resultContent ?? '',
    // Stored rows may hold an older version of the result: upgraded here, null if unreadable, so
    // the response (serialized with the schema) never fails on an old row.
    result: parseAnalysisResult(a.result),
    providerUsed: a.providerUsed,
    providerName: providerName(a.providerUsed),
    model: a.model,
    tokensUsed: a.tokensUsed,
    confidenceScore: a.confidenceScore,
    completeness: a.completeness,
    viabilityScore: a.viabilityScore,
    createdAt: a.createdAt.toISOString(),
  };
}

// ------------------------------------------------------------------------------------------------
// Inputs

interface LoadedDocument {
  id: string;
  /** Null only on a row restored from a backup written before every document had a property. */
  propertyId: string | null;
  fileName: string;
  sha256: string;
  text: string;
  engine: EngineDocument;
}

async function loadDocuments(ctx: AppContext, userId: string, ids: string[]): Promise<LoadedDocument[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.documentsForUser(ctx.db, userId, unique);
  if (rows.length !== unique.length) throw new AppError('NOT_FOUND', 'Documento não encontrado');
  // A document still being read is not a document without text: the run waits, and says so.
  const reading = rows.filter((r) => r.status === 'uploaded' || r.status === 'processing');
  if (reading.length) throw new AppError('CONFLICT', ANALYSIS_MESSAGES.documentsReading(reading.length));
  const notReady = rows.filter((r) => r.status !== 'completed');
  if (notReady.length) throw new AppError('VALIDATION', ANALYSIS_MESSAGES.filesWithoutText(notReady.map((r) => r.fileName)));
  const pages = await repo.pagesForDocuments(ctx.db, unique);
  const engine = asDossierDocuments(rows, pages);
  return rows
    .map((r, i) => ({ id: r.id, propertyId: r.propertyId, fileName: r.fileName, sha256: r.sha256, text: r.extractedText ?? '', engine: engine[i]! }))
    .sort((a, b) => a.sha256.localeCompare(b.sha256) || a.id.localeCompare(b.id));
}

/**
 * The property a run works on: the one it names, whose documents it must use and no other's; without
 * one, the property all its documents belong to (none: the run creates one). A document of another
 * property is refused, naming it: moving it is the person's explicit choice, never the run's.
 */
async function runProperty(ctx: AppContext, userId: string, requested: string | undefined, documents: LoadedDocument[]): Promise<string | undefined> {
  const owners = [...new Set(documents.map((d) => d.propertyId).filter((id): id is string => id !== null))];
  if (!requested) {
    if (owners.length > 1) throw new AppError('UNPROCESSABLE', PROPERTY_MESSAGES.documentsOfSeveralProperties);
    return owners[0];
  }
  const foreign = documents.find((d) => d.propertyId !== null && d.propertyId !== requested);
  if (foreign) {
    const other = await repo.findOwnedProperty(ctx.db, userId, foreign.propertyId!);
    throw new AppError('UNPROCESSABLE', PROPERTY_MESSAGES.documentOfAnotherProperty(foreign.fileName, other?.title ?? PROPERTY_MESSAGES.untitled));
  }
  return requested;
}

/** Spec 01 §5 'Analysis run preconditions', enforced here whatever the browser checked. */
function checkPreconditions(questionnaire: Questionnaire, documents: LoadedDocument[]) {
  if (!hasQuestionnaireData(questionnaire) && documents.length === 0) throw new AppError('VALIDATION', ANALYSIS_MESSAGES.noData);
  const empty = documents.filter((d) => d.text.trim().length < ANALYSIS_LIMITS.minFileTextChars);
  if (empty.length) throw new AppError('VALIDATION', ANALYSIS_MESSAGES.filesWithoutText(empty.map((d) => d.fileName)));
  const combined = questionnaireContent(questionnaire).length + documents.reduce((n, d) => n + d.text.trim().length, 0);
  if (combined < ANALYSIS_LIMITS.minCombinedChars) throw new AppError('VALIDATION', ANALYSIS_MESSAGES.insufficientContent);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => isFilled(v))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * The cache key: what decides the result — the engine's build (version + source hash), the analysis
 * day (reference rows and certidões are judged on it), type, questionnaire, document contents,
 * provider, overrides.
 */
export function inputHash(input: StartRunInput, documents: { sha256: string }[], engineVersion: string, analysisDay: string | null = null): string {
  const key = {
    engineVersion,
    ...(analysisDay ? { analysisDay } : {}),
    analysisType: input.analysisType,
    questionnaire: canonical(input.questionnaire),
    documents: documents.map((d) => d.sha256).sort(),
    provider: input.provider ?? 'local',
    overrides: canonical(input.overrides),
    property: input.propertyId ?? null,
  };
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}

// ------------------------------------------------------------------------------------------------
// Runs

export async function startRun(
  ctx: AppContext,
  userId: string,
  body: StartRunInput,
): Promise<{ run: RunSummary; cached: boolean }> {
  if (body.propertyId && !(await repo.findOwnedProperty(ctx.db, userId, body.propertyId))) throw notFound();
  const documents = await loadDocuments(ctx, userId, body.documentIds);
  const propertyId = await runProperty(ctx, userId, body.propertyId, documents);
  checkPreconditions(body.questionnaire, documents);
  const provider = resolveProviderId(ctx, body.provider);
  const input = { ...body, propertyId, provider };
  // A new reference row (SGS refresh, import) makes a new result: it is part of the cache key.
  const refsVersion = await referenceVersion(ctx);
  const engine = engineBuild(ENGINE_VERSION);
  const hash = inputHash(input, documents, refsVersion ? `${engine}+refs:${refsVersion}` : engine, analysisDate(new Date().toISOString()) ?? null);

  const cached = await repo.findCachedAnalysis(ctx.db, userId, hash);
  ctx.metrics.cacheLookup(Boolean(cached));
  if (cached) {
    const run = await repo.insertRun(ctx.db, {
      userId,
      analysisType: body.analysisType,
      input,
      inputHash: hash,
      status: 'completed',
      cached: true,
      analysisId: cached.id,
      propertyId: cached.propertyId,
      finishedAt: new Date(),
    });
    return { run: toRunSummary(run), cached: true };
  }

  const run = await repo.insertRun(ctx.db, { userId, analysisType: body.analysisType, input, inputHash: hash, propertyId: propertyId ?? null });
  await ctx.queue.send(JOBS.analyzeRun, { runId: run.id });
  await publishRun(ctx, run);
  return { run: toRunSummary(run), cached: false };
}

async function publishRun(ctx: AppContext, run: { id: string; userId: string }) {
  await ctx.events.publish({ userId: run.userId, kind: 'analysis-run', id: run.id });
}

async function step(ctx: AppContext, run: repo.RunRow, status: RunStatus): Promise<repo.RunRow> {
  const row = await repo.advanceRun(ctx.db, run.id, { status });
  if (!row) throw new RunEnded();
  await publishRun(ctx, row);
  return row;
}

class RunEnded extends Error {}

/**
 * The job: takes a queued run through the spec's states, computes with the engine, lets the
 * chosen provider write the narrative, and saves everything in one transaction. A failure marks
 * the run failed and notifies 'Análise Falhou'; nothing is half-saved.
 */
export async function executeRun(ctx: AppContext, runId: string): Promise<void> {
  const claimed = await repo.claimRun(ctx.db, runId);
  if (!claimed) return;
  let run = claimed;
  await publishRun(ctx, run);
  try {
    const parsed = startRunBody.safeParse(run.input);
    if (!parsed.success) throw new AppError('VALIDATION', 'Os dados guardados desta análise são inválidos');
    const input = parsed.data;
    const cached = await repo.findCachedAnalysis(ctx.db, run.userId, run.inputHash);
    if (cached) {
      const done = await repo.advanceRun(ctx.db, run.id, {
        status: 'completed',
        cached: true,
        analysisId: cached.id,
        propertyId: cached.propertyId,
        finishedAt: new Date(),
      });
      if (done) await publishRun(ctx, done);
      return;
    }

    run = await step(ctx, run, 'preparing');
    const property = input.propertyId ? await repo.findOwnedProperty(ctx.db, run.userId, input.propertyId) : null;
    if (input.propertyId && !property) throw new AppError('NOT_FOUND', ANALYSIS_MESSAGES.propertyNotFound);

    run = await step(ctx, run, 'building_content');
    const documents = await loadDocuments(ctx, run.userId, input.documentIds);
    // A document moved to another property since the run was queued is not read for this one.
    await runProperty(ctx, run.userId, property?.id, documents);
    const now = new Date();
    const generatedAt = now.toISOString();
    // Built before the engine so that a new property is named by the address its documents cite
    // when the questionnaire gives none (and the report's title says the same).
    const dossier = dossierOf(documents.map((d) => d.engine), analysisDate(generatedAt) ?? generatedAt.slice(0, 10), await loadReferenceRows(ctx));
    const address = input.questionnaire.address?.trim() || factOf(dossier, 'endereco');
    // A property created by an upload ('Imóvel sem endereço dd/mm/aaaa') is named by its first address.
    const naming = Boolean(address) && property !== null && !property.address && isUntitledProperty(property.title);
    const title = property && !naming ? property.title : defaultPropertyTitle(address, now);

    if (!property) run = await step(ctx, run, 'creating_property');

    run = await step(ctx, run, 'secure_analysis');
    const outcome = await computeAnalysis({
      ctx,
      analysisType: input.analysisType,
      questionnaire: input.questionnaire,
      documents,
      overrides: input.overrides,
      provider: input.provider ?? 'local',
      title,
      now,
      dossier,
    });

    run = await step(ctx, run, 'saving');
    const analysis = await repo.saveAnalysis(ctx.db, {
      userId: run.userId,
      runId: run.id,
      propertyId: property?.id ?? null,
      newProperty: property
        ? null
        : {
            title,
            // What the questionnaire leaves blank, the documents say (the dossier's cited facts).
            address: address || null,
            city: input.questionnaire.city || factOf(outcome.result.dossier, 'cidade'),
            state: input.questionnaire.state || factOf(outcome.result.dossier, 'uf'),
            propertyType: input.questionnaire.propertyType ?? 'residential',
          },
      fillProperty: naming
        ? {
            title,
            address: address || null,
            city: property?.city || input.questionnaire.city || factOf(outcome.result.dossier, 'cidade'),
            state: property?.state || input.questionnaire.state || factOf(outcome.result.dossier, 'uf'),
          }
        : null,
      questionnaire: input.questionnaire as Record<string, unknown>,
      documentIds: documents.map((d) => d.id),
      analysis: { ...outcome.analysis, inputHash: run.inputHash },
    });
    await publishRun(ctx, run);
    const score = outcome.result.score;
    await createNotification(ctx, {
      userId: run.userId,
      title: 'Análise Concluída',
      message: `Análise ${analysisTypeLabel(input.analysisType)} de "${title}" salva: viabilidade ${score.value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}/10 (${score.label.toLowerCase()}).`,
      type: 'success',
      data: { analysisId: analysis.id, propertyId: analysis.propertyId, runId: run.id },
      dedupeKey: `analysis-run:${run.id}:completed`,
    });
  } catch (err) {
    if (err instanceof RunEnded) return;
    await failRun(ctx, run, err instanceof AppError ? err.message : ANALYSIS_MESSAGES.unknownError);
    // The queue keeps the stack of an unexpected error in the job's output for whoever investigates.
    if (!(err instanceof AppError)) throw err;
  }
}

async function failRun(ctx: AppContext, run: { id: string; userId: string }, message: string) {
  const failed = await repo.advanceRun(ctx.db, run.id, { status: 'failed', error: message, finishedAt: new Date() });
  if (!failed) return;
  await publishRun(ctx, failed);
  await createNotification(ctx, {
    userId: run.userId,
    title: ANALYSIS_MESSAGES.failedTitle,
    message,
    type: 'error',
    data: { runId: run.id },
    dedupeKey: `analysis-run:${run.id}:failed`,
  });
}

function factOf(dossier: Dossier | null | undefined, key: 'endereco' | 'cidade' | 'uf'): string | null {
  const fact = dossier?.facts.find((f) => f.key === key);
  if (!fact) return null;
  // An address's normalized form is a folded comparison key ('r pinheiros 1000'): the text as
  // written names the property.
  const text = key !== 'endereco' && typeof fact.normalized === 'string' && fact.normalized.trim() ? fact.normalized : fact.value;
  return text.trim() || null;
}

/**
 * The engine's figures, the provider's narrative around them, the report and its scores. The
 * documents' dossier is built here, on the analysis day, and handed to the engine, which stores it
 * in the result: it is a function of the documents and the date, so the input hash (documents'
 * contents, questionnaire, type…) still names one result.
 */
export async function computeAnalysis(args: {
  ctx: AppContext;
  analysisType: AnalysisType;
  questionnaire: Questionnaire;
  documents: { engine: EngineDocument; text: string }[];
  overrides: StartRunInput['overrides'];
  provider: string;
  title: string;
  now: Date;
  /** The documents' dossier on the analysis day, when the caller already built it. */
  dossier?: Dossier | null;
}) {
  const generatedAt = args.now.toISOString();
  const documents = args.documents.map((d) => d.engine);
  // The dossier's ITBI check and the engine read the same rows (shipped + database).
  const referenceRows = await loadReferenceRows(args.ctx);
  const engineInput: EngineInput = {
    analysisType: args.analysisType,
    questionnaire: args.questionnaire,
    documents,
    overrides: args.overrides,
    generatedAt,
    title: args.title,
    dossier: args.dossier !== undefined ? args.dossier : dossierOf(documents, analysisDate(generatedAt) ?? generatedAt.slice(0, 10), referenceRows),
    // Rows refreshed from SGS or imported by an admin compete with the shipped ones (newest wins).
    referenceRows,
  };
  const engine = runEngine(engineInput);
  const written = await writeNarrative(args.ctx, {
    providerId: args.provider,
    analysisType: args.analysisType,
    result: engine.result,
    engineMarkdown: engine.markdown,
    documentsText: args.documents.map((d) => d.text).join('\n\n'),
  });
  const markdown = renderMarkdown(engine.result, written.narrative);
  const result: AnalysisResult = engine.result;
  return {
    result,
    markdown,
    analysis: {
      analysisType: args.analysisType,
      resultContent: markdown,
      result,
      providerUsed: written.provider,
      model: written.model,
      tokensUsed: written.tokensUsed,
      confidenceScore: evidenceConfidence(result, confidenceScore(markdown)),
      completeness: result.completeness.percent,
      viabilityScore: result.score.value,
    },
  };
}

/**
 * After a restart: runs that a stopped process left unfinished are queued again once; a run that
 * was already recovered and stopped again is failed with a notification.
 */
export async function recoverRuns(ctx: AppContext, updatedBefore: Date): Promise<{ resumed: number; failed: number }> {
  const stale = await repo.unfinishedRuns(ctx.db, updatedBefore);
  let resumed = 0;
  let failed = 0;
  for (const run of stale) {
    if (run.recoveries >= 1) {
      await failRun(ctx, run, ANALYSIS_MESSAGES.interrupted);
      failed++;
      continue;
    }
    const queued = await repo.advanceRun(ctx.db, run.id, { status: 'queued', recoveries: run.recoveries + 1 });
    if (!queued) continue;
    await ctx.queue.send(JOBS.analyzeRun, { runId: run.id });
    await publishRun(ctx, queued);
    resumed++;
  }
  return { resumed, failed };
}

// ------------------------------------------------------------------------------------------------
// Reading

export async function getRun(ctx: AppContext, userId: string, id: string): Promise<RunSummary> {
  const row = await repo.findRunForUser(ctx.db, userId, id);
  if (!row) throw notFound();
  return toRunSummary(row);
}

export async function getRunSummary(ctx: AppContext, userId: string, id: string): Promise<RunSummary | null> {
  const row = await repo.findRunForUser(ctx.db, userId, id);
  return row ? toRunSummary(row) : null;
}

export async function getAnalysis(ctx: AppContext, userId: string, id: string): Promise<AnalysisDetail> {
  const row = await repo.findAnalysisForUser(ctx.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', ANALYSIS_MESSAGES.notFound);
  return toDetail(row);
}

// ------------------------------------------------------------------------------------------------
// History

function providerName(provider: string | null): string | null {
  return provider ? (PROVIDER_NAMES[provider] ?? provider) : null;
}

function toListItem(row: repo.HistoryRow): AnalysisListItem {
  return {
    id: row.id,
    propertyId: row.propertyId,
    property: row.property,
    analysisType: row.analysisType,
    providerUsed: row.providerUsed,
    providerName: providerName(row.providerUsed),
    tokensUsed: row.tokensUsed,
    confidenceScore: row.confidenceScore,
    viabilityScore: row.viabilityScore,
    scoreBand: row.scoreBand,
    completeness: row.completeness,
    createdAt: row.createdAt.toISOString(),
    preview: previewText(row.head),
  };
}

/** Type codes whose Portuguese label (or code) contains the folded text: 'juridica' finds 'legal'. */
export function typesMatching(folded: string): string[] {
  return Object.entries(ANALYSIS_TYPE_LABELS)
    .filter(([code, label]) => foldText(label).includes(folded) || foldText(code).includes(folded))
    .map(([code]) => code);
}

/**
 * GET /api/analyses: this user's analyses, newest first, filtered by text (property title, city,
 * type label or code; case and accents ignored), type and provider, one page at a time.
 */
export async function listHistory(ctx: AppContext, userId: string, filters: HistoryFilters): Promise<HistoryResponse> {
  const q = filters.q ? foldText(filters.q) : undefined;
  const filter: repo.HistoryFilter = { q, typesMatchingQ: q ? typesMatching(q) : [], type: filters.type, provider: filters.provider };
  const { page, pageSize } = filters;
  const [rows, total, facets] = await Promise.all([
    repo.listHistoryPage(ctx.db, userId, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    repo.countHistory(ctx.db, userId, filter),
    repo.historyFacets(ctx.db, userId),
  ]);
  return { items: rows.map(toListItem), total, page, pageSize, ...facets };
}

/** GET /api/properties/:id/analyses: the property and every analysis of it, with the figures to compare. */
export async function propertyHistory(ctx: AppContext, userId: string, propertyId: string): Promise<PropertyHistoryResponse> {
  const property = await repo.findPropertyForUser(ctx.db, userId, propertyId);
  if (!property) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.propertyNotFound);
  const rows = await repo.listPropertyAnalyses(ctx.db, userId, propertyId);
  return {
    property: { ...property, createdAt: property.createdAt.toISOString() },
    analyses: rows.map((row) => ({ ...toListItem(row), figures: row.figures })),
  };
}

/** Demo mode: the engine, live, on a shipped example property (nothing saved). */
export function exampleAnalysis(analysisType: AnalysisType, exampleId: string | undefined, now: Date): ExampleAnalysis {
  const example = EXAMPLE_PROPERTIES.find((e) => e.id === exampleId) ?? EXAMPLE_PROPERTIES[0]!;
  const generatedAt = now.toISOString();
  const { result, markdown } = runEngine({
    analysisType,
    questionnaire: example.questionnaire,
    documents: example.documents,
    generatedAt,
    title: example.title,
    dossier: dossierOf(example.documents, analysisDate(generatedAt) ?? generatedAt.slice(0, 10)),
  });
  return {
    exampleId: example.id,
    property: {
      title: example.title,
      address: example.questionnaire.address ?? null,
      city: example.questionnaire.city ?? null,
      state: example.questionnaire.state ?? null,
    },
    analysisType,
    resultContent: markdown,
    result,
    providerUsed: 'local',
    providerName: PROVIDER_NAMES.local!,
    model: `viabiliza-engine@${result.engineVersion}`,
    tokensUsed: 0,
    confidenceScore: evidenceConfidence(result, confidenceScore(markdown)),
    completeness: result.completeness.percent,
    viabilityScore: result.score.value,
  };
}

export type { StartRunBody };
