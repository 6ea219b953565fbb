import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { documentPages, properties, propertyAnalyses } from '@viabiliza/db/schema';
import { fileDate, sanitizeFileTitle } from '@viabiliza/contracts/reports';
import { createTestApp, eventually, signUp, type TestApp } from '../../../test/helper.ts';
import { insertDocument } from '../documents/documents.repository.ts';

const XSS_SCRIPT = '<script>alert(1)</script>';
const XSS_ATTR = '"><img src=x onerror=alert(1)>';
const ESCAPED_SCRIPT = '&lt;script&gt;alert(1)&lt;/script&gt;';
const ESCAPED_ATTR = '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;';
const TITLE = `Imóvel ${XSS_SCRIPT} Ação`;
const DOC_NAME = `matricula ${XSS_ATTR}.txt`;

const QUESTIONNAIRE = {
  address: `Rua ${XSS_SCRIPT} ${XSS_ATTR}, 1000`,
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '80',
  builtArea: '95',
  totalArea: '95',
  targetValue: '800.000,00',
  monthlyRent: '4.500',
  condition: 'bom',
  availableDocuments: ['matricula', 'iptu'],
};

const MATRICULA = `REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678. Apartamento nº 82 com área privativa de 80,00 m². R.1 - COMPRA E VENDA pelo valor de R$ 800.000,00. AV.2 - HIPOTECA ${XSS_SCRIPT} em favor do BANCO ${XSS_ATTR} S.A., em garantia de dívida de R$ 300.000,00.`;

let t: TestApp;
let owner: { cookie: string; user: { id: string } };
let analysisId: string;
let score: string;

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A document as the extraction leaves it (completed, with its page), without the upload's content checks. */
async function seedDocument(userId: string) {
  const doc = await insertDocument(t.runtime.ctx.db, {
    userId,
    fileName: DOC_NAME,
    fileType: 'txt',
    fileSize: MATRICULA.length,
    storageKey: `${userId}/xss-matricula`,
    sha256: 'a'.repeat(64),
    extractedText: MATRICULA,
    status: 'completed',
    pageCount: 1,
    pagesDone: 1,
    attempts: 1,
    documentType: 'matricula',
    keyFields: [],
    completedAt: new Date(),
  });
  await t.runtime.ctx.db.insert(documentPages).values({ documentId: doc.id, pageNumber: 1, text: MATRICULA, method: 'text', confidence: null });
  return doc.id;
}

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

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  const documentId = await seedDocument(owner.user.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analyses/runs',
    headers: { cookie: owner.cookie },
    payload: { analysisType: 'complete', questionnaire: QUESTIONNAIRE, documentIds: [documentId] },
  });
  expect(res.statusCode).toBe(202);
  const run = await eventually(async () => {
    const r = (await get(`/api/analyses/runs/${res.json().run.id}`, owner.cookie)).json().run;
    return r.status === 'completed' || r.status === 'failed' ? r : null;
  }, 30_000);
  expect(run.status).toBe('completed');
  analysisId = run.analysisId;
  // A property renamed to something hostile after the run: the title reaches every template.
  await t.runtime.ctx.db.update(properties).set({ title: TITLE }).where(eq(properties.id, run.propertyId));
  const { analysis } = (await get(`/api/analyses/${analysisId}`, owner.cookie)).json();
  score = (analysis.viabilityScore as number).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
});
afterAll(async () => t?.close());

const slug = () => sanitizeFileTitle(TITLE);

describe('GET /api/analyses/:id/report.html', () => {
  it('requires a session', async () => {
    expect((await get(`/api/analyses/${analysisId}/report.html`)).statusCode).toBe(401);
  });

  it.each([
    ['executive', 'Executivo', ['Resumo executivo', 'Números principais', 'Principais riscos', 'Conclusão']],
    ['technical', 'Técnico', ['Matrícula atualizada', 'Fluxo de caixa por ano', 'Sensibilidade', 'NBR 14653', 'FipeZAP', 'Referências', 'Premissas']],
    ['complete', 'Completo', ['Resumo executivo', 'Análise jurídica', 'Análise ambiental', 'Referências', 'Conclusão']],
  ])('renders the %s template', async (template, label, sections) => {
    const res = await get(`/api/analyses/${analysisId}/report.html?template=${template}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="relatorio-${template}-${slug()}-${fileDate(new Date())}.html"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.body;
    expect(html).toContain(`<title>Relatório ${label} - Imóvel ${ESCAPED_SCRIPT} Ação</title>`);
    expect(html).toContain(`${score}<small>/10</small>`);
    expect(html).toContain('R$ 800.000,00');
    expect(html).toContain('deve ser validado por profissionais qualificados');
    for (const s of sections) expect(html).toContain(s);
    // The buyer chose no loan: no financing tables (the loan is the buyer's choice, issue 27).
    expect(html).not.toContain('Financiamento (SAC e Price)');
    if (template !== 'executive') {
      expect(html).toContain('<svg');
      // The lien found in the document, cited with its file and page.
      expect(html).toContain(`matricula ${ESCAPED_ATTR}.txt, p. 1`);
    }
  });

  it('never lets the title, address or document text become markup', async () => {
    for (const template of ['executive', 'technical', 'complete']) {
      const html = (await get(`/api/analyses/${analysisId}/report.html?template=${template}`, owner.cookie)).body;
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).not.toMatch(/<[^<>]*\son[a-z]+\s*=/i);
      expect(html).toContain(ESCAPED_SCRIPT);
      expect(html).toContain(ESCAPED_ATTR);
      expect(html).toContain(`Rua ${ESCAPED_SCRIPT} ${ESCAPED_ATTR}, 1000`);
    }
    const technical = (await get(`/api/analyses/${analysisId}/report.html?template=technical`, owner.cookie)).body;
    // The document's own name, cited by the Diligência section (liens now come from registry acts, not quoted words).
    expect(technical).toContain(`matricula ${ESCAPED_ATTR}.txt, p. 1`);
  });

  it('applies the options: metadata, brand, company, colours, inline view', async () => {
    const base = `/api/analyses/${analysisId}/report.html`;
    const full = (await get(base, owner.cookie)).body;
    expect(full).toContain('Informações da análise');
    expect(full).toContain(`<dd>${analysisId.slice(0, 8)}</dd>`);
    expect(full).toContain('Motor Viabiliza');
    expect(full).toMatch(/Alta Confiança|Confiança Moderada|Baixa Confiança/);
    expect(full).toContain('<div class="company">Viabiliza</div>');

    const bare = await get(`${base}?includeMetadata=false&includeBranding=false&disposition=inline`, owner.cookie);
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['content-disposition']).toMatch(/^inline; filename="relatorio-complete-/);
    expect(bare.body).not.toContain('Informações da análise');
    expect(bare.body).not.toContain('class="company"');

    const branded = (await get(`${base}?companyName=${encodeURIComponent('Incorporadora Ação & Cia')}&primaryColor=%23aa0011`, owner.cookie)).body;
    expect(branded).toContain('<div class="company">Incorporadora Ação &amp; Cia</div>');
    expect(branded).toContain('--primary:#aa0011');

    for (const bad of ['primaryColor=red', 'includeMetadata=1', 'template=resumo', `companyName=${'x'.repeat(101)}`]) {
      const res = await get(`${base}?${bad}`, owner.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });
});

describe('GET /api/analyses/:id/report.pdf', () => {
  it('is a real PDF with the title, score, figures, citations, accents and disclaimer', async () => {
    const res = await get(`/api/analyses/${analysisId}/report.pdf?template=complete`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="relatorio-complete-${slug()}-${fileDate(new Date())}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    // In a PDF the title is only text: the payload is shown, never run.
    expect(text).toContain(TITLE);
    expect(text).toContain(`${score}/10`);
    expect(text).toContain('R$ 800.000,00');
    expect(text).toContain('Matrícula atualizada');
    expect(text).toContain('Situação');
    expect(text).toContain('Composição da pontuação');
    expect(text).toContain(`${DOC_NAME}, p. 1`);
    expect(text).toMatch(/FipeZAP[^.]*\d{2}\/\d{4}/);
    expect(text).toContain('Fluxo de caixa do investimento');
    expect(text).toContain('Início');
    expect(text).toContain('deve ser validado por profissionais qualificados');
    expect(text).toMatch(/Página 1 de \d+/);
  });

  it('renders the executive template too', async () => {
    const res = await get(`/api/analyses/${analysisId}/report.pdf?template=executive&includeBranding=false`, owner.cookie);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Números principais');
    expect(text).toContain('R$ 800.000,00');
    expect(text).not.toContain('Premissas');
  });
});

describe('GET /api/analyses/:id/export.txt', () => {
  it('returns the Markdown report as a UTF-8 text file', async () => {
    const res = await get(`/api/analyses/${analysisId}/export.txt`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const { analysis } = (await get(`/api/analyses/${analysisId}`, owner.cookie)).json();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="analise-${slug()}-${fileDate(analysis.createdAt)}.txt"`);
    expect(res.body).toBe(analysis.resultContent);
  });
});

describe('access and preconditions', () => {
  it("answers 404 'Análise não encontrada' for another user's analysis, with none of its data", async () => {
    const other = await signUp(t);
    for (const path of ['report.html', 'report.pdf', 'export.txt']) {
      const res = await get(`/api/analyses/${analysisId}/${path}`, other.cookie);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Análise não encontrada' } });
      expect(res.body).not.toContain('alert(1)');
    }
    expect((await get(`/api/analyses/00000000-0000-4000-8000-000000000000/report.html`, owner.cookie)).statusCode).toBe(404);
    expect((await get(`/api/analyses/nao-e-uuid/report.html`, owner.cookie)).statusCode).toBe(400);
  });

  it("answers 400 'Dados insuficientes para gerar o relatório' without the structured result", async () => {
    const [row] = await t.runtime.ctx.db.select().from(propertyAnalyses).where(eq(propertyAnalyses.id, analysisId));
    const [bare] = await t.runtime.ctx.db
      .insert(propertyAnalyses)
      .values({ propertyId: row!.propertyId, userId: owner.user.id, analysisType: 'complete', resultContent: '', result: null })
      .returning({ id: propertyAnalyses.id });
    for (const path of ['report.html', 'report.pdf', 'export.txt']) {
      const res = await get(`/api/analyses/${bare!.id}/${path}`, owner.cookie);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.message).toBe('Dados insuficientes para gerar o relatório');
    }
  });

  it('is documented in /api/docs under the reports tag', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of ['/api/analyses/{id}/report.html', '/api/analyses/{id}/report.pdf', '/api/analyses/{id}/export.txt']) {
      expect(doc.paths[path]?.get?.tags, path).toEqual(['reports']);
    }
    const html = doc.paths['/api/analyses/{id}/report.html'].get;
    expect(html.responses['200'].content['text/html']).toBeDefined();
    expect(html.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['template', 'includeMetadata', 'includeBranding', 'companyName', 'primaryColor', 'disposition']));
    expect(doc.paths['/api/analyses/{id}/report.pdf'].get.responses['200'].content['application/pdf']).toBeDefined();
  });
});
