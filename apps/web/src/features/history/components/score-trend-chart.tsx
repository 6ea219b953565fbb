import type { PropertyAnalysisItem } from '@viabiliza/contracts/history';
import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatDate, formatDateTime, formatDecimal } from '@/lib/format';

const LINE = 'oklch(0.546 0.245 262.881)';

/**
 * The viability score of each analysis of the property over time (recharts), oldest on the left.
 * Loaded on demand by the page; the same figures are in the list below it for screen readers.
 */
export default function ScoreTrendChart({ analyses }: { analyses: PropertyAnalysisItem[] }) {
  const points = useMemo(() => {
    const scored = analyses.filter((a) => a.viabilityScore !== null).reverse();
    // Several analyses on one day are told apart by the time.
    const days = new Set(scored.map((a) => formatDate(a.createdAt)));
    const sameDay = days.size < scored.length;
    return scored.map((a) => ({
      id: a.id,
      at: a.createdAt,
      day: formatDate(a.createdAt),
      tick: sameDay ? format(new Date(a.createdAt), 'dd/MM HH:mm') : formatDate(a.createdAt),
      score: a.viabilityScore!,
      type: analysisTypeLabel(a.analysisType),
    }));
  }, [analyses]);
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `Viabilidade ao longo de ${points.length} análise(s): de ${formatDecimal(first.score, 1)}/10 em ${first.day} a ${formatDecimal(last.score, 1)}/10 em ${last.day}.`
      : 'Sem pontuação para mostrar.';

  return (
    <div role="img" aria-label={summary} className="h-56 w-full min-w-0 sm:h-64" data-testid="score-trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
          <XAxis
            dataKey="id"
            tickFormatter={(id: string) => points.find((p) => p.id === id)?.tick ?? ''}
            tick={{ fontSize: 11 }}
            tickLine={false}
            interval="preserveStartEnd"
            minTickGap={12}
            padding={{ left: 16, right: 16 }}
          />
          <YAxis domain={[0, 10]} ticks={[0, 2, 4, 6, 8, 10]} tick={{ fontSize: 11 }} tickLine={false} axisLine={false} width={40} />
          <Tooltip
            labelFormatter={(id) => {
              const p = points.find((x) => x.id === id);
              return p ? `${formatDateTime(p.at)} · ${p.type}` : '';
            }}
            formatter={(value) => [`${formatDecimal(Number(value), 1)}/10`, 'Viabilidade']}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
          <Line
            type="monotone"
            dataKey="score"
            name="Viabilidade"
            stroke={LINE}
            strokeWidth={2}
            dot={{ r: 4, fill: LINE }}
            activeDot={{ r: 6 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
