import type { CashFlowPoint } from '@viabiliza/contracts/analysis-result';
import { useMemo } from 'react';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { cashFlowChartData } from '@/features/analysis/utils/cash-flow';
import { ScrollTable } from '@/components/scroll-table';
import { formatCompactCurrency, formatCurrency } from '@/lib/format';

const POSITIVE = 'oklch(0.596 0.145 163.225)';
const NEGATIVE = 'oklch(0.577 0.245 27.325)';
const CUMULATIVE = 'oklch(0.546 0.245 262.881)';

/**
 * Net cash of each period as bars (green in, red out) and the cumulative balance as a line
 * (recharts). Long flows are summed by year. The figures are also in a table for screen readers and
 * for whoever wants the numbers.
 */
export default function CashFlowChart({ title, points }: { title: string; points: CashFlowPoint[] }) {
  const data = useMemo(() => cashFlowChartData(points), [points]);
  const last = data.points.at(-1);
  const period = data.granularity === 'anual' ? 'Ano' : 'Mês';
  const summary = `${title}: ${data.points.length} ${data.granularity === 'anual' ? 'períodos anuais' : 'meses'}; saldo acumulado final ${
    last ? formatCurrency(last.cumulative) : '—'
  }.`;

  return (
    <figure className="min-w-0 space-y-2" data-testid="cash-flow-chart">
      <figcaption className="space-y-0.5">
        <span className="block font-semibold">{title}</span>
        <span className="block text-xs text-muted-foreground">
          Saldo {data.granularity} (barras) e saldo acumulado (linha).
        </span>
      </figcaption>
      <div role="img" aria-label={summary} className="h-72 w-full min-w-0 sm:h-80">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data.points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} tickLine={false} />
            <YAxis
              tickFormatter={(v: number) => formatCompactCurrency(v)}
              tick={{ fontSize: 11 }}
              width={76}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              formatter={(value, name) => [formatCurrency(Number(value)), name]}
              contentStyle={{ borderRadius: 8, fontSize: 12 }}
            />
            <ReferenceLine y={0} stroke="currentColor" strokeOpacity={0.4} />
            <Bar dataKey="net" name={`Saldo do ${period.toLowerCase()}`} maxBarSize={28} fill={POSITIVE} isAnimationActive={false}>
              {data.points.map((p) => (
                <Cell key={p.label} fill={p.net >= 0 ? POSITIVE : NEGATIVE} />
              ))}
            </Bar>
            <Line
              type="monotone"
              dataKey="cumulative"
              name="Acumulado"
              stroke={CUMULATIVE}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm" style={{ backgroundColor: POSITIVE }} /> Saldo positivo
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm" style={{ backgroundColor: NEGATIVE }} /> Saldo negativo
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded" style={{ backgroundColor: CUMULATIVE }} /> Acumulado
        </li>
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Ver dados do gráfico</summary>
        <ScrollTable label={`Dados: ${title}`} className="mt-2" boxClassName="max-h-72 overflow-auto rounded-lg border" mutedHead zebra>
          <table className="w-full text-sm">
            <thead className="sticky top-0 z-[2] bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  Período
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Entradas
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Saídas
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Saldo
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Acumulado
                </th>
              </tr>
            </thead>
            <tbody className="[&>tr:nth-child(even)]:bg-muted/40">
              {data.points.map((p) => (
                <tr key={p.label}>
                  <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                    {p.label}
                  </th>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatCurrency(p.inflow)}</td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatCurrency(p.outflow)}</td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatCurrency(p.net)}</td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatCurrency(p.cumulative)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </details>
    </figure>
  );
}
