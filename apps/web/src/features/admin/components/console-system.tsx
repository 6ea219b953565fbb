import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { HealthLevel } from '@viabiliza/contracts/admin-console';

import { useHealthPanel } from '@/features/admin/api/get-health-panel';
import { QueryError } from '@/components/errors/query-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatDecimal, formatNumber } from '@/lib/format';

const STATUS: Record<HealthLevel, { label: string; className: string }> = {
  healthy: { label: 'Saudável', className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' },
  warning: { label: 'Atenção', className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200' },
  error: { label: 'Erro', className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' },
};

/** System tab: the health panel of spec 02 §2, each service timed by a real round trip on the server. */
export function ConsoleSystem() {
  const health = useHealthPanel();
  const data = health.data;
  const worst = data?.services.some((s) => s.status === 'error') ? 'error' : data?.services.some((s) => s.status === 'warning') ? 'warning' : 'healthy';
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <CardTitle>Saúde do sistema</CardTitle>
          <CardDescription>{data ? `Verificado em ${formatDateTime(data.lastChecked)} · atualiza a cada 30 s` : 'Verificando serviços…'}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => health.refetch()} aria-busy={health.isFetching}>
          <RefreshCw className={health.isFetching ? 'animate-spin' : undefined} aria-hidden /> Atualizar
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        {health.isPending ? (
          <Skeleton className="h-40" />
        ) : health.isError ? (
          <QueryError title="Erro ao verificar os serviços" error={health.error} onRetry={() => health.refetch()} />
        ) : data ? (
          <>
            {worst === 'error' && (
              <Alert variant="destructive">
                <AlertTriangle aria-hidden />
                <AlertTitle>Estado crítico do sistema</AlertTitle>
                <AlertDescription>Um serviço não respondeu. Verifique os registros do servidor.</AlertDescription>
              </Alert>
            )}
            {worst === 'warning' && (
              <Alert>
                <AlertTriangle aria-hidden />
                <AlertTitle>Desempenho degradado</AlertTitle>
                <AlertDescription>Um serviço respondeu acima do limite esperado.</AlertDescription>
              </Alert>
            )}
            <ul className="grid gap-3 sm:grid-cols-2" data-testid="system-health">
              {data.services.map((s) => (
                <li key={s.id} className="flex items-center justify-between gap-2 rounded-lg border p-3">
                  <div>
                    <p className="font-medium">{s.name}</p>
                    <p className="text-sm text-muted-foreground">{s.latencyMs === null ? 'Sem resposta' : `${formatDecimal(s.latencyMs)} ms`}</p>
                  </div>
                  <Badge className={STATUS[s.status].className}>{STATUS[s.status].label}</Badge>
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {[
                ['Usuários', formatNumber(data.metrics.totalUsers)],
                ['Análises', formatNumber(data.metrics.totalAnalyses)],
                ['Imóveis', formatNumber(data.metrics.totalProperties)],
                ['Erros (24 h)', formatNumber(data.metrics.recentErrors)],
                ['Resposta média', data.metrics.avgResponseTime === null ? '—' : `${formatDecimal(data.metrics.avgResponseTime)} ms`],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg border p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-xl font-bold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
