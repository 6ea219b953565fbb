import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS } from '@viabiliza/contracts/reports';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { dossierOf } from '../dossier/dossier.service.ts';
import { asAnalysisResult, buildReportModel, type ReportSource } from './report-model.ts';
import { renderReportHtml } from './render-html.ts';
import { renderReportPdf } from './render-pdf.ts';

/*
 * The Markdown (the Relatório tab, the text export, the public API's `content`), the HTML and the
 * PDF of one complete analysis carry the same sections: the example flat with its documents (a
 * dossier), a loan the buyer chose (levered view, DSCR), the stress table and a stale reference row.
 */
const AT = '2026-11-25T12:00:00.000Z';
const NOW = new Date('2026-11-25T13:00:00Z');

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? ' ' : '');
    text += ' ';
  }
  await pdf.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('one analysis, three formats, the same sections', () => {
  it('every section of the HTML/PDF is a heading of the Markdown, and the PDF prints them all', async () => {
    const e = EXAMPLE_PROPERTIES[0]!;
    const questionnaire = { ...e.questionnaire, deal: { wantsFinancing: true } };
    const { result, markdown, confidence } = runEngine({
      analysisType: 'complete',
      questionnaire,
      documents: e.documents,
      dossier: dossierOf(e.documents, '2026-11-25'),
      generatedAt: AT,
      title: e.title,
    });
    const source: ReportSource = {
      id: '0123abcd-0000-4000-8000-000000000002',
      analysisType: 'complete',
      property: { title: e.title, address: null, city: 'São Paulo', state: 'SP' },
      resultContent: markdown,
      result: asAnalysisResult(result)!,
      providerUsed: 'local',
      model: 'viabiliza-engine',
      tokensUsed: 0,
      confidenceScore: confidence,
      completeness: result.completeness.percent,
      createdAt: AT,
    };
    const model = buildReportModel(source, { ...DEFAULT_REPORT_OPTIONS, template: 'complete' }, NOW);
    const modelTitles = model.sections.map((s) => s.title);
    const markdownTitles = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    // The sections the issue found missing from the Markdown are there now.
    for (const title of ['Diligência', 'Dados de referência antigos', 'Números principais']) expect(modelTitles).toContain(title);
    expect(markdownTitles).toEqual(modelTitles);
    for (const sub of ['Testes de estresse', 'Após impostos e ao longo do tempo', 'Efeito do financiamento escolhido']) {
      expect(markdown).toContain(`### ${sub}`);
      expect(model.sections.some((s) => s.blocks.some((b) => b.kind === 'subheading' && b.text === sub))).toBe(true);
    }
    const html = renderReportHtml(model);
    // The HTML adds the metadata box ('Informações da análise'), which the Markdown's header lines carry.
    const htmlTitles = [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((t) => t !== 'Informações da análise');
    expect(htmlTitles).toEqual(modelTitles);
    const pdf = await pdfText(await renderReportPdf(model));
    for (const title of modelTitles) expect(pdf, title).toContain(title);
    expect(markdown).toContain('DSCR mínimo');
    expect(markdown).toContain('Imposto sobre o aluguel no 1º ano');
  }, 180_000); // a complete PDF on a saturated 2-core machine
});
