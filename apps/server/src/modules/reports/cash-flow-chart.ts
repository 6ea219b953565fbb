/**
 * The cash-flow chart of a report, computed once as plain geometry in a fixed coordinate space and
 * drawn twice: as inline SVG in the HTML report and with react-pdf's Svg primitives in the PDF.
 * Bars are the net flow of each year (the start, then year 1…n); the line is the cumulative balance.
 */

export interface YearFlow {
  year: number;
  net: number;
  cumulative: number;
}

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  positive: boolean;
  label: string;
  value: number;
}

export interface ChartTick {
  y: number;
  value: number;
  label: string;
}

export interface CashFlowChart {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  zeroY: number;
  bars: ChartBar[];
  line: { x: number; y: number }[];
  ticks: ChartTick[];
  /** Every label when few, fewer when many (they would overlap). */
  xLabels: { x: number; label: string }[];
  /** What a screen reader or the PDF's text layer gets instead of the picture. */
  summary: string;
}

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 260;
const PLOT = { left: 78, right: CHART_WIDTH - 12, top: 14, bottom: CHART_HEIGHT - 40 };

export function yearLabel(year: number): string {
  return year === 0 ? 'Início' : `Ano ${year}`;
}

/** 1, 2, 2.5 or 5 times a power of ten: a step that gives about `count` ticks. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const base = raw / power;
  const nice = base <= 1 ? 1 : base <= 2 ? 2 : base <= 2.5 ? 2.5 : base <= 5 ? 5 : 10;
  return nice * power;
}

const compactNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** Axis labels: 'R$ 1,2 mi', '-R$ 350 mil', 'R$ 0'. */
export function formatCompactMoney(value: number): string {
  const sign = value < 0 ? '-' : '';
  const v = Math.abs(value);
  if (v >= 1e9) return `${sign}R$ ${compactNumber.format(v / 1e9)} bi`;
  if (v >= 1e6) return `${sign}R$ ${compactNumber.format(v / 1e6)} mi`;
  if (v >= 1e3) return `${sign}R$ ${compactNumber.format(v / 1e3)} mil`;
  return `${sign}R$ ${compactNumber.format(v)}`;
}

export function buildCashFlowChart(years: readonly YearFlow[], describe: (y: YearFlow) => string = defaultDescribe): CashFlowChart | null {
  const points = years.filter((y) => Number.isFinite(y.net) && Number.isFinite(y.cumulative));
  if (points.length === 0) return null;
  const values = [0, ...points.flatMap((p) => [p.net, p.cumulative])];
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) max = min + 1;
  const step = niceStep(max - min, 5);
  min = Math.floor(min / step) * step;
  max = Math.ceil(max / step) * step;

  const plotHeight = PLOT.bottom - PLOT.top;
  const y = (v: number) => PLOT.top + ((max - v) / (max - min)) * plotHeight;
  const slot = (PLOT.right - PLOT.left) / points.length;
  const barWidth = Math.max(2, Math.min(48, slot * 0.62));
  const zeroY = y(0);

  const bars = points.map((p, i) => {
    const center = PLOT.left + slot * (i + 0.5);
    const top = y(Math.max(p.net, 0));
    const bottom = y(Math.min(p.net, 0));
    return {
      x: round(center - barWidth / 2),
      y: round(top),
      width: round(barWidth),
      // A zero year still shows a hairline so the year is visibly there.
      height: round(Math.max(bottom - top, 0.75)),
      positive: p.net >= 0,
      label: yearLabel(p.year),
      value: p.net,
    };
  });
  const line = points.map((p, i) => ({ x: round(PLOT.left + slot * (i + 0.5)), y: round(y(p.cumulative)) }));

  const ticks: ChartTick[] = [];
  for (let v = min; v <= max + step / 2; v += step) {
    const value = Math.abs(v) < step / 1e6 ? 0 : v;
    ticks.push({ y: round(y(value)), value, label: formatCompactMoney(value) });
  }
  const every = Math.ceil(points.length / 12);
  const xLabels = points
    .map((p, i) => ({ x: round(PLOT.left + slot * (i + 0.5)), label: yearLabel(p.year), i }))
    .filter((l) => l.i % every === 0 || l.i === points.length - 1)
    .map(({ x, label }) => ({ x, label }));

  return {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    plot: { ...PLOT },
    zeroY: round(zeroY),
    bars,
    line,
    ticks,
    xLabels,
    summary: points.map(describe).join('; '),
  };
}

function defaultDescribe(y: YearFlow): string {
  return `${yearLabel(y.year)}: líquido ${formatCompactMoney(y.net)}, acumulado ${formatCompactMoney(y.cumulative)}`;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
