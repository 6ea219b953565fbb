import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { documentPages } from '@viabiliza/db/schema';
import type { AppContext } from '../../context.ts';
import { insertDocument } from '../documents/documents.repository.ts';
import * as repo from './analyses.repository.ts';
import { computeAnalysis } from './analyses.service.ts';

/**
 * The sample data of 'Entrar como Demo': the shipped example properties, each with its documents
 * (stored as text files, with their pages and key fields) and a complete analysis by the engine, so
 * the dashboard and history of a fresh demo sandbox show real results. Written into `userId`'s own
 * account (each visitor's sandbox, modules/sandbox); returns how many properties it wrote.
 */
export async function seedSampleData(ctx: AppContext, userId: string, now = new Date()): Promise<number> {
  for (const example of EXAMPLE_PROPERTIES) {
    const documents = [];
    for (const doc of example.documents) {
      const text = doc.pages.map((p) => p.text).join('\n\n');
      const bytes = Buffer.from(text, 'utf8');
      const temp = await ctx.storage.receive(Readable.from([bytes]), bytes.length);
      const row = await insertDocument(ctx.db, {
        userId,
        fileName: doc.fileName,
        fileType: 'txt',
        fileSize: bytes.length,
        storageKey: `${userId}/${createHash('sha256').update(`${example.id}/${doc.id}`).digest('hex').slice(0, 32)}`,
        sha256: temp.sha256,
        extractedText: text,
        status: 'completed',
        pageCount: doc.pages.length,
        pagesDone: doc.pages.length,
        attempts: 1,
        documentType: doc.documentType,
        keyFields: doc.keyFields,
        completedAt: now,
      });
      await ctx.storage.commit(temp.tmpPath, row.storageKey, 'uploads');
      await ctx.db.insert(documentPages).values(
        doc.pages.map((p) => ({ documentId: row.id, pageNumber: p.number, text: p.text, method: 'text', confidence: null })),
      );
      documents.push({ engine: { ...doc, id: row.id }, text });
    }
    const outcome = await computeAnalysis({
      ctx,
      analysisType: 'complete',
      questionnaire: example.questionnaire,
      documents,
      overrides: {},
      provider: 'local',
      title: example.title,
      now,
    });
    await repo.saveAnalysis(ctx.db, {
      userId: userId,
      runId: null,
      propertyId: null,
      newProperty: {
        title: example.title,
        address: example.questionnaire.address ?? null,
        city: example.questionnaire.city ?? null,
        state: example.questionnaire.state ?? null,
        propertyType: example.questionnaire.propertyType ?? 'residential',
      },
      questionnaire: example.questionnaire as Record<string, unknown>,
      documentIds: documents.map((d) => d.engine.id),
      analysis: outcome.analysis,
    });
  }
  return EXAMPLE_PROPERTIES.length;
}
