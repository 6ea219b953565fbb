import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import {
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  estimatedSeconds,
  ocrEtaSeconds,
  type DocumentDetail,
  type DocumentSummary,
  type UploadResponse,
} from '@viabiliza/contracts/documents';
import { validateUpload } from '@viabiliza/extract/validate';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isDiskFull } from '../../lib/disk-full.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { JOBS } from '../../jobs/job-names.ts';
import * as repo from './documents.repository.ts';
import { createUntitledProperty, findOwnedPropertyId } from './properties-lookup.ts';
import { z } from 'zod';

export function toSummary(row: repo.DocumentRow): DocumentSummary {
  return {
    id: row.id,
    propertyId: row.propertyId,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    status: row.status as DocumentSummary['status'],
    errorMessage: row.errorMessage,
    quarantineReason: row.quarantineReason,
    warnings: row.warnings,
    pageCount: row.pageCount,
    pagesDone: row.pagesDone,
    // Only a file being read has a phase; a finished one keeps no stale page or ETA.
    progressPhase: row.status === 'processing' ? (row.progress?.phase ?? null) : null,
    progressPage: row.status === 'processing' && row.progress?.phase === 'ocr' ? (row.progress.page ?? null) : null,
    etaSeconds: row.status === 'processing' ? ocrEtaSeconds(row.progress) : null,
    attempts: row.attempts,
    estimatedSeconds: estimatedSeconds(row.fileType, row.fileSize),
    documentType: row.documentType,
    documentTypeLabel: row.documentTypeLabel,
    typeConfidence: row.typeConfidence,
    confidence: row.confidence,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Keeps only the base name, without control characters, at most 255 characters (spec 01 §5). */
export function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'arquivo').slice(0, 255);
}

/**
 * Receives a multipart batch: each file is streamed to disk, validated by its bytes, then stored
 * (or quarantined) and queued for extraction. One bad file never stops the others.
 */
export async function uploadDocuments(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  parts: AsyncIterableIterator<Multipart>,
): Promise<UploadResponse> {
  const result: UploadResponse = { documents: [], rejected: [], quarantinedCount: 0, warnings: [] };
  let propertyId: string | null = null;
  let files = 0;
  let batchBytes = 0;
  const meta = requestMeta(request);
  /** The accepted files' storing and recording, in the order they arrived. */
  const accepted: Promise<{ summary: DocumentSummary; quarantined: boolean; warning: string | null }>[] = [];

  const reject = async (fileName: string, size: number, error: string) => {
    result.rejected.push({ fileName, size, error });
    await audit(ctx.db, request.log, { userId, action: 'upload', resource: 'document', success: false, details: { fileName, size, result: 'rejected', reason: error }, ...meta });
  };

  try {
    await receiveParts();
  } catch (err) {
    // A broken stream (client gone, limits) ends the batch: the files already taken still finish.
    await Promise.allSettled(accepted);
    throw err;
  }
  // Every file's work ends before the answer, even when one failed; then the first failure is thrown.
  const settled = await Promise.allSettled(accepted);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  for (const s of settled) {
    if (s.status !== 'fulfilled') continue;
    const { summary, quarantined, warning } = s.value;
    if (quarantined) result.quarantinedCount += 1;
    if (warning) result.warnings.push(warning);
    result.documents.push(summary);
  }
  if (files === 0) throw new AppError('VALIDATION', UPLOAD_MESSAGES.noFiles);
  return result;

  async function receiveParts(): Promise<void> {
    /** The disk filled up: the rest of the request is read and dropped, then the batch fails (507). */
    let diskFull: unknown = null;
    for await (const part of parts) {
      if (diskFull) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'field') {
        if (part.fieldname === 'propertyId' && typeof part.value === 'string' && part.value) propertyId = await ownedProperty(ctx, userId, part.value);
        continue;
      }
      const fileName = displayName(part.filename);
      files += 1;
      if (files > UPLOAD_LIMITS.maxFiles) {
        part.file.resume();
        await reject(fileName, 0, UPLOAD_MESSAGES.tooManyFiles);
        continue;
      }
      if (batchBytes >= UPLOAD_LIMITS.maxBatchBytes) {
        part.file.resume();
        await reject(fileName, 0, UPLOAD_MESSAGES.batchTooLarge);
        continue;
      }
      let temp: Awaited<ReturnType<typeof ctx.storage.receive>>;
      try {
        temp = await ctx.storage.receive(part.file, UPLOAD_LIMITS.maxFileBytes);
      } catch (err) {
        if (!isDiskFull(err)) throw err;
        diskFull = err;
        continue;
      }
      batchBytes += temp.size;
      if (temp.truncated || part.file.truncated) {
        await ctx.storage.discard(temp.tmpPath);
        await reject(fileName, temp.size, UPLOAD_MESSAGES.tooLarge);
        continue;
      }
      if (batchBytes > UPLOAD_LIMITS.maxBatchBytes) {
        await ctx.storage.discard(temp.tmpPath);
        await reject(fileName, temp.size, UPLOAD_MESSAGES.batchTooLarge);
        continue;
      }

      const verdict = await validateUpload({ path: temp.tmpPath, name: fileName, size: temp.size, declaredMime: part.mimetype });
      if (verdict.errors.length || !verdict.kind) {
        await ctx.storage.discard(temp.tmpPath);
        await reject(fileName, temp.size, verdict.errors[0] ?? UPLOAD_MESSAGES.typeNotAllowed);
        continue;
      }
      const quarantined = Boolean(verdict.quarantineReason);
      const kind = verdict.kind;
      // Every upload belongs to a property: a batch that names none gets a new one of its own.
      propertyId ??= await createUntitledProperty(ctx.db, userId);
      // Stored, recorded, queued and audited while the next file streams in: on a busy server a
      // batch of 3 waited for 18 database and disk steps in a row.
      accepted.push(
        (async () => {
          const id = crypto.randomUUID();
          const storageKey = `${userId}/${id}`;
          await ctx.storage.commit(temp.tmpPath, storageKey, quarantined ? 'quarantine' : 'uploads');
          const row = await repo.insertDocument(ctx.db, {
            id,
            userId,
            propertyId,
            fileName,
            fileType: kind,
            fileSize: temp.size,
            storageKey,
            sha256: temp.sha256,
            status: quarantined ? 'quarantined' : 'uploaded',
            quarantineReason: verdict.quarantineReason,
            warnings: verdict.warnings,
          });
          if (!quarantined) await ctx.queue.send(JOBS.extractDocument, { documentId: id }, { group: userId });
          await audit(ctx.db, request.log, {
            userId,
            action: 'upload',
            resource: 'document',
            success: !quarantined,
            details: { fileName, size: temp.size, kind, sha256: temp.sha256, result: quarantined ? 'quarantined' : 'accepted', reason: verdict.quarantineReason, warnings: verdict.warnings },
            ...meta,
          });
          return { summary: toSummary(row), quarantined, warning: verdict.warnings.length ? `${fileName}: ${UPLOAD_MESSAGES.warnings(verdict.warnings)}` : null };
        })(),
      );
    }
    if (diskFull) throw diskFull;
  }
}

async function ownedProperty(ctx: AppContext, userId: string, propertyId: string): Promise<string> {
  const id = z.uuid().safeParse(propertyId).success ? await findOwnedPropertyId(ctx.db, userId, propertyId) : null;
  if (!id) throw notFound();
  return id;
}

export async function listDocuments(ctx: AppContext, userId: string, propertyId?: string) {
  return { documents: (await repo.listForUser(ctx.db, userId, propertyId)).map(toSummary) };
}

export async function getDocument(ctx: AppContext, userId: string, id: string): Promise<DocumentDetail> {
  const row = await repo.findForUser(ctx.db, userId, id);
  if (!row) throw notFound();
  return { ...toSummary(row), keyFields: (row.keyFields ?? []) as DocumentDetail['keyFields'], authenticity: row.authenticity ?? null };
}

export async function getDocumentSummary(ctx: AppContext, userId: string, id: string): Promise<DocumentSummary | null> {
  const row = await repo.findForUser(ctx.db, userId, id);
  return row ? toSummary(row) : null;
}

export async function getDocumentPages(ctx: AppContext, userId: string, id: string) {
  const row = await repo.findForUser(ctx.db, userId, id);
  if (!row) throw notFound();
  const pages = await repo.pagesForDocument(ctx.db, id);
  return { pages: pages.map((p) => ({ ...p, method: p.method === 'ocr' ? ('ocr' as const) : ('text' as const) })) };
}

/**
 * 'Tentar novamente' on a failed document: back in the queue, attempts from zero. The pages an
 * earlier attempt read are kept (the job reads only the others). Only the owner, only from 'Erro'.
 */
export async function retryDocument(ctx: AppContext, request: FastifyRequest, userId: string, id: string): Promise<DocumentSummary> {
  const row = await repo.requeueFailed(ctx.db, userId, id);
  if (!row) {
    if (!(await repo.findForUser(ctx.db, userId, id))) throw notFound();
    throw new AppError('CONFLICT', UPLOAD_MESSAGES.retryOnlyFailed);
  }
  await ctx.queue.send(JOBS.extractDocument, { documentId: id }, { group: userId });
  await ctx.events.publish({ userId, kind: 'document', id });
  await audit(ctx.db, request.log, { userId, action: 'document_retry', resource: 'document', success: true, details: { documentId: id, fileName: row.fileName }, ...requestMeta(request) });
  return toSummary(row);
}

export async function removeDocument(ctx: AppContext, request: FastifyRequest, userId: string, id: string) {
  const row = await repo.deleteForUser(ctx.db, userId, id);
  if (!row) throw notFound();
  await ctx.storage.remove(row.storageKey);
  await audit(ctx.db, request.log, { userId, action: 'document_delete', resource: 'document', success: true, details: { documentId: id, fileName: row.fileName }, ...requestMeta(request) });
}
