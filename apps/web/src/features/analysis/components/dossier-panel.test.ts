import { dossier as dossierSchema, type Citation, type Dossier } from '@viabiliza/contracts/dossier';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { findQuote, formatMatricula, readDossier } from '../utils/dossier';
import { DossierPanel } from './dossier-panel';

const cite = (fileName: string, page: number, quote: string): Citation => ({ documentId: `doc-${fileName}`, fileName, page, quote });
const m1 = cite('matricula.pdf', 1, 'R.1 - COMPRA E VENDA');

/** A folder's dossier: two owners, a mortgage cancelled by AV.5, an active usufruto, a conflict. */
const DOSSIER: Dossier = dossierSchema.parse({
  version: 1,
  asOf: '2026-01-10',
  documentIds: ['doc-matricula.pdf', 'doc-itbi.pdf'],
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
        { type: 'hipoteca', act: 'R.3', date: '2015-03-02', status: 'cancelado', cancelledBy: 'AV.5', beneficiary: 'Banco Horizonte S.A.', severity: 'condiciona', citation: cite('matricula.pdf', 2, 'R.3 HIPOTECA'), cancelCitation: cite('matricula.pdf', 2, 'AV.5 CANCELAMENTO') },
        { type: 'usufruto', act: 'R.6', date: '2020-08-14', status: 'ativo', cancelledBy: null, beneficiary: 'Helena Moura', severity: 'condiciona', citation: cite('matricula.pdf', 3, 'R.6 USUFRUTO'), cancelCitation: null },
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
    { item: 'cndt', label: 'CNDT (por vendedor)', person: 'Carlos Moura', status: 'vencida', result: 'negativa', issuedOn: '2025-05-01', validUntil: '2025-10-28', rule: 'Lei 12.440/2011: 180 dias da emissão', documentId: 'doc-cndt.pdf', citation: cite('cndt.pdf', 1, 'Expedição') },
  ],
  checks: [{ id: 'vendedores_proprietarios', label: 'Vendedores = proprietários atuais', status: 'falha', detail: 'A escritura não nomeia Carlos Moura.', citations: [m1] }],
  warnings: ['A página 4 da matrícula não pôde ser lida.'],
});

const text = (html: string) =>
  html
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
const render = (d: Dossier | null) => renderToStaticMarkup(createElement(DossierPanel, { dossier: d }));

describe('the Diligência panel', () => {
  it('shows owners with fraction and act, the chain, and each lien with its status in words', () => {
    const t = text(render(DOSSIER));
    expect(t).toMatch(/Ana Beatriz Moura 50% R\.1 matricula\.pdf, p\. 1/);
    expect(t).toMatch(/Carlos Moura 50% R\.1/);
    expect(t).toMatch(/R\.1 Compra e venda 02\/03\/2015 De Construtora Alfa Ltda\. → para Ana Beatriz Moura, Carlos Moura/);
    expect(t).toMatch(/Hipoteca desde 02\/03\/2015 R\.3 Cancelado pela AV\.5 Banco Horizonte S\.A\. Condiciona a venda matricula\.pdf, p\. 2 Cancelamento: matricula\.pdf, p\. 2/);
    expect(t).toMatch(/Usufruto desde 14\/08\/2020 R\.6 Ativo Helena Moura/);
    // The summary counts the active lien only.
    expect(t).toMatch(/Ônus ativos 1/);
  });

  it('shows certidões, ITBI, checks and a conflict with the differing source', () => {
    const t = text(render(DOSSIER));
    expect(t).toMatch(/CNDT \(por vendedor\) Carlos Moura Vencida negativa 01\/05\/2025 28\/10\/2025/);
    expect(t).toMatch(/ITBI devido R\$ 24\.000,00 itbi\.pdf, p\. 1/);
    expect(t).toMatch(/Falha Vendedores = proprietários atuais A escritura não nomeia Carlos Moura\./);
    expect(t).toMatch(/Área privativa 82,5 m² Divergência entre documentos 85 m² em iptu\.pdf, p\. 1/);
    expect(t).toContain('A página 4 da matrícula não pôde ser lida.');
  });

  it('gives every citation as a button and labels each stacked cell with its column', () => {
    const html = render(DOSSIER);
    const buttons = html.match(/<button[^>]*data-testid="dossier-citation"/g) ?? [];
    // owners 2, chain 1, liens 3, certidão 1, ITBI 1, check 1, area 2 + the differing one 1.
    expect(buttons.length).toBe(12);
    expect(html).toContain('data-label="Situação"');
  });

  it('lists a fact’s first three sources and offers the rest', () => {
    const files = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'];
    const cep = { key: 'cep' as const, label: 'CEP', value: '01310-100', normalized: '01310100', conflict: false, sources: files.map((f) => ({ value: '01310-100', normalized: '01310100', citation: cite(f, 1, '01310-100') })) };
    const t = text(render({ ...DOSSIER, facts: [cep] }));
    expect(t).toMatch(/CEP 01310-100 a\.pdf, p\. 1 b\.pdf, p\. 1 c\.pdf, p\. 1 Mais 2 fontes/);
    expect(t).not.toContain('d.pdf');
  });

  it('shows the empty state without a dossier, or with one that read no document', () => {
    expect(text(render(null))).toContain('Nenhum documento lido para este imóvel');
    expect(text(render({ ...DOSSIER, documentIds: [] }))).toContain('Nenhum documento lido para este imóvel');
    expect(text(render(null))).not.toContain('Proprietários atuais');
  });
});

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

describe('readDossier', () => {
  it('reads a result’s dossier and ignores a missing or malformed one', () => {
    expect(readDossier({ score: {}, dossier: DOSSIER })?.matriculas[0]?.owners).toHaveLength(2);
    expect(readDossier({ score: {} })).toBeNull();
    expect(readDossier({ dossier: { version: 1 } })).toBeNull();
    expect(readDossier(null)).toBeNull();
  });
});

describe('findQuote', () => {
  const page = 'R.3 - HIPOTECA: Em 02/03/2015,\nos proprietários  deram em\thipoteca ao BANCO HORIZONTE S.A.';
  it('finds the phrase across line breaks, doubled spaces and tabs', () => {
    const at = findQuote(page, 'os proprietários deram em hipoteca');
    expect(at).not.toBeNull();
    expect(page.slice(at!.start, at!.end)).toBe('os proprietários  deram em\thipoteca');
  });
  it('ignores case only when the exact case is absent, and escapes regex characters', () => {
    const at = findQuote(page, 'banco horizonte s.a.');
    expect(page.slice(at!.start, at!.end)).toBe('BANCO HORIZONTE S.A.');
    expect(findQuote(page, 'R.3 - HIPOTECA:')).toEqual({ start: 0, end: 15 });
  });
  it('answers null when the phrase is not on the page', () => {
    expect(findQuote(page, 'alienação fiduciária')).toBeNull();
    expect(findQuote(page, '   ')).toBeNull();
    expect(findQuote('R.3', 'R 3')).toBeNull();
  });
});
