import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analysisDetail, exampleAnalysis } from '@viabiliza/contracts/analysis';
import { ANALYSIS_RESULT_VERSION, type AnalysisResult } from '@viabiliza/contracts/analysis-result';
import { properties, propertyAnalyses } from '@viabiliza/db/schema';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import v1 from '../../../../../packages/contracts/src/__fixtures__/analysis-result-v1.json' with { type: 'json' };
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

/**
 * The analysis result is served as the versioned schema (issue 17, item 9): a row stored before the
 * schema (v1: no schemaVersion, no dossier) is upgraded on the way out; an unreadable one is served
 * as `result: null` instead of a 500 from the response serializer.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
const ids: Record<string, string> = {};

async function addRow(key: string, result: unknown) {
  const [prop] = await t.runtime.ctx.db
    .insert(properties)
    .values({ userId: owner.user.id, title: `Imóvel ${key}`, city: 'São Paulo', state: 'SP', address: 'Rua de Teste, 10', status: 'analyzed' })
    .returning({ id: properties.id });
  const [row] = await t.runtime.ctx.db
    .insert(propertyAnalyses)
    .values({
      userId: owner.user.id,
      propertyId: prop!.id,
      analysisType: 'complete',
      providerUsed: 'local',
      resultContent: '# Relatório\n\nTexto do relatório.',
      // Stored as it was written at the time: an older shape than AnalysisResult, on purpose.
      result: result as AnalysisResult,
      completeness: 80,
      viabilityScore: 6,
    })
    .returning({ id: propertyAnalyses.id });
  ids[key] = row!.id;
}

const detail = async (key: string) => {
  const res = await t.app.inject({ url: `/api/analyses/${ids[key]}`, headers: { cookie: owner.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  const e = EXAMPLE_PROPERTIES[0]!;
  const current = runEngine({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: '2026-03-10T12:00:00.000Z', title: e.title }).result;
  await addRow('v1', v1);
  await addRow('current', current);
  await addRow('garbage', { score: 'ótimo', financial: [1, 2, 3] });
});
afterAll(async () => t?.close());

describe('GET /api/analyses/:id serves the result as the versioned schema', () => {
  it('upgrades a v1 row stored before the schema, figures intact', async () => {
    const body = z.object({ analysis: analysisDetail }).parse(await detail('v1'));
    const r = body.analysis.result!;
    expect(r.schemaVersion).toBe(ANALYSIS_RESULT_VERSION);
    expect(r.dossier).toBeNull();
    expect(r.financial!.price.value).toBe(v1.financial.price.value);
    expect(r.score.value).toBe(v1.score.value);
  });

  it('serves a current row as the engine wrote it', async () => {
    const body = z.object({ analysis: analysisDetail }).parse(await detail('current'));
    expect(body.analysis.result?.schemaVersion).toBe(ANALYSIS_RESULT_VERSION);
    expect(body.analysis.result?.title).toBe('Apartamento em Pinheiros');
  });

  it('serves an unreadable result as null, not a 500', async () => {
    const body = z.object({ analysis: analysisDetail }).parse(await detail('garbage'));
    expect(body.analysis.result).toBeNull();
    expect(body.analysis.resultContent).toContain('Relatório');
  });

  it('renders the HTML report of the v1 row', async () => {
    const res = await t.app.inject({ url: `/api/analyses/${ids.v1}/report.html`, headers: { cookie: owner.cookie } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toContain('Apartamento em Pinheiros');
  });

  it('the example (demo) route validates against the schema', async () => {
    const res = await t.app.inject({ url: '/api/analyses/example?type=complete' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = z.object({ analysis: exampleAnalysis }).parse(res.json());
    expect(body.analysis.result?.schemaVersion).toBe(ANALYSIS_RESULT_VERSION);
  });
});
