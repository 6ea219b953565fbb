import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS, type ReportOptions } from '@viabiliza/contracts/reports';
import { dossier as dossierSchema, type Citation, type Dossier } from '@viabiliza/contracts/dossier';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { dossierSection, formatMatricula } from './dossier-section.ts';
import { asAnalysisResult, buildReportModel, type ReportSource } from './report-model.ts';
import { renderReportHtml } from './render-html.ts';
import { renderReportPdf } from './render-pdf.ts';

const cite = (fileName: string, page: number, quote: string): Citation => ({ documentId: `doc-${fileName}`, fileName, page, quote });
const m1 = cite('matricula.pdf', 1, 'R.1 - COMPRA E VENDA');
const m2 = cite('matricula.pdf', 2, 'R.3 - HIPOTECA');
const m3 = cite('matricula.pdf', 2, 'AV.5 - CANCELAMENTO');
const m4 = cite('matricula.pdf', 3, 'R.6 - USUFRUTO');

/** A folder's dossier: two owners, a mortgage cancelled by AV.5, an active usufruto, checks. */
const DOSSIER: Dossier = dossierSchema.parse({
  version: 1,
  asOf: '2026-01-10',
  documentIds: ['doc-matricula.pdf', 'doc-itbi.pdf', 'doc-cndt.pdf'],
  matriculas: [
    {
      matricula: '46511',
      cartorio: '10º Oficial de Registro de Imóveis de São Paulo',
      documentId: 'doc-matricula.pdf',
      issuedOn: '2026-01-02',
      acts: [],
      chain: [{ act: 'R.1', date: '2015-03-02', type: 'compra_venda', from: ['Construtora Alfa Ltda.'], to: ['Ana Beatriz Moura', 'Carlos Moura'], value: 640000, citation: m1 }],
      owners: [
        { name: 'Ana Beatriz Moura', taxId: null, fraction: 0.5, sinceAct: 'R.1', citation: m1 },
        { name: 'Carlos Moura', taxId: null, fraction: 0.5, sinceAct: 'R.1', citation: m1 },
      ],
      liens: [
        { type: 'hipoteca', act: 'R.3', date: '2015-03-02', status: 'cancelado', cancelledBy: 'AV.5', beneficiary: 'Banco Horizonte S.A.', severity: 'condiciona', citation: m2, cancelCitation: m3 },
        { type: 'usufruto', act: 'R.6', date: '2020-08-14', status: 'ativo', cancelledBy: null, beneficiary: 'Helena Moura', severity: 'condiciona', citation: m4, cancelCitation: null },
      ],
    },
  ],
  facts: [
    { key: 'valor_itbi', label: 'ITBI devido', value: 'R$ 24.000,00', normalized: 24000, sources: [{ value: 'R$ 24.000,00', normalized: 24000, citation: cite('itbi.pdf', 1, 'Valor do imposto 24.000,00') }], conflict: false },
    {
      key: 'area_privativa_m2',
      label: 'Área privativa',
      value: '82,5 m²',
      normalized: 82.5,
      sources: [
        { value: '82,5 m²', normalized: 82.5, citation: cite('matricula.pdf', 1, 'área privativa de 82,50m²') },
        { value: '85 m²', normalized: 85, citation: cite('iptu.pdf', 1, 'Área construída 85') },
      ],
      conflict: true,
    },
  ],
  sellers: [],
  buyers: [],
  certidoes: [
    { item: 'cndt', label: 'CNDT (por vendedor)', person: 'Carlos Moura', status: 'vencida', result: 'negativa', issuedOn: '2025-05-01', validUntil: '2025-10-28', rule: 'Lei 12.440/2011: 180 dias da emissão', documentId: 'doc-cndt.pdf', citation: cite('cndt.pdf', 1, 'Expedição: 01/05/2025') },
  ],
  checks: [
    { id: 'vendedores_proprietarios', label: 'Vendedores = proprietários atuais', status: 'falha', detail: 'A escritura não nomeia Carlos Moura, coproprietário pelo R.1.', citations: [m1] },
    { id: 'itbi_pago', label: 'ITBI pago (comprovante)', status: 'ok', detail: 'Comprovante de R$ 24.000,00 pago em 05/01/2026.', citations: [cite('itbi.pdf', 2, 'AUTENTICACAO')] },
  ],
  warnings: [],
});

function source(dossier: Dossier | null | undefined): ReportSource {
  const example = EXAMPLE_PROPERTIES[0]!;
  const { result, markdown } = runEngine({
    analysisType: 'complete',
    questionnaire: example.questionnaire,
    documents: example.documents,
    generatedAt: '2026-01-10T15:00:00.000Z',
    title: example.title,
  });
  const withDossier = dossier === undefined ? result : { ...result, dossier };
  return {
    id: '0123abcd-0000-4000-8000-000000000000',
    analysisType: 'complete',
    property: { title: example.title, address: null, city: 'São Paulo', state: 'SP' },
    resultContent: markdown,
    result: asAnalysisResult(withDossier)!,
    providerUsed: 'local',
    model: 'viabiliza-engine@1.0.0',
    tokensUsed: 0,
    confidenceScore: 85,
    completeness: result.completeness.percent,
    createdAt: '2026-01-10T15:04:00.000Z',
  };
}

const NOW = new Date('2026-01-11T01:30:00Z');
const options = (o: Partial<ReportOptions> = {}): ReportOptions => ({ ...DEFAULT_REPORT_OPTIONS, ...o });
const text = (html: string) => html.replace(/<[^<>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('formatMatricula', () => {
  it('groups the digits by three from the right, and leaves anything else alone', () => {
    expect(['1', '123', '1234', '46511', '1234567', '46.511', 'R-2', ''].map(formatMatricula)).toEqual(['1', '123', '1.234', '46.511', '1.234.567', '46.511', 'R-2', '']);
  });

  // The former lookahead rescanned the remaining digits from each position (quadratic).
  it('formats 300 000 digits in linear time', () => {
    const out = formatMatricula('1'.repeat(300_000));
    expect(out.length).toBe(399_999);
    expect(out.startsWith('111.111.')).toBe(true);
  });
});

describe('the Diligência section of the reports', () => {
  it('is in the complete and technical templates, not the executive one', () => {
    const ids = (template: ReportOptions['template']) => buildReportModel(source(DOSSIER), options({ template }), NOW).sections.map((s) => s.id);
    expect(ids('complete')).toContain('dossier');
    expect(ids('technical')).toContain('dossier');
    expect(ids('executive')).not.toContain('dossier');
  });

  it('shows owners, an active and a cancelled lien, certidões, ITBI and checks, each with its file and page', () => {
    const html = renderReportHtml(buildReportModel(source(DOSSIER), options({ template: 'complete' }), NOW));
    const t = text(html);
    expect(t).toContain('Diligência');
    expect(t).toMatch(/Ana Beatriz Moura 50%\s+R\.1 matricula\.pdf, p\. 1/);
    expect(t).toContain('Carlos Moura');
    expect(t).toMatch(/Hipoteca .*R\.3 Cancelado pela AV\.5 Banco Horizonte S\.A\. Condiciona a venda matricula\.pdf, p\. 2/);
    expect(t).toMatch(/Usufruto .*R\.6 Ativo Helena Moura Condiciona a venda matricula\.pdf, p\. 3/);
    expect(t).toMatch(/CNDT \(por vendedor\) Carlos Moura Vencida/);
    expect(t).toMatch(/ITBI devido R\$ 24\.000,00 itbi\.pdf, p\. 1/);
    expect(t).toMatch(/Vendedores = proprietários atuais Falha A escritura não nomeia Carlos Moura/);
    expect(t).toContain('Divergência: 85 m² (iptu.pdf, p. 1)');
    // The cancelled lien cites the act that cancelled it as well.
    expect(t).toContain('matricula.pdf, p. 2; cancelamento: matricula.pdf, p. 2');
  });

  it('keeps names and file names read from documents as text', () => {
    const hostile = structuredClone(DOSSIER);
    hostile.matriculas[0]!.owners[0]!.name = '<script>alert(1)</script>';
    hostile.matriculas[0]!.owners[0]!.citation.fileName = '"><img src=x onerror=alert(1)>.pdf';
    hostile.warnings = ['<x-evil>aviso</x-evil>'];
    const html = renderReportHtml(buildReportModel(source(hostile), options({ template: 'technical' }), NOW));
    expect(html).not.toMatch(/<script|<img|<x-evil/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.pdf, p. 1');
  });

  it('adds no section when the result has no dossier, or one that read no document', () => {
    expect(dossierSection(source(undefined).result)).toBeNull();
    expect(dossierSection(source(null).result)).toBeNull();
    expect(dossierSection(source({ ...DOSSIER, documentIds: [], matriculas: [], facts: [], certidoes: [], checks: [] }).result)).toBeNull();
    const html = renderReportHtml(buildReportModel(source(undefined), options({ template: 'complete' }), NOW));
    expect(html).not.toContain('Diligência');
    expect(html).not.toContain('Proprietários atuais');
  });

  it('renders the section into the PDF, citations as text', async () => {
    const pdf = await renderReportPdf(buildReportModel(source(DOSSIER), options({ template: 'technical' }), NOW));
    const t = await pdfText(pdf);
    expect(t).toContain('Diligência');
    expect(t).toContain('Proprietários atuais');
    expect(t).toContain('Ana Beatriz Moura');
    expect(t).toContain('Cancelado pela AV.5');
    expect(t).toContain('matricula.pdf, p. 3');
    const without = await pdfText(await renderReportPdf(buildReportModel(source(undefined), options({ template: 'technical' }), NOW)));
    expect(without).not.toContain('Proprietários atuais');
  });
});

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
