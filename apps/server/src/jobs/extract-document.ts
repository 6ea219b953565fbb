import { z } from 'zod';
import { UPLOAD_MESSAGES } from '@viabiliza/contracts/documents';
import { ExtractionError, type ExtractionProgress } from '@viabiliza/extract/types';
import { extractKeyFields } from '@viabiliza/extract/key-fields';
import type { AppContext } from '../context.ts';
import * as repo from '../modules/documents/documents.repository.ts';
import { createNotification } from '../modules/notifications/notifications.service.ts';
import { JOBS } from './job-names.ts';
import type { JobDefinition } from './queue.ts';

const payload = z.object({ documentId: z.uuid() });
export const EXTRACTION_ATTEMPTS = 3;
const PROGRESS_EVERY_MS = 250;

/**
 * Extracts one document in the worker pool. Retryable failures (timeouts, resource errors) are
 * thrown back to the queue, which waits 1 s then 2 s (spec 01 §9); after the third attempt, or on
 * a final error, the document ends 'error' with its Portuguese reason and the owner is notified.
 * A document deleted meanwhile is simply dropped.
 */
export function extractDocumentJob(ctx: () => AppContext): JobDefinition<z.infer<typeof payload>> {
  return {
    name: JOBS.extractDocument,
    retryLimit: EXTRACTION_ATTEMPTS - 1,
    retryDelaySeconds: 1,
    expireInSeconds: 600,
    // Two threads read files; while one job waits on the database or storage, another keeps them busy.
    concurrency: 4,
    parse: (data) => payload.parse(data),
    handle: async ({ documentId }) => {
      const c = ctx();
      const doc = await repo.findById(c.db, documentId);
      if (!doc || doc.status === 'completed' || doc.status === 'quarantined' || doc.status === 'error') return;
      const publish = () => c.events.publish({ userId: doc.userId, kind: 'document', id: documentId });
      const attempt = doc.attempts + 1;
      await repo.updateDocument(c.db, documentId, { status: 'processing', attempts: attempt, pagesDone: 0, errorMessage: null });
      await publish();

      let lastSent = 0;
      const onProgress = (p: ExtractionProgress) => {
        const now = Date.now();
        if (now - lastSent < PROGRESS_EVERY_MS && p.pagesDone < p.pageCount) return;
        lastSent = now;
        void repo
          .updateDocument(c.db, documentId, { pagesDone: p.pagesDone, pageCount: p.pageCount })
          .then(publish)
          .catch(() => {});
      };

      try {
        const result = await c.storage.withLocalCopy(doc.storageKey, (path) =>
          c.extraction.run({ path, kind: doc.fileType as never, fileName: doc.fileName }, { onProgress }),
        );
        const keys = extractKeyFields({ fileName: doc.fileName, pages: result.pages });
        const ocrPages = result.pages.filter((p) => p.method === 'ocr' && p.confidence !== null);
        const confidence = ocrPages.length
          ? ocrPages.reduce((sum, p) => sum + (p.confidence ?? 0), 0) / ocrPages.length
          : 100;
        const saved = await repo.saveExtraction(c.db, documentId, result.pages, {
          status: 'completed',
          extractedText: result.pages.map((p) => p.text).join('\n\n'),
          pageCount: result.pages.length,
          pagesDone: result.pages.length,
          warnings: [...doc.warnings, ...result.warnings],
          documentType: keys.documentType,
          documentTypeLabel: keys.documentTypeLabel,
          typeConfidence: keys.typeConfidence,
          keyFields: keys.fields,
          confidence: Math.round(confidence * 10) / 10,
          completedAt: new Date(),
          errorMessage: null,
        });
        if (saved) await publish();
      } catch (err) {
        const reason = err instanceof ExtractionError ? err.message : 'Erro inesperado na extração';
        const retryable = !(err instanceof ExtractionError) || err.retryable;
        if (retryable && attempt < EXTRACTION_ATTEMPTS) {
          await repo.updateDocument(c.db, documentId, { status: 'uploaded', errorMessage: `Tentativa ${attempt} falhou: ${reason}` });
          await publish();
          throw err;
        }
        await failDocument(c, doc, retryable ? UPLOAD_MESSAGES.afterRetries(reason) : reason);
      }
    },
  };
}

/** Ends a document in 'error' with its Portuguese reason, live on the page, and tells its owner once. */
export async function failDocument(ctx: AppContext, doc: { id: string; userId: string; fileName: string }, message: string): Promise<void> {
  const failed = await repo.updateDocument(ctx.db, doc.id, { status: 'error', errorMessage: message });
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
