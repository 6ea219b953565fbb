import type { CashFlowPoint } from '@viabiliza/contracts/analysis-result';

export interface ChartPoint {
  label: string;
  inflow: number;
  outflow: number;
  net: number;
  cumulative: number;
}

export interface CashFlowChartData {
  granularity: 'mensal' | 'anual';
  points: ChartPoint[];
}

/** Above this many months the bars are summed by year: 120 bars do not read on a phone. */
export const MAX_MONTHLY_POINTS = 36;

/**
 * The chart's series. Month 0 (acquisition or start) stays its own point, 'Início'; later months are
 * grouped by year when there are many. Cumulative is the balance at the end of each group.
 */
export function cashFlowChartData(flow: readonly CashFlowPoint[]): CashFlowChartData {
  const sorted = [...flow].sort((a, b) => a.month - b.month);
  if (sorted.length <= MAX_MONTHLY_POINTS + 1) {
    return {
      granularity: 'mensal',
      points: sorted.map((p) => ({
        label: p.month === 0 ? 'Início' : `Mês ${p.month}`,
        inflow: p.inflow,
        outflow: p.outflow,
        net: p.net,
        cumulative: p.cumulative,
      })),
    };
  }
  const groups = new Map<number, ChartPoint>();
  for (const p of sorted) {
    const year = p.month <= 0 ? 0 : Math.ceil(p.month / 12);
    const group = groups.get(year);
    if (group) {
      group.inflow += p.inflow;
      group.outflow += p.outflow;
      group.net += p.net;
      group.cumulative = p.cumulative;
    } else {
      groups.set(year, {
        label: year === 0 ? 'Início' : `Ano ${year}`,
        inflow: p.inflow,
        outflow: p.outflow,
        net: p.net,
        cumulative: p.cumulative,
      });
    }
  }
  return { granularity: 'anual', points: [...groups.values()] };
}
