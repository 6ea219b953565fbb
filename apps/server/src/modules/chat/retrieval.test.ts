import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@viabiliza/db/client';
import { createTestDatabase } from '../../../test/helper.ts';
import { buildPassages, fold, headingText, reportSources, retrieve as retrieveIn, splitPassages, type Passage, type Source } from './retrieval.ts';

const MATRICULA_P1 = [
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678.',
  'Apartamento nº 82 situado na Rua dos Pinheiros, 1000, São Paulo/SP, CEP 05422-000, com área privativa de 80,00 m² e área total de 95,00 m².',
  'Proprietária: Maria Aparecida Souza, brasileira, engenheira.',
].join('\n');
const MATRICULA_P2 = [
  'R.1 - COMPRA E VENDA: valor da transação R$ 800.000,00, pago à vista.',
  'AV.2 - HIPOTECA: o imóvel foi dado em garantia ao Banco Exemplo S.A. Consta penhora averbada em 2023.',
].join('\n');
const IPTU = 'CARNÊ DO IPTU 2025. Valor venal do imóvel: R$ 612.400,00. Imposto anual de R$ 3.874,20 em 10 parcelas.';
const REPORT = [
  '# Relatório de Viabilidade',
  '## Riscos',
  'O imóvel tem uma hipoteca averbada que precisa ser baixada antes da compra.',
  '## Indicadores',
  '| Indicador | Valor | Fonte |',
  '|---|---|---|',
  '| Rentabilidade bruta | 6,75% a.a. | Questionário |',
].join('\n');

const sources: Source[] = [
  { kind: 'document', documentId: 'd1', name: 'matricula.pdf', page: 1, section: null, text: MATRICULA_P1 },
  { kind: 'document', documentId: 'd1', name: 'matricula.pdf', page: 2, section: null, text: MATRICULA_P2 },
  { kind: 'document', documentId: 'd2', name: 'iptu-2025.pdf', page: 1, section: null, text: IPTU },
  ...reportSources(REPORT, 'Relatório da análise'),
];
const passages = buildPassages(sources);

// Ranking runs in the database (Portuguese full-text search): PGlite, or PostgreSQL with TEST_DATABASE_URL.
let handle: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  handle = await test.open();
}, 60_000);
afterAll(async () => {
  await handle?.close();
  await drop?.();
});
const retrieve = (within: Passage[], question: string, limit?: number) => retrieveIn(handle.db, within, question, limit);

describe('fold', () => {
  it('folds accents and case', () => {
    expect(fold('Matrícula ÁREA ção')).toBe('matricula area cao');
  });
});

describe('reportSources', () => {
  it('names each section by its heading, without its closing sequence or emphasis', () => {
    const out = reportSources('intro\n## **Riscos** ##\nTexto.\n### C# \nMais.\n####### não é título', 'R');
    expect(out.map((s) => [s.section, s.text])).toEqual([
      [null, 'intro'],
      ['Riscos', 'Texto.'],
      ['C', 'Mais.\n####### não é título'],
    ]);
    expect(headingText('# Título')).toBe('Título');
    expect(headingText('#Título')).toBeNull();
    expect(headingText('## # # #  ')).toBe('# #');
  });

  // The former expressions backtracked over a long run of spaces: cubic for a heading, quadratic for a line.
  it('reads a 200 000-space heading or line in linear time', () => {
    const spaces = ' '.repeat(200_000);
    expect(headingText(`## a${spaces}x`)).toBe(`a${spaces}x`);
    expect(reportSources(`## a${spaces}x\ntexto`, 'R')[0]!.text).toBe('texto');
    expect(reportSources(`${spaces}x`, 'R')[0]!.text).toBe(`${spaces}x`);
  });
});

describe('splitPassages', () => {
  it('gives offsets whose slices are the text itself, trimmed', () => {
    for (const s of sources) {
      for (const { start, end } of splitPassages(s.text)) {
        const slice = s.text.slice(start, end);
        expect(slice).toBe(slice.trim());
        expect(slice.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('retrieve', () => {
  // question → the source (name, page or section) and a phrase the best passage must contain
  const table: [string, string, number | string, string][] = [
    ['Qual é a área privativa?', 'matricula.pdf', 1, 'área privativa de 80,00 m²'],
    ['Quem é a proprietária?', 'matricula.pdf', 1, 'Maria Aparecida Souza'],
    ['Qual foi o valor da transação de compra e venda?', 'matricula.pdf', 2, 'R$ 800.000,00'],
    ['Existe penhora?', 'matricula.pdf', 2, 'penhora averbada em 2023'],
    ['Qual o valor venal do IPTU?', 'iptu-2025.pdf', 1, 'R$ 612.400,00'],
    ['Quanto é o imposto anual?', 'iptu-2025.pdf', 1, 'R$ 3.874,20'],
    ['Qual a rentabilidade bruta?', 'Relatório da análise', 'Indicadores', '6,75% a.a.'],
    ['qual o CEP', 'matricula.pdf', 1, '05422-000'],
  ];
  it.each(table)('%s → %s %s', async (question, name, where, phrase) => {
    const [best] = await retrieve(passages, question);
    expect(best, question).toBeDefined();
    expect(best!.source.name).toBe(name);
    expect(typeof where === 'number' ? best!.source.page : best!.source.section).toBe(where);
    expect(best!.excerpt).toContain(phrase);
  });

  it('finds nothing for questions the sources do not answer', async () => {
    for (const q of ['Qual a cor da fachada?', 'Quanto custa o condomínio?', 'Tem piscina aquecida?', 'o que', 'Você sabe?', '???', '']) {
      expect(await retrieve(passages, q), q).toEqual([]);
    }
  });

  it('never returns text absent from the sources: every excerpt is an exact slice of its source', async () => {
    const questions = ['área', 'valor', 'hipoteca banco', 'imposto parcelas', 'rua pinheiros são paulo', 'riscos da compra', 'indicador fonte'];
    for (const q of questions) {
      for (const p of await retrieve(passages, q, 10)) {
        expect(p.source.text.slice(p.start, p.end)).toBe(p.excerpt);
        expect(sources).toContain(p.source);
      }
    }
  });

  it('is deterministic', async () => {
    const first = await retrieve(passages, 'valor do imóvel', 5);
    expect(first.length).toBeGreaterThan(0);
    expect(await retrieve(buildPassages(sources), 'valor do imóvel', 5)).toEqual(first);
  });
});

describe('retrieve: Portuguese stems, accents and weight', () => {
  const doc = (page: number, text: string): Source => ({ kind: 'document', documentId: 'd9', name: 'certidao.pdf', page, section: null, text });
  const liens = buildPassages([
    doc(1, 'A cobertura tem vista para o parque, varanda gourmet e duas vagas de garagem cobertas.'),
    doc(2, 'O apartamento foi hipotecado ao Banco Exemplo S.A. em garantia de financiamento, conforme R.3.'),
    doc(3, 'Certifica-se que constam duas hipotecas registradas, ambas em favor da Caixa Econômica Federal.'),
    doc(4, 'Averbação da construção concluída em 2012, com habite-se expedido pela Prefeitura.'),
    doc(5, "Reservatório: caixa d'água de 1.000 L, vistoria em \\\\srv\\laudos\\2024 (\"O'Neil\")."),
  ]);

  it('a question about "hipoteca" finds the passages saying "hipotecado" and "hipotecas", and nothing else', async () => {
    const found = await retrieve(liens, 'Existe alguma hipoteca?', 5);
    expect(found.map((p) => p.source.page).sort()).toEqual([2, 3]);
    expect(found.every((p) => /hipotec/i.test(p.excerpt))).toBe(true);
  });

  it('ignores accents on either side: typed without them, or with them where the document has none', async () => {
    const [area] = await retrieve(passages, 'qual a area privativa');
    expect(area!.excerpt).toContain('área privativa de 80,00 m²');
    const [owner] = await retrieve(passages, 'quem e a proprietaria');
    expect(owner!.excerpt).toContain('Maria Aparecida Souza');
    const [built] = await retrieve(liens, 'averbacao da construcao');
    expect(built!.source.page).toBe(4);
    const [lien] = await retrieve(liens, 'HIPOTECÁRIA registrada?');
    expect(lien!.source.page).toBe(3);
  });

  it('takes quotes and backslashes in passages and questions as text', async () => {
    const [tank] = await retrieve(liens, "caixa d'água O'Neil \\laudos\\ 'ou' | !");
    expect(tank!.source.page).toBe(5);
  });

  it('puts the passage holding the rarer words first', async () => {
    // 'banco' is in one passage, 'hipoteca' in two: the one with both leads.
    const [best, next] = await retrieve(liens, 'hipoteca do banco', 5);
    expect(best!.source.page).toBe(2);
    expect(next?.source.page ?? 3).toBe(3);
  });
});
