import type { DashboardMetrics, SystemCheck } from '@viabiliza/contracts/dashboard';
import { Database, Gauge, Hash, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Suspense, lazy, type ReactNode } from 'react';

import { SystemStatusList } from '@/features/dashboard/components/system-status-list';
import { chartColor, countLabel, percentLabel, rateLabel } from '@/features/dashboard/utils/figures';
import { QueryError } from '@/components/errors/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDecimal, formatNumber } from '@/lib/format';

// recharts is loaded only when the 'Atividade' tab shows a chart.
const TypesPieChart = lazy(() => import('@/features/dashboard/components/types-pie-chart'));
const ProvidersBarChart = lazy(() => import('@/features/dashboard/components/providers-bar-chart'));

function MetricCard({ id, label, value, hint, icon: Icon }: { id: string; label: string; value: string; hint: string; icon: LucideIcon }) {
  return (
    <Card className="gap-1 py-4" data-testid={`metric-${id}`}>
      <CardContent className="space-y-1 px-4">
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span className="font-medium">{label}</span>
          <Icon className="size-4" aria-hidden />
        </div>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-10 text-center text-sm text-muted-foreground">{children}</p>;
}

function ChartFallback() {
  return <Skeleton className="h-56 w-full sm:h-64" />;
}

function TypesTab({ metrics }: { metrics: DashboardMetrics }) {
  if (!metrics.types.length) return <Empty>Nenhuma análise encontrada</Empty>;
  return (
    <div className="grid items-center gap-6 md:grid-cols-2 [&>*]:min-w-0">
      <Suspense fallback={<ChartFallback />}>
        <TypesPieChart types={metrics.types} />
      </Suspense>
      <ul className="space-y-2" aria-label="Análises por tipo">
        {metrics.types.map((t, i) => (
          <li key={t.type} className="flex items-center gap-3 text-sm" data-testid="type-row">
            <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: chartColor(i) }} aria-hidden />
            <span className="min-w-0 flex-1 truncate font-medium">{t.label}</span>
            <span className="text-muted-foreground tabular-nums">{formatNumber(t.count)}</span>
            <span className="w-14 text-right font-medium tabular-nums">{formatDecimal(t.percent)}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProvidersTab({ metrics }: { metrics: DashboardMetrics }) {
  if (!metrics.providers.length) return <Empty>Nenhuma análise encontrada</Empty>;
  return (
    <div className="space-y-4">
      <Suspense fallback={<ChartFallback />}>
        <ProvidersBarChart providers={metrics.providers} />
      </Suspense>
      <ul className="divide-y rounded-lg border text-sm" aria-label="Uso por provider">
        {metrics.providers.map((p) => (
          <li key={p.provider ?? 'none'} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
            <span className="min-w-0 flex-1 font-medium">{p.name}</span>
            <span className="text-muted-foreground tabular-nums">{formatNumber(p.uses)} uso(s)</span>
            <span className="tabular-nums">{formatDecimal(p.successRate)}% de sucesso</span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">Sucesso: análises com confiança acima de 70%.</p>
    </div>
  );
}

function MemoryBar({ memory }: { memory: NonNullable<DashboardMetrics['memory']> }) {
  const memoryPercent = memory.rssMb > 0 ? (memory.heapUsedMb / memory.rssMb) * 100 : 0;
  return (
    <div className="space-y-2" data-testid="memory-bar">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Memória do servidor</span>
        <span className="tabular-nums">
          {formatDecimal(memory.heapUsedMb)} MB / {formatDecimal(memory.rssMb)} MB
        </span>
      </div>
      <Progress value={memoryPercent} aria-label={`Heap em uso: ${formatDecimal(memory.heapUsedMb)} MB de ${formatDecimal(memory.rssMb)} MB residentes`} />
      <p className="text-xs text-muted-foreground">Heap JavaScript em uso contra a memória residente (RSS) do processo.</p>
    </div>
  );
}

/** Cache figures are the person's; memory and services are the server's, sent to admins only. */
function PerformanceTab({ metrics, system }: { metrics: DashboardMetrics; system: SystemCheck[] | undefined }) {
  const hit = metrics.cacheHitRate;
  return (
    <div className={system ? 'grid gap-6 lg:grid-cols-2 [&>*]:min-w-0' : 'space-y-6'}>
      <div className="space-y-6">
        <div className="space-y-2" data-testid="cache-bar">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-medium">Resultados reaproveitados</span>
            <span className="tabular-nums">{rateLabel(hit)}</span>
          </div>
          <Progress value={hit == null ? 0 : hit * 100} aria-label={`Resultados reaproveitados: ${rateLabel(hit)}`} indicatorClassName="bg-success" />
          <p className="text-xs text-muted-foreground">
            {metrics.completedRuns
              ? `${formatNumber(metrics.cacheHits)} de ${formatNumber(metrics.completedRuns)} execuções concluídas respondidas pelo cache de entradas idênticas`
              : 'Nenhuma execução concluída ainda'}
          </p>
        </div>
        {metrics.memory && <MemoryBar memory={metrics.memory} />}
      </div>
      {system && (
        <div className="space-y-2">
          <p className="text-sm font-medium">Serviços</p>
          <SystemStatusList checks={system} />
        </div>
      )}
    </div>
  );
}

/** The 'Atividade' tab (spec 01 §2 'Metrics panel'), every figure from the server. */
export function MetricsPanel({
  metrics,
  system,
  error,
  onRetry,
  isRetrying,
}: {
  metrics: DashboardMetrics | undefined;
  system: SystemCheck[] | undefined;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  if (!metrics && error) {
    return <QueryError title="Não foi possível carregar as métricas" error={error} onRetry={onRetry} isRetrying={isRetrying} />;
  }
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {metrics ? (
          <>
            <MetricCard
              id="Confiança Média"
              label="Confiança Média"
              value={percentLabel(metrics.averageConfidence)}
              hint={metrics.averageConfidence == null ? 'Sem análises ainda' : `Em ${formatNumber(metrics.totalAnalyses)} análise(s)`}
              icon={ShieldCheck}
            />
            <MetricCard
              id="Tokens Médios"
              label="Tokens médios (IA)"
              value={metrics.averageTokens ? countLabel(metrics.averageTokens) : '—'}
              hint={metrics.averageTokens ? 'Por análise escrita por um modelo de IA' : 'O Motor Viabiliza não usa tokens'}
              icon={Hash}
            />
            <MetricCard
              id="Cache Hit Rate"
              label="Resultados reaproveitados"
              value={rateLabel(metrics.cacheHitRate)}
              hint={metrics.completedRuns ? `${formatNumber(metrics.cacheHits)} de ${formatNumber(metrics.completedRuns)} execuções` : 'Sem execuções ainda'}
              icon={Gauge}
            />
            <MetricCard
              id="Cache Entries"
              label="Resultados guardados"
              value={formatNumber(metrics.cacheEntries)}
              hint="Cálculos distintos prontos para reaproveitar"
              icon={Database}
            />
          </>
        ) : (
          Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-[104px] rounded-xl" />)
        )}
      </div>

      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>Métricas</CardTitle>
          <CardDescription>Calculadas sobre todas as suas análises.</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          {metrics ? (
            <Tabs defaultValue="tipos" className="min-w-0 gap-4">
              {/* Three equal columns on a phone (labels may wrap) rather than a row wider than the card. */}
              <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-9 sm:w-fit">
                {[
                  ['tipos', 'Tipos de Análise'],
                  ['providers', 'Provedores'],
                  ['performance', 'Desempenho'],
                ].map(([value, label]) => (
                  <TabsTrigger key={value} value={value!} className="min-h-8 px-1 text-[13px] whitespace-normal sm:px-2 sm:text-sm sm:whitespace-nowrap">
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value="tipos">
                <TypesTab metrics={metrics} />
              </TabsContent>
              <TabsContent value="providers">
                <ProvidersTab metrics={metrics} />
              </TabsContent>
              <TabsContent value="performance">
                <PerformanceTab metrics={metrics} system={system} />
              </TabsContent>
            </Tabs>
          ) : (
            <Skeleton className="h-64" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
