import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS } from '@viabiliza/contracts/reports';
import { runEngine } from '@viabiliza/engine/analyze';
import { asAnalysisResult, buildReportModel, type ReportSource } from './report-model.ts';
import { renderReportHtml } from './render-html.ts';

/** The HTML report of one questionnaire, run through the engine as the server does. */
function reportHtml(questionnaire: Record<string, unknown>): string {
  const { result, markdown } = runEngine({
    analysisType: 'complete',
    questionnaire: questionnaire as never,
    documents: [],
    generatedAt: '2026-11-25T12:00:00.000Z',
    title: 'Imóvel',
  });
  const source: ReportSource = {
    id: '0123abcd-0000-4000-8000-000000000001',
    analysisType: 'complete',
    property: { title: 'Imóvel', address: null, city: String(questionnaire.city ?? ''), state: 'SP' },
    resultContent: markdown,
    result: asAnalysisResult(result)!,
    providerUsed: 'local',
    model: 'viabiliza-engine@1.0.0',
    tokensUsed: 0,
    confidenceScore: 85,
    completeness: result.completeness.percent,
    createdAt: '2026-11-25T12:04:00.000Z',
  };
  return renderReportHtml(buildReportModel(source, { ...DEFAULT_REPORT_OPTIONS }, new Date('2026-11-25T13:00:00Z')));
}

describe('report: financing table', () => {
  it('names the regime, each system’s LTV and CET, the monthly TR/MIP/DFI and the notes', () => {
    // The buyer chose a loan ('Pretende financiar?'): only then is the financing table shown.
    const html = reportHtml({ city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '500.000', monthlyRent: '2.500', deal: { wantsFinancing: true } });
    expect(html).toContain('Financiamento (SAC e Price) — SFH');
    // SAC 80 %, Price 70 % of R$ 500.000.
    expect(html).toContain('80,00%');
    expect(html).toContain('70,00%');
    expect(html).toContain('R$ 350.000,00');
    expect(html).toContain('CET');
    expect(html).toContain('0,17% ao mês'); // TR 0,1711 %: percentages with at most two decimals
    expect(html).toMatch(/a entrada subiu/);
  });

  it('a warehouse is reported as commercial credit', () => {
    const html = reportHtml({ city: 'Jundiaí', state: 'SP', propertyType: 'galpao', purpose: ['comercial'], usableArea: '2000', targetValue: '9.000.000', monthlyRent: '70.000', deal: { wantsFinancing: true } });
    expect(html).toContain('Financiamento (SAC e Price) — Crédito comercial');
    expect(html).not.toContain('— SFH');
  });

  it('no financing table when the buyer did not choose a loan (the seller accepting one is not the buyer borrowing)', () => {
    const html = reportHtml({ city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '500.000', monthlyRent: '2.500', acceptsFinancing: true });
    expect(html).not.toContain('Financiamento (SAC e Price)');
  });
});

describe('report: hurdle, loan effect, flip and honest labels in the HTML', () => {
  it('states which hurdle judges the deal and why, and the chosen loan beside the property', () => {
    const html = reportHtml({ city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '500.000', monthlyRent: '2.500', deal: { wantsFinancing: true } });
    expect(html).toContain('Taxa mínima de atratividade (TMA): locação (após impostos)');
    expect(html).toContain('Tesouro IPCA+ 2035');
    expect(html).toContain('Efeito do financiamento escolhido');
    expect(html).toContain('Fluxo de caixa do imóvel (sem financiamento)');
    expect(html).toContain('Preço por m²');
  });

  it('a flip shows its works, months empty, sale and profit', () => {
    const html = reportHtml({
      city: 'Recife', state: 'PE', propertyType: 'apartamento', usableArea: '75', targetValue: '330.000', condominiumFee: '650', monthlyRent: '0',
      deal: { strategy: 'revenda', renovationBudget: '45.000', worksMonths: '3', sellMonths: '5', targetSalePrice: '500.000' },
    });
    expect(html).toContain('Reforma e revenda');
    expect(html).toContain('Lucro após impostos');
    expect(html).toContain('revenda (após impostos, no prazo da operação)');
  });

  it('no score beside "Dados insuficientes", and no confidence above the evidence', () => {
    const html = reportHtml({ city: 'Recife' });
    expect(html).toContain('Dados insuficientes');
    expect(html).not.toMatch(/class="value">\d/);
  });
});
