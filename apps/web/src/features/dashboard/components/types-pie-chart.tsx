import type { TypeMetric } from '@viabiliza/contracts/dashboard';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

import { chartColor } from '@/features/dashboard/utils/figures';
import { formatDecimal, formatNumber } from '@/lib/format';

/** 'Tipos de Análise': a donut of the user's analyses by type (recharts); the list beside it carries the numbers. */
export default function TypesPieChart({ types }: { types: TypeMetric[] }) {
  const summary = types.map((t) => `${t.label}: ${formatNumber(t.count)} (${formatDecimal(t.percent)}%)`).join('; ');
  return (
    <div role="img" aria-label={`Análises por tipo. ${summary}`} className="h-56 w-full min-w-0 sm:h-64">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={types}
            dataKey="count"
            nameKey="label"
            innerRadius="55%"
            outerRadius="90%"
            paddingAngle={types.length > 1 ? 2 : 0}
            isAnimationActive={false}
            stroke="none"
          >
            {types.map((t, i) => (
              <Cell key={t.type} fill={chartColor(i)} />
            ))}
          </Pie>
          <Tooltip
            formatter={(value, name) => [`${formatNumber(Number(value))} análise(s)`, name]}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
