import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS } from '@viabiliza/contracts/reports';
import { runEngine } from '@viabiliza/engine/analyze';
import { asAnalysisResult, buildReportModel, type ReportSource } from './report-model.ts';
import { renderReportHtml } from './render-html.ts';

const AT = '2026-11-25T12:00:00.000Z';

function source(): ReportSource {
  const questionnaire = { city: 'São Paulo', state: 'SP', propertyType: 'apartamento' as const, usableArea: '70', targetValue: '850.000', monthlyRent: '3.500', acceptsFinancing: false };
  const { result, markdown } = runEngine({ analysisType: 'complete', questionnaire, documents: [], generatedAt: AT, title: 'Apto' });
  return {
    id: '0123abcd-0000-4000-8000-000000000002',
    analysisType: 'complete',
    property: { title: 'Apto', address: null, city: 'São Paulo', state: 'SP' },
    resultContent: markdown,
    result: asAnalysisResult(result)!,
    providerUsed: 'local',
    model: 'viabiliza-engine@1.0.0',
    tokensUsed: 0,
    confidenceScore: 85,
    completeness: result.completeness.percent,
    createdAt: AT,
  };
}

describe('the HTML report: after tax and stress', () => {
  it('shows the after-tax figures and the stress table in the financial section', () => {
    const s = source();
    expect(s.result.stress?.scenarios).toHaveLength(6);
    const html = renderReportHtml(buildReportModel(s, { ...DEFAULT_REPORT_OPTIONS, template: 'complete' }, new Date(AT)));
    expect(html).toContain('Após impostos e ao longo do tempo');
    expect(html).toContain('TIR sem financiamento');
    expect(html).toContain('Aluguel de equilíbrio (VPL = 0)');
    expect(html).toContain('Testes de estresse');
    expect(html).toContain('Preço de saída −10 %');
    expect(html).toContain('Todos combinados');
  });
});
