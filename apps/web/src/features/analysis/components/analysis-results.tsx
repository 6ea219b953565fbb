import { Suspense, lazy } from 'react';

import { DevelopmentPanel } from '@/features/analysis/components/development-panel';
import { AcquisitionCostsCard } from '@/features/analysis/components/acquisition-costs-card';
import { FinancingPanel } from '@/features/analysis/components/financing-panel';
import { AfterTaxPanel, StressPanel } from '@/features/analysis/components/after-tax-panel';
import { ReportCard } from '@/features/analysis/components/report-card';
import { ReferenceWarningsBanner } from '@/features/analysis/components/reference-warnings-banner';
import { HeatMapLegend, SensitivityHeatMap } from '@/features/analysis/components/sensitivity-heat-map';
import { cashFlowSeries, sensitivityMatrices, type ShownAnalysis } from '@/features/analysis/utils/result';
import { QueryError } from '@/components/errors/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

// recharts is the largest library of the screen: it loads only once there is a chart to draw.
const CashFlowChart = lazy(() => import('@/features/analysis/components/cash-flow-chart'));

function ChartSkeleton() {
  return <Skeleton role="status" aria-label="Carregando gráfico" className="h-72 w-full sm:h-80" />;
}

/**
 * 'Relatório' of the analysis screen: the report card, the cash flows, acquisition costs, financing,
 * after-tax returns, stress, development and sensitivity. The tabs around it are the app's one tab
 * list of an analysis (app/routes/analysis-tabs.tsx), shared with the detail pages.
 */
export function AnalysisOverview({ analysis }: { analysis: ShownAnalysis }) {
  const flows = cashFlowSeries(analysis.result);
  const matrices = sensitivityMatrices(analysis.result);

  return (
    <div className="min-w-0 space-y-4">
      <ReportCard analysis={analysis} />
      <ReferenceWarningsBanner warnings={analysis.result?.referenceWarnings} />
      {flows.length > 0 && (
        <Card>
          <CardHeader className="px-4 sm:px-6">
            <CardTitle>
              <h2 className="text-lg">Fluxo de Caixa</h2>
            </CardTitle>
            <CardDescription>Entradas menos saídas de cada período e o saldo acumulado.</CardDescription>
          </CardHeader>
          <CardContent className="px-4 sm:px-6 space-y-8">
            {flows.map((flow) => (
              <Suspense key={flow.id} fallback={<ChartSkeleton />}>
                <CashFlowChart title={flow.title} points={flow.points} />
              </Suspense>
            ))}
          </CardContent>
        </Card>
      )}
      <AcquisitionCostsCard financial={analysis.result?.financial} />
      <FinancingPanel financing={analysis.result?.financial?.financing} />
      <AfterTaxPanel afterTax={analysis.result?.financial?.afterTax} />
      <StressPanel stress={analysis.result?.stress} />
      <DevelopmentPanel development={analysis.result?.development} />
      {matrices.length > 0 && (
        <Card>
          <CardHeader className="px-4 sm:px-6">
            <CardTitle>
              <h2 className="text-lg">Análise de Sensibilidade</h2>
            </CardTitle>
            <CardDescription>Como o resultado muda quando duas premissas variam ao redor do cenário base.</CardDescription>
          </CardHeader>
          <CardContent className="px-4 sm:px-6 space-y-6">
            <HeatMapLegend />
            {matrices.map((matrix) => (
              <SensitivityHeatMap key={matrix.id} matrix={matrix} />
            ))}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** While the result is fetched: the shape of the report card. */
export function AnalysisResultsSkeleton() {
  return (
    <div role="status" aria-label="Carregando análise" className="space-y-4">
      <Skeleton className="h-9 w-full sm:w-96" />
      <div className="space-y-4 rounded-xl border p-6">
        <Skeleton className="h-6 w-2/3" />
        <div className="grid gap-3 sm:grid-cols-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-4/6" />
      </div>
    </div>
  );
}

export function AnalysisResultsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <QueryError title="Erro ao carregar análise" error={error} onRetry={onRetry} />;
}
