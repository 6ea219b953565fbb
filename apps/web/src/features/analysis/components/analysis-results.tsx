import { BarChart3, FileSearch, FileText, Lightbulb, LineChart, Scale, SlidersHorizontal, Smile } from 'lucide-react';
import { Suspense, lazy, type ReactNode } from 'react';

import { DevelopmentPanel } from '@/features/analysis/components/development-panel';
import { DossierPanel } from '@/features/analysis/components/dossier-panel';
import { InsightsPanel } from '@/features/analysis/components/insights-panel';
import { PredictivePanel } from '@/features/analysis/components/predictive-panel';
import { SentimentPanel } from '@/features/analysis/components/sentiment-panel';
import { SuggestionsPanel } from '@/features/analysis/components/suggestions-panel';
import { AcquisitionCostsCard } from '@/features/analysis/components/acquisition-costs-card';
import { FinancingPanel } from '@/features/analysis/components/financing-panel';
import { AfterTaxPanel, StressPanel } from '@/features/analysis/components/after-tax-panel';
import { ReportCard } from '@/features/analysis/components/report-card';
import { ReferenceWarningsBanner } from '@/features/analysis/components/reference-warnings-banner';
import { ReportsPanel } from '@/features/analysis/components/reports-panel';
import { HeatMapLegend, SensitivityHeatMap } from '@/features/analysis/components/sensitivity-heat-map';
import { ValuationPanel } from '@/features/analysis/components/valuation-panel';
import { WhatIfTab } from '@/features/analysis/components/what-if-tab';
import { readDossier } from '@/features/analysis/utils/dossier';
import { cashFlowSeries, sensitivityMatrices, type ShownAnalysis } from '@/features/analysis/utils/result';
import { QueryError } from '@/components/errors/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

// recharts is the largest library of the screen: it loads only once there is a chart to draw.
const CashFlowChart = lazy(() => import('@/features/analysis/components/cash-flow-chart'));

function ChartSkeleton() {
  return <Skeleton role="status" aria-label="Carregando gráfico" className="h-72 w-full sm:h-80" />;
}

/**
 * The result tabs of the analysis screen: Análise, Sentimento, Analytics, Avaliação, Diligência
 * (the documents' due-diligence dossier), Insights IA, Relatórios.
 * `reportActions`: what the route puts in 'Relatórios' for a saved analysis (the reports feature).
 */
export function AnalysisResults({
  analysis,
  onDownload,
  reportActions,
}: {
  analysis: ShownAnalysis;
  onDownload: () => void;
  reportActions?: ReactNode;
}) {
  const flows = cashFlowSeries(analysis.result);
  const matrices = sensitivityMatrices(analysis.result);

  return (
    <Tabs defaultValue="analysis" className="gap-4" aria-label="Resultado da análise">
      <TabsList className="flex h-auto w-full flex-wrap justify-start gap-1 sm:w-fit">
        <TabsTrigger value="analysis" className="px-4 py-1.5">
          <BarChart3 aria-hidden />
          Análise
        </TabsTrigger>
        {analysis.kind === 'saved' && analysis.id && (
          <TabsTrigger value="what-if" className="px-4 py-1.5">
            <SlidersHorizontal aria-hidden />
            Simular cenário
          </TabsTrigger>
        )}
        <TabsTrigger value="sentiment" className="px-4 py-1.5">
          <Smile aria-hidden />
          Sentimento
        </TabsTrigger>
        <TabsTrigger value="analytics" className="px-4 py-1.5">
          <LineChart aria-hidden />
          Analytics
        </TabsTrigger>
        <TabsTrigger value="valuation" className="px-4 py-1.5">
          <Scale aria-hidden />
          Avaliação
        </TabsTrigger>
        <TabsTrigger value="dossier" className="px-4 py-1.5">
          <FileSearch aria-hidden />
          Diligência
        </TabsTrigger>
        <TabsTrigger value="insights" className="px-4 py-1.5">
          <Lightbulb aria-hidden />
          Insights IA
        </TabsTrigger>
        <TabsTrigger value="reports" className="px-4 py-1.5">
          <FileText aria-hidden />
          Relatórios
        </TabsTrigger>
      </TabsList>

      <TabsContent value="analysis" className="space-y-4">
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
      </TabsContent>
      {analysis.kind === 'saved' && analysis.id && (
        <TabsContent value="what-if">
          <WhatIfTab analysisId={analysis.id} result={analysis.result} />
        </TabsContent>
      )}
      <TabsContent value="sentiment">
        <SentimentPanel analysisId={analysis.kind === 'saved' ? analysis.id : null} />
      </TabsContent>
      <TabsContent value="analytics" className="space-y-4">
        <PredictivePanel analysisId={analysis.kind === 'saved' ? analysis.id : null} />
        <SuggestionsPanel analysisId={analysis.kind === 'saved' ? analysis.id : null} />
      </TabsContent>
      <TabsContent value="valuation">
        <ValuationPanel analysis={analysis} />
      </TabsContent>
      <TabsContent value="dossier">
        <DossierPanel dossier={readDossier(analysis.result)} />
      </TabsContent>
      <TabsContent value="insights">
        <InsightsPanel analysis={analysis} />
      </TabsContent>
      <TabsContent value="reports">
        <ReportsPanel onDownload={onDownload} actions={reportActions} />
      </TabsContent>
    </Tabs>
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
