import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS } from '@viabiliza/contracts/reports';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { asAnalysisResult, buildReportModel, type ReportModel } from './report-model.ts';
import { renderReportHtml } from './render-html.ts';

/**
 * Issue 18 §7: the HTML report opened on a phone. A table of three or more columns stacks into one
 * card per row below 640 px, each value carrying its column's name (data-label) and the table its
 * roles; a narrower one stays a table in a scroll box whose first column is pinned. The browser
 * side (bounding boxes at 375 px) is e2e/mobile-tables.spec.ts.
 */

function completeModel(): ReportModel {
  const example = EXAMPLE_PROPERTIES[0]!;
  const { result, markdown } = runEngine({ analysisType: 'complete', questionnaire: example.questionnaire, documents: example.documents, generatedAt: '2026-01-10T15:00:00.000Z', title: 'Imóvel' });
  return buildReportModel(
    {
      id: '0123abcd-0000-4000-8000-000000000000',
      analysisType: 'complete',
      property: { title: 'Imóvel', address: 'Rua A, 1', city: 'São Paulo', state: 'SP' },
      resultContent: markdown,
      result: asAnalysisResult(result)!,
      providerUsed: 'local',
      model: 'viabiliza-engine@1.0.0',
      tokensUsed: 0,
      confidenceScore: 85,
      completeness: result.completeness.percent,
      createdAt: '2026-01-10T15:04:00.000Z',
    },
    { ...DEFAULT_REPORT_OPTIONS, template: 'complete' },
    new Date('2026-01-11T01:30:00Z'),
  );
}

describe('the HTML report on a phone', () => {
  it('stacks tables of three columns or more into labelled cards and pins the first column of the others', () => {
    const model = completeModel();
    const tables = model.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'table');
    const wide = tables.filter((t) => t.columns.length >= 3);
    expect(wide.length).toBeGreaterThan(0);

    const html = renderReportHtml(model);
    const wraps = [...html.matchAll(/<div class="(table-wrap(?: stack)?)" data-scroll-cue="">([\s\S]*?)<\/table><\/div>/g)];
    expect(wraps).toHaveLength(tables.length);
    expect(wraps.filter((w) => w[1] === 'table-wrap stack')).toHaveLength(wide.length);

    for (const [, , inner] of wraps) {
      expect(inner).toMatch(/^<table role="table"/);
      expect(inner).toContain('<thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader"');
      const headers = [...inner!.matchAll(/<th [^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
      const cells = [...inner!.matchAll(/<td role="cell" data-label="([^"]*)"/g)].map((m) => m[1]);
      const rows = [...inner!.matchAll(/<tr role="row">/g)].length - 1;
      // Every cell names its column, in the column's order.
      expect(cells).toHaveLength(rows * headers.length);
      cells.forEach((label, i) => expect(label).toBe(headers[i % headers.length]));
    }

    // The CSS: stacked below 640 px on screens only (print keeps the table), first column pinned.
    expect(html).toContain('@media screen and (max-width:640px)');
    expect(html).toMatch(/\.stack colgroup,\.stack thead\{display:none\}/);
    expect(html).toMatch(/\.stack td::before\{content:attr\(data-label\)/);
    expect(html).toMatch(/\.table-wrap th:first-child,\.table-wrap td:first-child\{position:sticky;left:0/);
  });
});
