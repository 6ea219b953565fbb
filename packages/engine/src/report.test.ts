import { ANALYSIS_TYPES } from '@viabiliza/contracts/analysis';
import type { Figure } from '@viabiliza/contracts/analysis-result';
import { describe, expect, it } from 'vitest';
import { analyze, runEngine } from './analyze.ts';
import { EXAMPLE_PROPERTIES } from './examples.ts';
import {
  REPORT_DISCLAIMER,
  cashFlowByYear,
  defaultNarrative,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSource,
  formatValue,
  keyFigures,
  renderMarkdown,
  table,
} from './report.ts';

const AT = '2026-02-10T12:00:00.000Z';

describe('pt-BR formatting', () => {
  it('formats money, numbers and percentages', () => {
    expect(formatMoney(1234.56)).toBe('R$ 1.234,56');
    expect(formatMoney(-1234.5)).toBe('-R$ 1.234,50');
    expect(formatMoney(-0.001)).toBe('R$ 0,00');
    expect(formatMoney(980000)).toBe('R$ 980.000,00');
    expect(formatPercent(0.15)).toBe('15,00%');
    expect(formatPercent(0.0426)).toBe('4,26%');
    // Two decimals at most; a monthly DFI rate that would read '0,00%' keeps two significant digits.
    expect(formatPercent(0.00004684)).toBe('0,0047%');
    expect(formatPercent(0.001711)).toBe('0,17%');
    expect(formatPercent(0.000365)).toBe('0,04%');
    expect(formatPercent(-0.003438)).toBe('-0,34%');
    expect(formatPercent(0.005)).toBe('0,50%');
    expect(formatNumber(85)).toBe('85,00');
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('formats dates dd/MM/yyyy, month-precision dates MM/yyyy, timestamps in Brasília time', () => {
    expect(formatDate('2025-06-18')).toBe('18/06/2025');
    expect(formatDate('2024-11')).toBe('11/2024');
    expect(formatDate('2026')).toBe('2026');
    expect(formatDate('2026-01-15T02:00:00Z')).toBe('14/01/2026');
  });

  it('formats values by unit and null as "não calculado"', () => {
    expect(formatValue(11317, 'BRL/m2')).toBe('R$ 11.317,00/m²');
    expect(formatValue(5200, 'BRL/mes')).toBe('R$ 5.200,00/mês');
    expect(formatValue(85, 'm2')).toBe('85,00 m²');
    expect(formatValue(1, 'months')).toBe('1 mês');
    expect(formatValue(360, 'months')).toBe('360 meses');
    expect(formatValue(10, 'years')).toBe('10 anos');
    expect(formatValue(7.4, 'score')).toBe('7,4');
    expect(formatValue(null, 'BRL')).toBe('não calculado');
  });

  it('renders every kind of source', () => {
    expect(formatSource({ kind: 'questionnaire', field: 'targetValue', label: 'Valor pretendido (R$)' })).toBe('Questionário: Valor pretendido (R$)');
    expect(formatSource({ kind: 'document', documentId: 'd', fileName: 'matricula.pdf', page: 2, label: 'x' })).toBe('matricula.pdf, p. 2');
    expect(formatSource({ kind: 'reference', referenceId: 'itbi-tipico', label: 'ITBI típico', asOf: '2026-01', source: 'faixa típica', uncertain: true })).toBe(
      'ITBI típico (faixa típica, 01/2026) — incerto',
    );
    expect(formatSource({ kind: 'assumption', assumptionId: 'vacancyRate', label: 'Vacância', overridden: true })).toBe('Premissa: Vacância (alterada)');
    expect(formatSource({ kind: 'assumption', assumptionId: 'vacancyRate', label: 'Vacância', overridden: false })).toBe('Premissa: Vacância');
    expect(formatSource({ kind: 'computed', formula: 'Preço × ITBI' })).toBe('Preço × ITBI');
  });

  it('escapes pipes in tables', () => {
    expect(table(['A', 'B'], [['x|y', '']])).toBe('| A | B |\n| --- | --- |\n| x\\|y | — |');
  });

  it('sums cash flow by year', () => {
    const points = [
      { month: 0, inflow: 0, outflow: 100, net: -100, cumulative: -100 },
      { month: 1, inflow: 10, outflow: 0, net: 10, cumulative: -90 },
      { month: 12, inflow: 10, outflow: 0, net: 10, cumulative: -80 },
      { month: 13, inflow: 200, outflow: 0, net: 200, cumulative: 120 },
    ];
    expect(cashFlowByYear(points)).toEqual([
      { year: 0, inflow: 0, outflow: 100, net: -100, cumulative: -100 },
      { year: 1, inflow: 20, outflow: 0, net: 20, cumulative: -80 },
      { year: 2, inflow: 200, outflow: 0, net: 200, cumulative: 120 },
    ]);
  });
});

describe('renderMarkdown', () => {
  for (const example of EXAMPLE_PROPERTIES) {
    for (const analysisType of ANALYSIS_TYPES) {
      it(`renders ${analysisType} for ${example.id} without NaN, Infinity, undefined or null`, () => {
        const { markdown, result } = runEngine({ analysisType, questionnaire: example.questionnaire, documents: example.documents, generatedAt: AT, title: example.title });
        expect(markdown).not.toMatch(/NaN|Infinity|undefined|null|\[object/);
        expect(markdown.startsWith(`# `)).toBe(true);
        expect(markdown).toContain(` - ${example.title}\n`);
        expect(markdown).toMatch(/Pontuação de viabilidade: \d{1,2},\d\/10 \(Viabilidade (alta|moderada|baixa)\)/);
        expect(markdown).toContain('Completude dos dados: ');
        expect(markdown).toContain('## Resumo executivo');
        expect(markdown).toContain('## Conclusão');
        expect(markdown).toContain(REPORT_DISCLAIMER);
        if (result.market && analysisType !== 'quick') {
          // A plot has no FipeZAP (residential) reference: it says so instead of quoting asking prices.
          if (result.market.noReference) expect(markdown).toContain('Sem referência de mercado para este tipo');
          else expect(markdown).toContain('FipeZAP mede preços anunciados (pedidos), não valores de transação.');
          expect(markdown).toContain('Esta faixa não é uma avaliação conforme a NBR 14653; para laudo, contrate um avaliador habilitado.');
        }
        if (analysisType !== 'quick' && result.references.length) {
          expect(markdown).toContain('## Referências');
          expect(markdown).toContain('| Referência | Valor | Data | Fonte |');
        }
      });
    }
  }

  it('renders the full report sections for a complete analysis', () => {
    const e = EXAMPLE_PROPERTIES[0]!;
    // The buyer chooses a loan: the financing table and its effect are shown beside the property's figures.
    const questionnaire = { ...e.questionnaire, deal: { wantsFinancing: true } };
    const { markdown } = runEngine({ analysisType: 'complete', questionnaire, documents: e.documents, generatedAt: AT, title: e.title });
    expect(markdown.startsWith('# Completa - Apartamento em Pinheiros\n')).toBe(true);
    for (const heading of [
      '## Análise financeira',
      '### Taxa mínima de atratividade (TMA): locação (após impostos)',
      '### Financiamento (SAC e Price)',
      '### Efeito do financiamento escolhido',
      '#### Fluxo do capital próprio por ano (com o financiamento)',
      '### Fluxo de caixa do imóvel por ano (sem financiamento)',
      '### Sensibilidade',
      '## Análise de mercado',
      '### Faixa de valor estimada',
      '## Análise jurídica',
      '### Checklist documental',
      '## Análise técnica',
      '## Análise ambiental',
      '## Riscos',
      '## Oportunidades',
      '## Recomendações',
      '## Premissas',
      '## Referências',
    ]) {
      expect(markdown, heading).toContain(`\n${heading}\n`);
    }
    expect(markdown).toContain('| Indicador | Valor | Fonte |');
    expect(markdown).toContain('| Valor do imóvel | R$ 980.000,00 | Questionário: Valor pretendido (R$) |');
    // SAC row: its LTV (80 %), then the financed amount; the CET closes the row.
    expect(markdown).toMatch(/\| SAC \| 80,00% \| R\$ [\d.]+,\d{2} \|.*\| [\d,]+% \|/);
    expect(markdown).toContain('| Matrícula atualizada | Presente (documento enviado) | matricula-98765.pdf, p. 1 |');
    expect(markdown).toContain('| Certidão negativa de ônus | Ausente | — |');
    expect(markdown).toContain('Gerado em 10/02/2026');
    // Price per m² stated: 980.000 / 85 m².
    expect(markdown).toContain(`| Preço por m² | R$ ${(980000 / 85).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}/m² |`);
    // Percentages with at most two decimals (a tiny monthly rate keeps two significant digits: DFI 0,0047%).
    expect(markdown).not.toMatch(/[1-9],\d{3,}%|0,[1-9]\d{2,}%/);
    expect(markdown).toContain('TR (ao mês): 0,17% ao mês');
  });

  it('with too little data prints no score beside "Dados insuficientes"', () => {
    const { markdown, result } = runEngine({ analysisType: 'complete', questionnaire: { city: 'Recife', targetValue: '400.000' }, documents: [], generatedAt: AT });
    expect(result.score.band).toBe('insuficiente');
    expect(markdown).toContain('Pontuação de viabilidade: Dados insuficientes (sem nota');
    expect(markdown).not.toMatch(/\d,\d\/10 \(Dados insuficientes\)/);
  });

  it('uses a development section and only the acquisition for a plot', () => {
    const e = EXAMPLE_PROPERTIES[1]!;
    const { markdown } = runEngine({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title });
    expect(markdown).toContain('## Desenvolvimento imobiliário (incorporação)');
    expect(markdown).toContain('## Aquisição');
    expect(markdown).not.toContain('## Análise financeira');
    expect(markdown).toContain('matricula-54321.pdf, p. 2');
  });

  it('renders the quick form with the score, 5–8 key figures and at most 3 risks', () => {
    for (const e of EXAMPLE_PROPERTIES) {
      const { markdown, result } = runEngine({ analysisType: 'quick', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title });
      expect(markdown).toContain('## Números principais');
      expect(markdown).toContain('## Principais riscos');
      expect(markdown).not.toContain('## Premissas');
      const figures = keyFigures(result);
      expect(figures.length).toBeGreaterThanOrEqual(5);
      expect(figures.length).toBeLessThanOrEqual(8);
      const risksBlock = markdown.split('## Principais riscos')[1]!.split('\n## ')[0]!;
      expect((risksBlock.match(/^- \*\*\[/gm) ?? []).length).toBeLessThanOrEqual(3);
    }
  });

  it('shows a narrative given by the caller', () => {
    const e = EXAMPLE_PROPERTIES[0]!;
    const result = analyze({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT });
    const md = renderMarkdown(result, { summary: 'Resumo do modelo.', conclusion: 'Conclusão do modelo.' });
    expect(md).toContain('## Resumo executivo\n\nResumo do modelo.');
    expect(md).toContain('## Conclusão\n\nConclusão do modelo.');
  });

  it('marks overridden assumptions as changed', () => {
    const e = EXAMPLE_PROPERTIES[0]!;
    const { markdown } = runEngine({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, overrides: { vacancyRate: 0.2 } });
    expect(markdown).toContain('| Vacância | 20,00% | 8,00% | Premissa: Vacância (alterada) |');
  });
});

describe('defaultNarrative', () => {
  it('writes Portuguese prose from the figures, deterministically', () => {
    const e = EXAMPLE_PROPERTIES[0]!;
    const result = analyze({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title });
    const n = defaultNarrative(result);
    expect(n.summary).toContain('Apartamento em Pinheiros');
    expect(n.summary).toContain(`${formatNumber(result.score.value, 1, 1)}/10`);
    expect(n.summary).toContain('R$ 980.000,00');
    expect(n.summary).toContain('nenhum ônus ativo');
    expect(n.conclusion.length).toBeGreaterThan(40);
    expect(defaultNarrative(result)).toEqual(n);
  });

  it('handles a result with nothing computed', () => {
    const result = analyze({ analysisType: 'legal', questionnaire: {}, documents: [], generatedAt: AT });
    const n = defaultNarrative(result);
    expect(n.summary).not.toMatch(/NaN|undefined|null/);
    expect(n.conclusion).not.toMatch(/NaN|undefined|null/);
  });
});

describe('keyFigures', () => {
  it('prefers figures with values', () => {
    const e = EXAMPLE_PROPERTIES[0]!;
    const result = analyze({ analysisType: 'quick', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT });
    expect(keyFigures(result).every((f: Figure) => f.value !== null)).toBe(true);
  });
});
