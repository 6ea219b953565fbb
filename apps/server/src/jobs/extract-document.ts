import { z } from 'zod';
import { UPLOAD_MESSAGES } from '@viabiliza/contracts/documents';
import { checkMinimumText } from '@viabiliza/extract/rules';
import { ExtractionError, type ExtractedPage, type ExtractionProgress, type FileKind } from '@viabiliza/extract/types';
import { extractKeyFields } from '@viabiliza/extract/key-fields';
import { readValidationCodes } from '@viabiliza/extract/validation-codes';
import type { AppContext } from '../context.ts';
import * as repo from '../modules/documents/documents.repository.ts';
import { createNotification } from '../modules/notifications/notifications.service.ts';
import { JOBS } from './job-names.ts';
import type { JobDefinition } from './queue.ts';

const payload = z.object({ documentId: z.uuid() });
export const EXTRACTION_ATTEMPTS = 3;
const PROGRESS_EVERY_MS = 250;
export const EXTRACTION_JOBS_AT_ONCE = 16;

/**
 * Extracts one document in the worker pool. Retryable failures (timeouts, resource errors) are
 * thrown back to the queue, which waits 1 s then 2 s (spec 01 §9); after the third attempt, or on
 * a final error, the document ends 'error' with its Portuguese reason and the owner is notified.
 * A document deleted meanwhile is simply dropped.
 *
 * Fair between users, in two steps: jobs are sent with the owner as their group, and this process
 * takes up to 16 jobs at once but at most threads + 1 of one user (the rest of a user's backlog
 * waits in the database, where it cannot expire); the pool then gives each free thread to the
 * waiting user holding fewest (fair-scheduler.ts). So a small file waits for a thread to free up,
 * never for another user's backlog. It stays 'uploaded' (Aguardando) until it gets a thread.
 *
 * No page is read twice: each page is stored as soon as its text is final, and an attempt after a
 * failure (the queue's retry, or the user's 'Tentar novamente') reads only the pages not stored.
 * Between attempts the document says which attempt failed and why ('Tentativa 1 falhou: …').
 */
export function extractDocumentJob(ctx: () => AppContext): JobDefinition<z.infer<typeof payload>> {
  return {
    name: JOBS.extractDocument,
    retryLimit: EXTRACTION_ATTEMPTS - 1,
    retryDelaySeconds: 1,
    // The queue must not give up on a file still being read: a 200-page scan on a machine loaded 10
    // on 2 cores takes far past the old 10 minutes, and each page is bounded by its own CPU time.
    expireInSeconds: 4 * 3600,
    // Enough jobs in hand that every user with files waiting has one at the pool's scheduler.
    concurrency: EXTRACTION_JOBS_AT_ONCE,
    get groupConcurrency() {
      return ctx().extraction.threads + 1;
    },
    parse: (data) => payload.parse(data),
    handle: async ({ documentId }) => {
      const c = ctx();
      const doc = await repo.findById(c.db, documentId);
      if (!doc || doc.status === 'completed' || doc.status === 'quarantined' || doc.status === 'error') return;
      const publish = () => c.events.publish({ userId: doc.userId, kind: 'document', id: documentId });
      const attempt = doc.attempts + 1;
      // Pages an earlier attempt read stay read: this attempt reads the others.
      const kept = await repo.pagesForDocument(c.db, documentId);
      await repo.updateDocument(c.db, documentId, { attempts: attempt, pagesDone: kept.length, progress: null, errorMessage: null });

      // Progress is written in order, and all of it before the outcome: a late 'processing' or
      // page count must never land over 'completed'.
      let writes: Promise<unknown> = Promise.resolve();
      const write = (values: Parameters<typeof repo.updateDocument>[2]) => {
        writes = writes.then(() => repo.updateDocument(c.db, documentId, values)).then(publish).catch(() => {});
      };
      let lastSent = 0;
      let lastPhase: string | undefined;
      const onProgress = (p: ExtractionProgress) => {
        const now = Date.now();
        if (now - lastSent < PROGRESS_EVERY_MS && p.pagesDone < p.pageCount && p.phase === lastPhase) return;
        lastSent = now;
        lastPhase = p.phase;
        const progress = p.phase ? { phase: p.phase, page: p.page, ocrPagesLeft: p.ocrPagesLeft, msPerOcrPage: p.msPerOcrPage ?? null } : null;
        write({ pagesDone: p.pagesDone, pageCount: p.pageCount, progress });
      };
      const keep = (page: ExtractedPage) => {
        writes = writes.then(() => repo.savePage(c.db, documentId, page)).catch(() => {});
      };
      const run = {
        owner: doc.userId,
        onStart: () => write({ status: 'processing' }),
        onProgress,
        onPage: keep,
        skipPages: kept.map((p) => p.number),
      };

      try {
        const result = await c.storage.withLocalCopy(doc.storageKey, (path) =>
          c.extraction.run({ path, kind: doc.fileType as never, fileName: doc.fileName }, run),
        );
        await writes;
        const pages = joinPages(kept, result.pages);
        if (kept.length) checkMinimumText(doc.fileType as FileKind, pages);
        const keys = extractKeyFields({ fileName: doc.fileName, pages });
        const ocrPages = pages.filter((p) => p.method === 'ocr' && p.confidence !== null);
        const confidence = ocrPages.length
          ? ocrPages.reduce((sum, p) => sum + (p.confidence ?? 0), 0) / ocrPages.length
          : 100;
        const saved = await repo.saveExtraction(c.db, documentId, pages, {
          status: 'completed',
          extractedText: pages.map((p) => p.text).join('\n\n'),
          pageCount: pages.length,
          pagesDone: pages.length,
          progress: null,
          warnings: [...doc.warnings, ...result.warnings],
          documentType: keys.documentType,
          documentTypeLabel: keys.documentTypeLabel,
          typeConfidence: keys.typeConfidence,
          keyFields: keys.fields,
          authenticity: { signatures: result.signatures ?? [], validationCodes: readValidationCodes(result.pages) },
          confidence: Math.round(confidence * 10) / 10,
          completedAt: new Date(),
          errorMessage: null,
        });
        if (saved) await publish();
      } catch (err) {
        await writes;
        const reason = err instanceof ExtractionError ? err.message : 'Erro inesperado na extração';
        const retryable = !(err instanceof ExtractionError) || err.retryable;
        if (retryable && attempt < EXTRACTION_ATTEMPTS) {
          await repo.updateDocument(c.db, documentId, { status: 'uploaded', progress: null, errorMessage: `Tentativa ${attempt} falhou: ${reason}` });
          await publish();
          throw err;
        }
        await failDocument(c, doc, retryable ? UPLOAD_MESSAGES.afterRetries(reason) : reason);
      }
    },
  };
}

/** The pages stored by earlier attempts and the ones read now, in page order (a page read now wins). */
export function joinPages(kept: readonly { number: number; text: string; method: string; confidence: number | null }[], read: readonly ExtractedPage[]): ExtractedPage[] {
  const byNumber = new Map<number, ExtractedPage>();
  for (const p of kept) byNumber.set(p.number, { number: p.number, text: p.text, method: p.method === 'ocr' ? 'ocr' : 'text', confidence: p.confidence });
  for (const p of read) byNumber.set(p.number, p);
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

/** Ends a document in 'error' with its Portuguese reason, live on the page, and tells its owner once. */
export async function failDocument(ctx: AppContext, doc: { id: string; userId: string; fileName: string }, message: string): Promise<void> {
  const failed = await repo.updateDocument(ctx.db, doc.id, { status: 'error', progress: null, errorMessage: message });
  if (!failed) return;
  await ctx.events.publish({ userId: doc.userId, kind: 'document', id: doc.id });
  await createNotification(ctx, {
    userId: doc.userId,
    title: `Falha ao processar ${doc.fileName}`,
    message,
    type: 'error',
    data: { documentId: doc.id },
    dedupeKey: `extract-failed:${doc.id}`,
  });
}
