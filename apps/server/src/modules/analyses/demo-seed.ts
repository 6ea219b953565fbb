import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ENGINE_VERSION } from '@viabiliza/engine/analyze';
import { documentPages, properties } from '@viabiliza/db/schema';
import type { AppContext } from '../../context.ts';
import { insertDocument } from '../documents/documents.repository.ts';
import * as repo from './analyses.repository.ts';
import { computeAnalysis, inputHash } from './analyses.service.ts';
import { DEMO_SAMPLES } from './demo-samples.ts';

/**
 * The sample data of 'Entrar como Demo': the two sample properties (a deal that closes, one that does not), each with its documents
 * (stored as text files, with their pages and key fields) and a complete analysis by the engine, so
 * the dashboard and history of a fresh demo sandbox show real results. Written into `userId`'s own
 * account (each visitor's sandbox, modules/sandbox); returns how many properties it wrote.
 */
export async function seedSampleData(ctx: AppContext, userId: string, now = new Date()): Promise<number> {
  for (const example of DEMO_SAMPLES) {
    // The property first: every document belongs to one, and each sample's papers only to its own.
    const [property] = await ctx.db
      .insert(properties)
      .values({
        userId,
        title: example.title,
        address: example.questionnaire.address ?? null,
        city: example.questionnaire.city ?? null,
        state: example.questionnaire.state ?? null,
        propertyType: example.questionnaire.propertyType ?? 'residential',
        status: 'pending',
        createdAt: now,
      })
      .returning({ id: properties.id });
    const documents = [];
    for (const doc of example.documents) {
      const text = doc.pages.map((p) => p.text).join('\n\n');
      const bytes = Buffer.from(text, 'utf8');
      const temp = await ctx.storage.receive(Readable.from([bytes]), bytes.length);
      const row = await insertDocument(ctx.db, {
        userId,
        propertyId: property!.id,
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
      documents.push({ engine: { ...doc, id: row.id }, text, sha256: temp.sha256 });
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
    // Saved through a completed run, like any analysis: the dashboard's 'Concluídas' and last run
    // count it (an analysis without a run read 'Análises 2' beside 'Nenhuma análise executada ainda'),
    // and the what-if rebuilds its input from the run as for any other.
    const input = {
      analysisType: 'complete' as const,
      questionnaire: example.questionnaire,
      documentIds: documents.map((d) => d.engine.id),
      propertyId: property!.id,
      provider: 'local',
      overrides: {},
    };
    const hash = inputHash(input, documents.map((d) => ({ sha256: d.sha256 })), ENGINE_VERSION);
    const run = await repo.insertRun(ctx.db, {
      userId,
      analysisType: 'complete',
      input,
      inputHash: hash,
      propertyId: property!.id,
      status: 'saving',
      createdAt: now,
    });
    await repo.saveAnalysis(ctx.db, {
      userId: userId,
      runId: run.id,
      propertyId: property!.id,
      newProperty: null,
      questionnaire: example.questionnaire as Record<string, unknown>,
      documentIds: documents.map((d) => d.engine.id),
      analysis: { ...outcome.analysis, inputHash: hash },
    });
  }
  return DEMO_SAMPLES.length;
}
