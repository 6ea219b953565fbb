import { and, inArray, lt } from 'drizzle-orm';
import { propertyDocuments } from '@viabiliza/db/schema';
import { UPLOAD_MESSAGES } from '@viabiliza/contracts/documents';
import type { AppContext } from '../../context.ts';
import type { StorageArea } from '../../storage/file-storage.ts';
import { EXTRACTION_ATTEMPTS, failDocument } from '../../jobs/extract-document.ts';
import { JOBS } from '../../jobs/job-names.ts';
import * as repo from './documents.repository.ts';

/**
 * What a crash (SIGKILL, power loss) can leave of the upload path, put right at the next start:
 * a document whose extraction job died with the process (or whose job was never sent) is queued
 * again, or ends in 'error' with a notification once it has used its attempts; a file received but
 * never committed (DATA_DIR/tmp) and a file committed whose row was never written are removed.
 * `before` is the start of this process with the embedded database (one process owns DATA_DIR);
 * on PostgreSQL, where other instances may be mid-upload, only older leftovers are touched.
 */
export async function recoverDocuments(ctx: AppContext, before: Date): Promise<{ resumed: number; failed: number }> {
  const stuck = await ctx.db
    .select({ id: propertyDocuments.id, userId: propertyDocuments.userId, fileName: propertyDocuments.fileName, attempts: propertyDocuments.attempts })
    .from(propertyDocuments)
    .where(and(inArray(propertyDocuments.status, ['uploaded', 'processing']), lt(propertyDocuments.updatedAt, before)));
  let resumed = 0;
  let failed = 0;
  for (const doc of stuck) {
    if (doc.attempts >= EXTRACTION_ATTEMPTS) {
      await failDocument(ctx, doc, UPLOAD_MESSAGES.interrupted);
      failed++;
      continue;
    }
    // Extraction is idempotent (pages are replaced in one transaction), so a job that also
    // survived in the queue costs time, never a duplicate.
    await repo.updateDocument(ctx.db, doc.id, { status: 'uploaded' });
    await ctx.queue.send(JOBS.extractDocument, { documentId: doc.id }, { group: doc.userId });
    resumed++;
  }
  return { resumed, failed };
}

/** Removes stored files no document row points to, and temporary files of cut-off receives. */
export async function sweepOrphanFiles(ctx: AppContext, before: Date): Promise<{ orphans: number; temporary: number }> {
  const temporary = await ctx.storage.sweepTemp(before);
  let orphans = 0;
  for (const area of ['uploads', 'quarantine'] as StorageArea[]) {
    const candidates: string[] = [];
    for await (const { key, modifiedAt } of ctx.storage.listKeys(area)) if (modifiedAt < before) candidates.push(key);
    for (let i = 0; i < candidates.length; i += 500) {
      const chunk = candidates.slice(i, i + 500);
      const known = new Set(
        (await ctx.db.select({ key: propertyDocuments.storageKey }).from(propertyDocuments).where(inArray(propertyDocuments.storageKey, chunk))).map((r) => r.key),
      );
      for (const key of chunk) {
        if (known.has(key)) continue;
        await ctx.storage.remove(key);
        orphans++;
      }
    }
  }
  return { orphans, temporary };
}
