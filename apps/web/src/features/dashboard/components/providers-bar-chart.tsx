import type { ProviderMetric } from '@viabiliza/contracts/dashboard';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { chartColor } from '@/features/dashboard/utils/figures';
import { formatDecimal, formatNumber } from '@/lib/format';

/**
 * 'Providers': total use (left axis) and success rate — the share of analyses with confidence
 * above 70 — (right axis, 0–100%) per provider.
 */
export default function ProvidersBarChart({ providers }: { providers: ProviderMetric[] }) {
  const summary = providers
    .map((p) => `${p.name}: ${formatNumber(p.uses)} uso(s), ${formatDecimal(p.successRate)}% de sucesso`)
    .join('; ');
  return (
    <div role="img" aria-label={`Uso e taxa de sucesso por provider. ${summary}`} className="h-64 w-full min-w-0 sm:h-72">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={providers} margin={{ top: 8, right: 4, bottom: 0, left: -8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} tickLine={false} interval={0} />
          <YAxis yAxisId="uses" allowDecimals={false} domain={[0, 'dataMax']} tick={{ fontSize: 11 }} tickLine={false} axisLine={false} width={40} />
          <YAxis
            yAxisId="rate"
            orientation="right"
            domain={[0, 100]}
            tickFormatter={(v: number) => `${v}%`}
            tick={{ fontSize: 11 }}
            tickLine={false}
            axisLine={false}
            width={40}
          />
          <Tooltip
            formatter={(value, name) => (name === 'Taxa de sucesso' ? [`${formatDecimal(Number(value))}%`, name] : [formatNumber(Number(value)), name])}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          <Bar yAxisId="uses" dataKey="uses" name="Uso total" fill={chartColor(0)} maxBarSize={40} isAnimationActive={false} radius={[4, 4, 0, 0]} />
          <Bar
            yAxisId="rate"
            dataKey="successRate"
            name="Taxa de sucesso"
            fill={chartColor(1)}
            maxBarSize={40}
            isAnimationActive={false}
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
