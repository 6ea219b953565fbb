import type { SensitivityMatrix } from '@viabiliza/contracts/analysis-result';

import { formatAxisValue, formatValue } from '@/features/analysis/utils/figures';
import { HEAT_GRADIENT, heatColor, heatScale, heatTone } from '@/features/analysis/utils/heat-map';
import { ScrollTable } from '@/components/scroll-table';
import { cn } from '@/lib/utils';

/**
 * One sensitivity matrix as a heat map: an HTML table whose cells carry their value as text (the
 * colour only repeats it), red where the metric is worse than the base case, green where better.
 */
export function SensitivityHeatMap({ matrix }: { matrix: SensitivityMatrix }) {
  const scale = heatScale(matrix);
  const titleId = `heat-${matrix.id}`;

  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-2" data-testid="sensitivity-heat-map">
      <div className="space-y-0.5">
        <h4 id={titleId} className="font-semibold">
          {matrix.title}
        </h4>
        <p className="text-xs text-muted-foreground">
          {matrix.metricLabel} por {matrix.rowLabel} (linhas) e {matrix.colLabel} (colunas).
        </p>
      </div>
      <ScrollTable labelledBy={titleId} boxClassName="rounded-lg border" stickyFirstColumn={false}>
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="bg-muted">
              <th scope="col" className="sticky left-0 z-10 max-w-44 min-w-28 bg-muted px-2 py-2 text-left text-xs font-medium text-muted-foreground">
                <span className="block">{matrix.rowLabel} ↓</span>
                <span className="block">{matrix.colLabel} →</span>
              </th>
              {matrix.colValues.map((col, c) => (
                <th key={c} scope="col" className="px-2 py-2 text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatAxisValue(col, matrix.colUnit)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.rowValues.map((row, r) => (
              <tr key={r} className="border-t">
                <th scope="row" className="sticky left-0 z-10 bg-muted px-2 py-2 text-left font-semibold whitespace-nowrap tabular-nums">
                  {formatAxisValue(row, matrix.rowUnit)}
                </th>
                {matrix.colValues.map((_, c) => {
                  const value = matrix.cells[r]?.[c] ?? null;
                  const isBase = matrix.base.row === r && matrix.base.col === c;
                  const tone = scale ? heatTone(value, scale) : null;
                  return (
                    <td
                      key={c}
                      style={{ backgroundColor: heatColor(tone) }}
                      className={cn(
                        'px-2 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums',
                        isBase && 'font-bold outline-2 -outline-offset-2 outline-slate-900',
                      )}
                    >
                      {value === null || !Number.isFinite(value) ? '—' : formatValue(value, matrix.metricUnit)}
                      {isBase && <span className="sr-only"> (cenário base)</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}

/** The key shared by every heat map of the report. */
export function HeatMapLegend() {
  return (
    <div className="flex flex-col gap-2 text-xs text-muted-foreground sm:flex-row sm:items-center sm:gap-4">
      <div className="flex items-center gap-2">
        <span>Pior</span>
        <span aria-hidden className="h-3 w-32 rounded-sm border" style={{ background: HEAT_GRADIENT }} />
        <span>Melhor que o cenário base</span>
      </div>
      <div className="flex items-center gap-2">
        <span aria-hidden className="size-3 rounded-sm outline-2 -outline-offset-2 outline-slate-900" />
        <span>Cenário base</span>
      </div>
      <span>— sem valor calculável</span>
    </div>
  );
}
