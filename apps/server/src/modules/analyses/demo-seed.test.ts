import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { DEMO_SAMPLES } from './demo-samples.ts';
import { seedSampleData } from './demo-seed.ts';

/**
 * The demo is the first impression: two sample properties, each with its own coherent papers (no
 * divergence in the dossier), one deal that closes and one that does not, each analysed through a
 * completed run, so the dashboard's counts agree ('Análises 2' beside 'Concluídas 2').
 */

let t: TestApp;
let cookie: string;
const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  const account = await signUp(t);
  cookie = account.cookie;
  expect(await seedSampleData(t.runtime.ctx, account.user.id)).toBe(2);
});
afterAll(async () => t?.close());

describe('the demo sample data', () => {
  it('has two properties, each with only its own documents and one analysis of it', async () => {
    const { items } = await get('/api/analyses');
    expect(items).toHaveLength(2);
    const { properties } = await get('/api/properties');
    expect(properties.map((p: { title: string }) => p.title).sort()).toEqual(DEMO_SAMPLES.map((s) => s.title).sort());
    for (const sample of DEMO_SAMPLES) {
      const property = properties.find((p: { title: string }) => p.title === sample.title);
      const { documents } = await get(`/api/documents?propertyId=${property.id}`);
      expect(documents.map((d: { fileName: string }) => d.fileName).sort()).toEqual(sample.documents.map((d) => d.fileName).sort());
      const history = await get(`/api/properties/${property.id}/analyses`);
      expect(history.analyses).toHaveLength(1);
    }
  });

  it('shows one deal that closes and one that does not, with papers that agree', async () => {
    const { items } = await get('/api/analyses');
    const bands: Record<string, string> = {};
    for (const item of items as { id: string; property: { title: string } }[]) {
      const { analysis } = await get(`/api/analyses/${item.id}`);
      const sample = DEMO_SAMPLES.find((s) => s.title === item.property.title)!;
      bands[sample.expected] = analysis.result.score.band;
      // Every fact the documents state, stated once: no 'Divergência entre documentos'.
      const conflicts = (analysis.result.dossier.facts as { key: string; conflict: boolean }[]).filter((f) => f.conflict).map((f) => f.key);
      expect(conflicts, sample.title).toEqual([]);
      // The analysis cites only its own property's documents.
      const own = new Set((await get(`/api/documents?propertyId=${analysis.propertyId}`)).documents.map((d: { id: string }) => d.id));
      expect((analysis.result.dossier.documentIds as string[]).every((id) => own.has(id))).toBe(true);
    }
    expect(['alta', 'moderada']).toContain(bands.bom);
    expect(bands.ruim).toBe('baixa');
  });

  it('gives the dashboard counts that agree: two analyses, two completed runs, a last run', async () => {
    const stats = await get('/api/dashboard/stats');
    expect(stats.totalProperties).toBe(2);
    expect(stats.totalAnalyses).toBe(2);
    expect(stats.runs).toEqual({ completed: 2, failed: 0 });
    expect(stats.own.runs).toMatchObject({ inProgress: 0, completed: 2, failed: 0, lastRunStatus: 'completed' });
    expect(stats.own.runs.lastRunAt).toEqual(expect.any(String));
    expect(stats.recentAnalyses).toHaveLength(2);
  });
});
