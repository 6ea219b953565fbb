import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS, type ReportOptions } from '@viabiliza/contracts/reports';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { REPORT_DISCLAIMER } from '@viabiliza/engine/report';
import { asAnalysisResult, buildReportModel, formatDateTime, type ReportSource } from './report-model.ts';
import { REPORT_HTML_CSP, renderReportHtml } from './render-html.ts';

const XSS_SCRIPT = '<script>alert(1)</script>';
const XSS_ATTR = '"><img src=x onerror=alert(1)>';

function source(exampleIndex = 0, overrides: Partial<ReportSource> = {}): ReportSource {
  const example = EXAMPLE_PROPERTIES[exampleIndex]!;
  const { result, markdown } = runEngine({
    analysisType: 'complete',
    questionnaire: example.questionnaire,
    documents: example.documents,
    generatedAt: '2026-01-10T15:00:00.000Z',
    title: example.title,
  });
  return {
    id: '0123abcd-0000-4000-8000-000000000000',
    analysisType: 'complete',
    property: { title: example.title, address: example.questionnaire.address ?? null, city: 'São Paulo', state: 'SP' },
    resultContent: markdown,
    result: asAnalysisResult(result)!,
    providerUsed: 'local',
    model: 'viabiliza-engine@1.0.0',
    tokensUsed: 0,
    confidenceScore: 85,
    completeness: result.completeness.percent,
    createdAt: '2026-01-10T15:04:00.000Z',
    ...overrides,
  };
}

const NOW = new Date('2026-01-11T01:30:00Z');
const options = (o: Partial<ReportOptions> = {}): ReportOptions => ({ ...DEFAULT_REPORT_OPTIONS, ...o });
const sectionIds = (o: Partial<ReportOptions>, s = source()) => buildReportModel(s, options(o), NOW).sections.map((x) => x.id);

describe('buildReportModel', () => {
  it('gives each template its sections', () => {
    // The example's FipeZAP and TR rows are older than twice their cadence in 01/2026: the
    // executive summary carries the old-figures warning right after the key figures.
    expect(sectionIds({ template: 'executive' })).toEqual(['summary', 'key-figures', 'reference-warnings', 'top-risks', 'top-opportunities', 'next-steps', 'conclusion']);
    const technical = sectionIds({ template: 'technical' });
    expect(technical).toEqual(expect.arrayContaining(['score', 'financial', 'market', 'legal', 'technical', 'environmental', 'assumptions', 'references']));
    expect(technical).not.toContain('summary');
    const complete = sectionIds({ template: 'complete' });
    expect(complete[0]).toBe('summary');
    expect(complete.at(-1)).toBe('conclusion');
    expect(complete).toEqual(expect.arrayContaining(technical));
  });

  it('puts the development before the acquisition for a plot', () => {
    const ids = sectionIds({ template: 'technical' }, source(1));
    expect(ids.indexOf('development')).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf('development')).toBeLessThan(ids.indexOf('financial'));
  });

  it('fills the metadata block: short id, dates in Brasília, provider, confidence band', () => {
    const model = buildReportModel(source(), options(), NOW);
    const rows = Object.fromEntries(model.metadata!.rows.map((r) => [r.label, r.value]));
    expect(rows['ID da análise']).toBe('0123abcd');
    expect(rows['Data da análise']).toBe('10/01/2026 12:04');
    expect(rows['Relatório gerado em']).toBe('10/01/2026 22:30');
    expect(rows.Provedor).toBe('Motor Viabiliza');
    expect(model.metadata!.confidence).toEqual({ score: '85%', label: 'Alta Confiança', color: '#16a34a' });
    const unknown = buildReportModel(source(0, { providerUsed: null, confidenceScore: 59 }), options(), NOW);
    expect(unknown.metadata!.rows.find((r) => r.label === 'Provedor')!.value).toBe('Não especificado');
    expect(unknown.metadata!.confidence!.label).toBe('Baixa Confiança');
    expect(buildReportModel(source(), options({ includeMetadata: false }), NOW).metadata).toBeNull();
  });

  it('uses the brand only when asked, and only valid colours', () => {
    const branded = buildReportModel(source(), options({ companyName: 'Incorporadora X', customColors: { primary: '#111111', secondary: '#222222', accent: 'red;}body{x' } }), NOW);
    expect(branded.branding).toEqual({ companyName: 'Incorporadora X' });
    expect(branded.colors).toEqual({ primary: '#111111', secondary: '#222222', accent: '#059669' });
    const plain = buildReportModel(source(), options({ includeBranding: false, customColors: { primary: '#111111', secondary: '#222222', accent: '#333333' } }), NOW);
    expect(plain.branding).toBeNull();
    expect(plain.colors.primary).toBe('#2563eb');
  });

  it('cites documents with their pages and reference data with dates', () => {
    const model = buildReportModel(source(), options({ template: 'technical' }), NOW);
    const legal = model.sections.find((s) => s.id === 'legal')!;
    const checklist = legal.blocks.find((b) => b.kind === 'table')!;
    expect(JSON.stringify(checklist)).toMatch(/matricula-98765\.pdf, p\. 1/);
    const refs = model.sections.find((s) => s.id === 'references')!;
    expect(JSON.stringify(refs)).toMatch(/\d{2}\/\d{4}/);
    const market = model.sections.find((s) => s.id === 'market')!;
    expect(JSON.stringify(market)).toContain('NBR 14653');
    expect(JSON.stringify(market)).toContain('FipeZAP');
  });

  it("falls back to the engine's narrative when the stored text has none, and names an AI writer", () => {
    const model = buildReportModel(source(0, { resultContent: '' }), options({ template: 'executive' }), NOW);
    const summary = model.sections.find((s) => s.id === 'summary')!;
    expect(JSON.stringify(summary)).toContain('resultou em pontuação de viabilidade');
    expect(model.disclaimer).toBe(REPORT_DISCLAIMER);
    const ai = buildReportModel(source(0, { providerUsed: 'gemini' }), options(), NOW);
    expect(ai.disclaimer).toContain('inteligência artificial (Gemini)');
  });

  it('formats dates as dd/MM/yyyy HH:mm in Brasília', () => {
    expect(formatDateTime('2026-07-01T03:05:00Z')).toBe('01/07/2026 00:05');
    expect(formatDateTime('x')).toBe('—');
  });
});

describe('renderReportHtml', () => {
  it('escapes everything that came from the user or documents and has no script', () => {
    const s = source(0, {
      property: { title: `Casa ${XSS_SCRIPT}`, address: `Rua ${XSS_ATTR}`, city: XSS_SCRIPT, state: 'SP' },
      resultContent: `## Resumo executivo\n\nTexto ${XSS_SCRIPT} e **${XSS_ATTR}**\n\n## Conclusão\n\nFim ${XSS_ATTR}`,
      model: XSS_SCRIPT,
    });
    for (const template of ['executive', 'technical', 'complete'] as const) {
      const html = renderReportHtml(buildReportModel(s, options({ template, companyName: XSS_ATTR }), NOW));
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      // No tag carries an event handler; the payload's 'onerror=' survives only as escaped text.
      expect(html).not.toMatch(/<[^<>]*\son[a-z]+\s*=/i);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('is one self-contained page with a strict CSP, the chart and the disclaimer', () => {
    const html = renderReportHtml(buildReportModel(source(), options(), NOW));
    expect(html.startsWith('<!DOCTYPE html><html lang="pt-BR">')).toBe(true);
    expect(html).toContain(`content="${REPORT_HTML_CSP.replaceAll("'", '&#x27;')}"`);
    expect(REPORT_HTML_CSP).toContain("default-src 'none'");
    expect(html).not.toMatch(/<(link|iframe|object|embed|form)\b/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(html).toMatch(/<svg[^>]+viewBox="0 0 640 260"/);
    expect(html).toContain('<polyline');
    expect(html).toContain('Fluxo de caixa do investimento');
    expect(html).toContain('deve ser validado por profissionais qualificados');
    expect(html).toContain('<title>Relatório Completo - Apartamento em Pinheiros</title>');
  });
});
