import type { ProjectionResult } from '@viabiliza/contracts/intelligence';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatCompactCurrency, formatCurrency } from '@/lib/format';

const LINE = 'oklch(0.546 0.245 262.881)';

/** The scenario's monthly series (recharts); the month-0 value is the base, every other point is the scenario. */
export default function ProjectionChart({ monthly }: { monthly: ProjectionResult['monthly'] }) {
  const last = monthly.at(-1);
  const summary = `Cenário mensal de ${monthly[0]?.month ?? ''} a ${last?.month ?? ''}: de ${formatCurrency(monthly[0]?.prediction ?? 0)} a ${formatCurrency(last?.prediction ?? 0)}.`;
  return (
    <figure className="min-w-0 space-y-2" data-testid="projection-chart">
      <figcaption className="text-xs text-muted-foreground">Valor do imóvel no cenário, mês a mês (não é previsão).</figcaption>
      <div role="img" aria-label={summary} className="h-64 w-full min-w-0 sm:h-72">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={monthly} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
            <XAxis dataKey="month" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} tickLine={false} />
            <YAxis
              tickFormatter={(v: number) => formatCompactCurrency(v)}
              tick={{ fontSize: 11 }}
              width={76}
              tickLine={false}
              axisLine={false}
              domain={['auto', 'auto']}
            />
            <Tooltip formatter={(value) => [formatCurrency(Number(value)), 'Cenário']} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
            <Line type="monotone" dataKey="prediction" name="Cenário" stroke={LINE} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
