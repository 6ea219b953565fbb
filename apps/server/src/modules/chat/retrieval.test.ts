import { describe, expect, it } from 'vitest';
import { buildPassages, fold, reportSources, retrieve, splitPassages, stem, terms, type Source } from './retrieval.ts';

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

describe('terms', () => {
  it('folds accents and case, drops stop words and stems plural and gender', () => {
    expect(fold('Matrícula ÁREA ção')).toBe('matricula area cao');
    expect(terms('Qual é a área privativa do apartamento?')).toEqual(['area', 'privati', 'apartam']);
    expect(stem('privativo')).toBe(stem('privativas'));
    expect(stem('transações')).toBe(stem('transação'));
    expect(stem('valores')).toBe(stem('valor'));
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
  it.each(table)('%s → %s %s', (question, name, where, phrase) => {
    const [best] = retrieve(passages, question);
    expect(best, question).toBeDefined();
    expect(best!.source.name).toBe(name);
    expect(typeof where === 'number' ? best!.source.page : best!.source.section).toBe(where);
    expect(best!.excerpt).toContain(phrase);
  });

  it('finds nothing for questions the sources do not answer', () => {
    for (const q of ['Qual a cor da fachada?', 'Quanto custa o condomínio?', 'Tem piscina aquecida?', 'o que', '???', '']) {
      expect(retrieve(passages, q), q).toEqual([]);
    }
  });

  it('never returns text absent from the sources: every excerpt is an exact slice of its source', () => {
    const questions = ['área', 'valor', 'hipoteca banco', 'imposto parcelas', 'rua pinheiros são paulo', 'riscos da compra', 'indicador fonte'];
    for (const q of questions) {
      for (const p of retrieve(passages, q, 10)) {
        expect(p.source.text.slice(p.start, p.end)).toBe(p.excerpt);
        expect(sources).toContain(p.source);
      }
    }
  });

  it('is deterministic', () => {
    expect(retrieve(passages, 'valor do imóvel', 5)).toEqual(retrieve(buildPassages(sources), 'valor do imóvel', 5));
  });
});
