import { analysisTypeLabel, type AnalysisDetail } from '@viabiliza/contracts/analysis';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';

import { comparedColumn, deltaAgainst, type ComparedColumn } from '@/features/analysis/utils/comparison';
import type { KeyFigure } from '@/features/analysis/utils/engine-in-browser';
import { formatValue } from '@/features/analysis/utils/figures';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatDecimal } from '@/lib/format';

const ComparisonChart = lazy(() => import('@/features/analysis/components/scenario-comparison-chart'));

function shortId(id: string) {
  return `#${id.slice(0, 8)}`;
}

function display(f: KeyFigure | undefined): string {
  return !f || f.value === null ? '—' : formatValue(f.value, f.unit);
}

function deltaText(d: number | null, unit: KeyFigure['unit']): string | null {
  if (d === null) return null;
  if (Math.abs(d) < 1e-9) return '=';
  const sign = d > 0 ? '+' : '−';
  if (unit === 'fraction') return `${sign}${formatDecimal(Math.abs(d) * 100, 2)} p.p.`;
  return `${sign}${formatValue(Math.abs(d), unit)}`;
}

/**
 * Analyses side by side (issue 18): key figures (price, NPV, IRR, margin, yield, score), the verdict,
 * and each figure's difference against the first analysis; a chart of NPV and score. The table
 * scrolls sideways at 375 px with the figure names kept in view.
 */
export function ScenarioComparison({ analyses }: { analyses: AnalysisDetail[] }) {
  const columns = analyses.map(comparedColumn);
  const first = columns[0];
  const figureIds = (first?.figures ?? columns.find((c) => c.figures.length)?.figures ?? []).map((f) => f.id);
  const rows = figureIds
    .map((id) => ({ id, cells: columns.map((c) => c.figures.find((f) => f.id === id)) }))
    .filter((r) => r.cells.some((f) => f && f.value !== null));

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 className="text-lg">Lado a lado</h2>
          </CardTitle>
          <CardDescription>As diferenças são em relação à primeira análise ({first ? shortId(first.id) : '—'}).</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          <div className="overflow-x-auto" data-testid="comparison-table">
            <table className="w-full border-separate border-spacing-0 text-sm" style={{ minWidth: `${8 + 10 * columns.length}rem` }}>
              <caption className="sr-only">Comparação de análises: números-chave e diferença em relação à primeira</caption>
              <thead>
                <tr>
                  <th scope="col" className="sticky left-0 z-10 w-32 border-b bg-card py-2 pr-3 text-left font-medium text-muted-foreground">
                    Número
                  </th>
                  {columns.map((c, i) => (
                    <th key={c.id} scope="col" className="border-b px-3 py-2 text-right align-bottom font-medium">
                      <Link to={`/dashboard/analysis/${c.id}`} className="underline-offset-2 hover:underline">
                        {i === 0 ? 'Base' : `Cenário ${i + 1}`} {shortId(c.id)}
                      </Link>
                      <span className="block text-xs font-normal text-muted-foreground">{c.title}</span>
                      <span className="block text-xs font-normal text-muted-foreground">{formatDateTime(c.createdAt)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row" className="sticky left-0 z-10 border-b bg-card py-2 pr-3 text-left font-normal">Tipo</th>
                  {columns.map((c) => (
                    <td key={c.id} className="border-b px-3 py-2 text-right">{analysisTypeLabel(c.analysisType)}</td>
                  ))}
                </tr>
                <tr>
                  <th scope="row" className="sticky left-0 z-10 border-b bg-card py-2 pr-3 text-left font-normal">Veredito</th>
                  {columns.map((c) => (
                    <td key={c.id} className="border-b px-3 py-2 text-right" data-testid="comparison-verdict">{c.verdict ?? '—'}</td>
                  ))}
                </tr>
                {rows.map((r) => (
                  <tr key={r.id} data-testid={`comparison-row-${r.id}`}>
                    <th scope="row" className="sticky left-0 z-10 border-b bg-card py-2 pr-3 text-left font-normal">
                      {r.cells.find(Boolean)?.label}
                    </th>
                    {r.cells.map((f, i) => {
                      const d = i === 0 ? null : deltaText(deltaAgainst(r.cells[0], f), f?.unit ?? 'BRL');
                      return (
                        <td key={columns[i]!.id} className="border-b px-3 py-2 text-right whitespace-nowrap tabular-nums">
                          {display(f)}
                          {d && <span className="block text-xs text-muted-foreground">{d}</span>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CardContent>
      </Card>
      <ComparisonChartCard columns={columns} />
    </div>
  );
}

function ComparisonChartCard({ columns }: { columns: ComparedColumn[] }) {
  if (!columns.some((c) => c.figures.some((f) => f.id === 'npv' && f.value !== null))) return null;
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">VPL e nota por análise</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <Suspense fallback={<Skeleton role="status" aria-label="Carregando gráfico" className="h-72 w-full" />}>
          <ComparisonChart columns={columns} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
