import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import type { ComparedColumn } from '@/features/analysis/utils/comparison';
import { formatCompactCurrency, formatCurrency, formatDecimal } from '@/lib/format';

const NPV = 'oklch(0.546 0.245 262.881)';
const SCORE = 'oklch(0.646 0.222 41.116)';

/** NPV as bars (left axis) and the viability score as a line (right axis, 0–10), one point per analysis. */
export default function ScenarioComparisonChart({ columns }: { columns: ComparedColumn[] }) {
  const data = columns.map((c, i) => ({
    name: `${i === 0 ? 'Base' : `Cenário ${i + 1}`} #${c.id.slice(0, 8)}`,
    npv: c.figures.find((f) => f.id === 'npv')?.value ?? null,
    score: c.figures.find((f) => f.id === 'score')?.value ?? null,
  }));
  return (
    <figure className="min-w-0" data-testid="comparison-chart">
      <div className="h-72 w-full sm:h-80" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 4, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" fontSize={11} interval={0} tickFormatter={(v: string) => v.split(' #')[0] ?? v} />
            <YAxis yAxisId="npv" tickFormatter={(v: number) => formatCompactCurrency(v)} fontSize={11} width={72} />
            <YAxis yAxisId="score" orientation="right" domain={[0, 10]} fontSize={11} width={28} />
            <Tooltip formatter={(v, name) => (name === 'VPL' ? formatCurrency(Number(v)) : `${formatDecimal(Number(v), 1)}/10`)} />
            <Legend />
            <Bar yAxisId="npv" dataKey="npv" name="VPL" fill={NPV} isAnimationActive={false} />
            <Line yAxisId="score" dataKey="score" name="Nota" stroke={SCORE} strokeWidth={2} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {data.map((d) => `${d.name}: VPL ${d.npv === null ? '—' : formatCurrency(d.npv)}, nota ${d.score === null ? '—' : formatDecimal(d.score, 1)}`).join('; ')}
      </figcaption>
    </figure>
  );
}
