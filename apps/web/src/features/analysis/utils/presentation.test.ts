import type { SensitivityMatrix } from '@viabiliza/contracts/analysis-result';
import { describe, expect, it } from 'vitest';

import { cashFlowChartData } from './cash-flow';
import { confidenceBand } from './confidence';
import { figureDisplay, formatAsOf, formatValue, sourceLabel } from './figures';
import { heatColor, heatScale, heatTone, lowerIsBetter } from './heat-map';
import { cashFlowSeries, sensitivityMatrices } from './result';
import { valuationLayout } from './valuation';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('confidenceBand (spec 01 §5)', () => {
  it('uses the three bands', () => {
    expect(confidenceBand(80)).toEqual({ label: 'Alta Confiança', tone: 'success' });
    expect(confidenceBand(79.9)).toEqual({ label: 'Confiança Moderada', tone: 'warning' });
    expect(confidenceBand(60)).toEqual({ label: 'Confiança Moderada', tone: 'warning' });
    expect(confidenceBand(59)).toEqual({ label: 'Baixa Confiança', tone: 'destructive' });
  });
});

describe('figures', () => {
  it('formats each unit', () => {
    expect(plain(formatValue(1234.5, 'BRL'))).toBe('R$ 1.234,50');
    expect(plain(formatValue(9500, 'BRL/m2'))).toBe('R$ 9.500,00/m²');
    expect(plain(formatValue(2800, 'BRL/mes'))).toBe('R$ 2.800,00/mês');
    expect(formatValue(0.15, 'fraction')).toBe('15,0%');
    expect(formatValue(80.5, 'm2')).toBe('80,5 m²');
    expect(formatValue(1, 'months')).toBe('1 mês');
    expect(formatValue(37.4, 'months')).toBe('37 meses');
    expect(formatValue(10, 'years')).toBe('10 anos');
    expect(formatValue(7.25, 'score')).toBe('7,3/10');
  });
  it('shows the note, never NaN, for a figure without value', () => {
    expect(figureDisplay({ value: null, unit: 'fraction', note: 'Sem troca de sinal no fluxo: TIR indefinida' })).toEqual({
      text: '—',
      note: 'Sem troca de sinal no fluxo: TIR indefinida',
    });
    expect(figureDisplay({ value: Number.NaN, unit: 'BRL' }).text).toBe('—');
    expect(figureDisplay(null)).toEqual({ text: '—', note: 'Não calculado' });
  });
  it('names sources', () => {
    expect(sourceLabel({ kind: 'questionnaire', field: 'targetValue', label: 'Valor pretendido (R$)' })).toBe(
      'Questionário: Valor pretendido (R$)',
    );
    expect(sourceLabel({ kind: 'document', documentId: 'd', fileName: 'matricula.pdf', page: 2, label: 'Área' })).toBe(
      'matricula.pdf, p. 2 (Área)',
    );
    expect(
      sourceLabel({ kind: 'reference', referenceId: 'r', label: 'FipeZap São Paulo', asOf: '2025-01', source: 'FipeZap', uncertain: true }),
    ).toBe('FipeZap São Paulo: FipeZap, 01/2025 (estimativa incerta)');
    expect(formatAsOf('2025-05-01')).toBe('01/05/2025');
    expect(formatAsOf('maio de 2025')).toBe('maio de 2025');
    expect(sourceLabel({ kind: 'assumption', assumptionId: 'itbiRate', label: 'ITBI', overridden: false })).toBe('Premissa: ITBI');
  });
});

const matrix = (cells: (number | null)[][], extra: Partial<SensitivityMatrix> = {}): SensitivityMatrix => ({
  id: 'm',
  title: 'TIR por preço e aluguel',
  metricLabel: 'TIR anual',
  metricUnit: 'fraction',
  rowLabel: 'Preço',
  rowUnit: 'fraction',
  rowValues: cells.map((_, i) => i),
  colLabel: 'Aluguel',
  colUnit: 'fraction',
  colValues: cells[0]!.map((_, i) => i),
  cells,
  base: { row: 1, col: 1 },
  ...extra,
});

describe('heat map colour scale', () => {
  const m = matrix([
    [0.02, 0.05, 0.08],
    [0.04, 0.07, 0.1],
    [0.06, null, 0.13],
  ]);
  const scale = heatScale(m)!;

  it('is neutral at the base case and reaches both ends', () => {
    expect(scale.neutral).toBe(0.07);
    expect(heatTone(0.07, scale)).toBe(0);
    expect(heatTone(0.02, scale)).toBe(-1);
    expect(heatTone(0.13, scale)).toBe(1);
    expect(heatTone(0.1, scale)).toBeCloseTo(0.5);
    expect(heatTone(null, scale)).toBeNull();
  });

  it('turns around for payback (lower is better)', () => {
    const payback = matrix([[30, 40], [50, 60]], { metricUnit: 'months', metricLabel: 'Payback', base: { row: 0, col: 1 } });
    expect(lowerIsBetter(payback)).toBe(true);
    const s = heatScale(payback)!;
    expect(heatTone(30, s)).toBe(1);
    expect(heatTone(60, s)).toBe(-1);
  });

  it('uses the median when the base cell has no value, and copes with a flat matrix', () => {
    const noBase = matrix([[1, 2, 3], [4, null, 6], [7, 8, 9]]);
    expect(heatScale(noBase)!.neutral).toBe(6);
    const flat = heatScale(matrix([[5, 5], [5, 5]]))!;
    expect(heatTone(5, flat)).toBe(0);
    expect(heatScale(matrix([[null, null], [null, null]]))).toBeNull();
  });

  it('goes from red through near-white to green', () => {
    expect(heatColor(-1)).toBe('rgb(248, 113, 113)');
    expect(heatColor(0)).toBe('rgb(248, 250, 252)');
    expect(heatColor(1)).toBe('rgb(74, 222, 128)');
    expect(heatColor(null)).toBe('rgb(226, 232, 240)');
  });
});

describe('cash-flow chart data', () => {
  const month = (m: number, net: number, cumulative: number) => ({ month: m, inflow: Math.max(net, 0), outflow: Math.max(-net, 0), net, cumulative });

  it('keeps short flows monthly', () => {
    const data = cashFlowChartData([month(1, 10, -90), month(0, -100, -100)]);
    expect(data.granularity).toBe('mensal');
    expect(data.points.map((p) => p.label)).toEqual(['Início', 'Mês 1']);
  });

  it('sums long flows by year, cumulative at the end of each year', () => {
    const flow = [month(0, -1000, -1000), ...Array.from({ length: 120 }, (_, i) => month(i + 1, 10, -1000 + 10 * (i + 1)))];
    const data = cashFlowChartData(flow);
    expect(data.granularity).toBe('anual');
    expect(data.points).toHaveLength(11);
    expect(data.points[0]).toMatchObject({ label: 'Início', net: -1000 });
    expect(data.points[1]).toMatchObject({ label: 'Ano 1', net: 120, inflow: 120, cumulative: -880 });
    expect(data.points[10]).toMatchObject({ label: 'Ano 10', cumulative: 200 });
  });
});

describe('valuation range bar', () => {
  it('places low, mid and high inside a margin', () => {
    const layout = valuationLayout(400_000, 500_000, 600_000, null)!;
    expect(layout.low).toBeCloseTo(8.3, 1);
    expect(layout.mid).toBe(50);
    expect(layout.high).toBeCloseTo(91.7, 1);
    expect(layout.asked).toBeNull();
  });
  it('widens for an asked price outside the range', () => {
    const layout = valuationLayout(400_000, 500_000, 600_000, 800_000)!;
    expect(layout.asked!).toBeLessThan(100);
    expect(layout.high).toBeLessThan(layout.asked!);
  });
  it('handles a zero-width range', () => {
    const layout = valuationLayout(500_000, 500_000, 500_000, null)!;
    expect(layout.low).toBe(50);
  });
});

describe('reading the engine result', () => {
  it('has nothing to chart without a result', () => {
    expect(cashFlowSeries(null)).toEqual([]);
    expect(sensitivityMatrices(null)).toEqual([]);
  });
});
