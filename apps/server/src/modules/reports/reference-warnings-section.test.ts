import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS, type ReportOptions } from '@viabiliza/contracts/reports';
import { runEngine } from '@viabiliza/engine/analyze';
import { asAnalysisResult, buildReportModel, type ReportSource } from './report-model.ts';
import { renderReportHtml } from './render-html.ts';

function source(generatedAt: string): ReportSource {
  const questionnaire = { city: 'São Paulo', state: 'SP', propertyType: 'apartamento' as const, usableArea: '80', targetValue: '900.000', monthlyRent: '4.500' };
  const { result, markdown } = runEngine({ analysisType: 'complete', questionnaire, documents: [], generatedAt, title: 'Apto' });
  return {
    id: '0123abcd-0000-4000-8000-000000000001',
    analysisType: 'complete',
    property: { title: 'Apto', address: null, city: 'São Paulo', state: 'SP' },
    resultContent: markdown,
    result: asAnalysisResult(result)!,
    providerUsed: 'local',
    model: 'viabiliza-engine@1.0.0',
    tokensUsed: 0,
    confidenceScore: 85,
    completeness: result.completeness.percent,
    createdAt: generatedAt,
  };
}
const options = (o: Partial<ReportOptions> = {}): ReportOptions => ({ ...DEFAULT_REPORT_OPTIONS, ...o });

describe('the report section on old reference figures', () => {
  it('lists each stale figure with its date, before the assumptions, in every template', () => {
    // On 2026-11-25 the shipped FipeZAP São Paulo price (nov/2024) is 2 years old: more than 2 months.
    const s = source('2026-11-25T12:00:00.000Z');
    for (const template of ['executive', 'technical', 'complete'] as const) {
      const ids = buildReportModel(s, options({ template }), new Date('2026-11-25T12:00:00Z')).sections.map((x) => x.id);
      expect(ids).toContain('reference-warnings');
      if (template !== 'executive') expect(ids.indexOf('reference-warnings')).toBe(ids.indexOf('assumptions') - 1);
    }
    const html = renderReportHtml(buildReportModel(s, options({ template: 'complete' }), new Date('2026-11-25T12:00:00Z')));
    expect(html).toContain('Dados de referência antigos');
    expect(html).toContain('FipeZAP venda São Paulo de nov/2024 usada em nov/2026: dado com mais de 2 meses; confira o valor atual.');
  });

  it('is absent when no figure is stale', () => {
    // On 2024-12-15 the nov/2024 FipeZAP row is weeks old: no warning for it.
    const s = source('2024-12-15T12:00:00.000Z');
    expect(s.result.referenceWarnings?.some((w) => w.referenceId.startsWith('fipezap')) ?? false).toBe(false);
    const current = { ...s, result: { ...s.result, referenceWarnings: undefined } };
    const ids = buildReportModel(current, options({ template: 'complete' }), new Date('2024-12-15T12:00:00Z')).sections.map((x) => x.id);
    expect(ids).not.toContain('reference-warnings');
  });
});
