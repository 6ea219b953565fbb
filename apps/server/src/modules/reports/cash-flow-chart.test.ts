import { describe, expect, it } from 'vitest';
import { buildCashFlowChart, formatCompactMoney, niceStep } from './cash-flow-chart.ts';

describe('cash-flow chart geometry', () => {
  const years = [
    { year: 0, net: -240_100, cumulative: -240_100 },
    { year: 1, net: -68_653, cumulative: -308_753 },
    { year: 2, net: 853_295, cumulative: 544_542 },
  ];

  it('draws a bar per year on the right side of zero and the cumulative line', () => {
    const chart = buildCashFlowChart(years)!;
    expect(chart.bars).toHaveLength(3);
    expect(chart.line).toHaveLength(3);
    const [start, , last] = chart.bars;
    // Negative bars hang below the zero line, positive ones stand on it.
    expect(start!.positive).toBe(false);
    expect(start!.y).toBeCloseTo(chart.zeroY, 0);
    expect(last!.positive).toBe(true);
    expect(last!.y + last!.height).toBeCloseTo(chart.zeroY, 0);
    expect(chart.line[2]!.y).toBeLessThan(chart.zeroY);
    expect(chart.line[1]!.y).toBeGreaterThan(chart.zeroY);
    expect(chart.xLabels.map((l) => l.label)).toEqual(['Início', 'Ano 1', 'Ano 2']);
    expect(chart.ticks.some((t) => t.value === 0)).toBe(true);
    for (const b of chart.bars) {
      expect(b.y).toBeGreaterThanOrEqual(chart.plot.top - 0.01);
      expect(b.y + b.height).toBeLessThanOrEqual(chart.plot.bottom + 0.01);
    }
    expect(chart.summary).toContain('Ano 2: líquido R$ 853,3 mil');
  });

  it('copes with nothing to draw and with all-zero flows', () => {
    expect(buildCashFlowChart([])).toBeNull();
    const flat = buildCashFlowChart([{ year: 0, net: 0, cumulative: 0 }])!;
    expect(flat.bars[0]!.height).toBeGreaterThan(0);
    expect(Number.isFinite(flat.zeroY)).toBe(true);
  });

  it('thins the year labels of long horizons', () => {
    const long = Array.from({ length: 31 }, (_, year) => ({ year, net: 1000, cumulative: 1000 * (year + 1) }));
    const chart = buildCashFlowChart(long)!;
    expect(chart.bars).toHaveLength(31);
    expect(chart.xLabels.length).toBeLessThanOrEqual(13);
    expect(chart.xLabels.at(-1)!.label).toBe('Ano 30');
  });
});

describe('axis helpers', () => {
  it('picks nice steps and compact pt-BR money', () => {
    expect(niceStep(1_000_000, 5)).toBe(200_000);
    expect(niceStep(1_200_000, 5)).toBe(250_000);
    expect(niceStep(0, 5)).toBe(1);
    expect(formatCompactMoney(1_250_000)).toBe('R$ 1,3 mi');
    expect(formatCompactMoney(-350_000)).toBe('-R$ 350 mil');
    expect(formatCompactMoney(0)).toBe('R$ 0');
    expect(formatCompactMoney(2_500_000_000)).toBe('R$ 2,5 bi');
  });
});
