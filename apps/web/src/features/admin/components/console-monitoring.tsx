import { Activity, AlertTriangle, Clock, Gauge, Pause, Play, Timer, Users, Zap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type * as React from 'react';
import {
  OVERALL_STATUS_LABELS,
  progressFor,
  type ComponentStatus,
  type MonitorAlert,
  type OverallStatus,
} from '@viabiliza/contracts/admin-console';

import { useConsoleOverview } from '@/features/admin/api/get-console-overview';
import { ALERT_FEED_SIZE, CLIENT_ALERT_PREFIX, mergeAlerts } from '@/features/admin/utils/alert-feed';
import { IDLE_INTERVAL } from '@/features/admin/utils/response-time';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDecimal, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';

const COLLECTION_FAILED = 'Falha na coleta de métricas de monitoramento.';

const STATUS_CLASS: Record<OverallStatus, string> = {
  healthy: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  critical: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

const time = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function MetricCard({ title, icon, value, hint, progress }: { title: string; icon: React.ReactNode; value: string; hint: string; progress?: number }) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent className="space-y-2">
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        {progress !== undefined && <Progress value={progress} aria-label={`${title}: ${formatDecimal(progress)}%`} />}
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

function ComponentCard({ component }: { component: ComponentStatus }) {
  const label = { healthy: 'Saudável', warning: 'Atenção', critical: 'Crítico' }[component.status];
  return (
    <li className="flex items-center justify-between gap-2 rounded-lg border p-3">
      <div className="min-w-0">
        <p className="font-medium">{component.name}</p>
        <p className="truncate text-xs text-muted-foreground">
          {component.latencyMs === null ? 'Sem resposta' : `${formatDecimal(component.latencyMs)} ms`}
          {component.id === 'ai' && component.message ? ` · ${component.message}` : ''}
        </p>
      </div>
      <Badge className={STATUS_CLASS[component.status]}>{label}</Badge>
    </li>
  );
}

/** The alerts that hold now, plus the client's own collection failures, newest first, at most 10; each toasted once. */
function useAlertFeed(serverAlerts: MonitorAlert[] | undefined, failedAt: number) {
  const [feed, setFeed] = useState<MonitorAlert[]>([]);
  const feedRef = useRef<MonitorAlert[]>([]);
  const seen = useRef<ReadonlySet<string>>(new Set<string>());
  useEffect(() => {
    if (!serverAlerts) return;
    const next = mergeAlerts(serverAlerts, feedRef.current, seen.current);
    seen.current = next.seen;
    for (const a of next.toast) if (a.level === 'error') toast.error('Alerta Crítico', { description: a.message });
    feedRef.current = next.feed;
    setFeed(next.feed);
  }, [serverAlerts]);
  useEffect(() => {
    if (!failedAt) return;
    const alert: MonitorAlert = { id: `${CLIENT_ALERT_PREFIX}${failedAt}`, level: 'error', message: COLLECTION_FAILED, at: new Date(failedAt).toISOString() };
    toast.error('Alerta Crítico', { description: COLLECTION_FAILED });
    feedRef.current = [alert, ...feedRef.current].slice(0, ALERT_FEED_SIZE);
    setFeed(feedRef.current);
  }, [failedAt]);
  return feed;
}

/** Monitoring tab (spec 02 §2, §4): polls the server every 5 s while started. */
export function ConsoleMonitoring() {
  const [running, setRunning] = useState(true);
  const overview = useConsoleOverview(running);
  const data = overview.data;
  const alerts = useAlertFeed(data?.alerts, overview.errorUpdatedAt);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <CardTitle className="flex items-center gap-2">
              <Activity className="size-5" aria-hidden /> Monitoramento em tempo real
            </CardTitle>
            <CardDescription>
              {data ? `Última atualização: ${time(data.checkedAt)}` : 'Aguardando a primeira coleta'}
              {running ? ' · atualiza a cada 5 s' : ' · pausado'}
            </CardDescription>
          </div>
          <div className="flex items-center gap-2">
            {data && (
              <Badge className={STATUS_CLASS[data.status]} data-testid="overall-status">
                {OVERALL_STATUS_LABELS[data.status]}
              </Badge>
            )}
            <Button variant="outline" size="sm" onClick={() => setRunning((r) => !r)}>
              {running ? <Pause aria-hidden /> : <Play aria-hidden />}
              {running ? 'Parar' : 'Iniciar'}
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {data ? (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {data.components.map((c) => (
                <ComponentCard key={c.id} component={c} />
              ))}
            </ul>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </div>
          )}
        </CardContent>
      </Card>

      {data?.status === 'critical' && (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden />
          <AlertTitle>Estado crítico do sistema</AlertTitle>
          <AlertDescription>Um componente essencial está indisponível ou os limites de erro e latência foram ultrapassados.</AlertDescription>
        </Alert>
      )}
      {data?.status === 'warning' && (
        <Alert>
          <AlertTriangle aria-hidden />
          <AlertTitle>Desempenho degradado</AlertTitle>
          <AlertDescription>Taxa de erro acima de 5% ou tempo de resposta acima de 1000 ms.</AlertDescription>
        </Alert>
      )}

      {data && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <MetricCard
            title="Tempo de resposta da API"
            icon={<Timer className="size-4 text-muted-foreground" aria-hidden />}
            value={data.metrics.apiResponseMs === null ? IDLE_INTERVAL : `${formatNumber(Math.round(data.metrics.apiResponseMs))} ms`}
            hint="p95 das requisições do intervalo atual"
            progress={progressFor.response(data.metrics.apiResponseMs)}
          />
          <MetricCard
            title="Taxa de erro"
            icon={<AlertTriangle className="size-4 text-muted-foreground" aria-hidden />}
            value={`${formatDecimal(data.metrics.errorRatePercent, 2)}%`}
            hint="Respostas 5xx no intervalo atual"
            progress={progressFor.errorRate(data.metrics.errorRatePercent)}
          />
          <MetricCard
            title="Usuários ativos"
            icon={<Users className="size-4 text-muted-foreground" aria-hidden />}
            value={formatNumber(data.metrics.activeUsers)}
            hint="Sessões usadas na última hora"
          />
          <MetricCard
            title="Disponibilidade"
            icon={<Clock className="size-4 text-muted-foreground" aria-hidden />}
            value={data.metrics.uptimePercent === null ? '—' : `${formatDecimal(data.metrics.uptimePercent)}%`}
            hint={data.metrics.uptimePercent === null ? 'Sem amostras nas últimas 24 h' : 'Intervalos de 30 s com amostra nas últimas 24 h'}
          />
          <MetricCard
            title="Acertos de cache"
            icon={<Zap className="size-4 text-muted-foreground" aria-hidden />}
            value={data.metrics.cacheHitPercent === null ? '—' : `${formatDecimal(data.metrics.cacheHitPercent)}%`}
            hint={data.metrics.cacheHitPercent === null ? 'Nenhuma análise consultou o cache ainda' : 'Análises respondidas pelo cache'}
          />
          <MetricCard
            title="Carregamento de página"
            icon={<Gauge className="size-4 text-muted-foreground" aria-hidden />}
            value={data.metrics.pageLoadMs === null ? '—' : `${formatNumber(data.metrics.pageLoadMs)} ms`}
            hint={
              data.metrics.pageLoadSamples
                ? `LCP mediano de ${formatNumber(data.metrics.pageLoadSamples)} relatos de navegadores (24 h)${data.metrics.pageLoadP75Ms === null ? '' : ` · p75 ${formatNumber(data.metrics.pageLoadP75Ms)} ms`}`
                : 'Nenhum relato de navegador nas últimas 24 h'
            }
            progress={progressFor.pageLoad(data.metrics.pageLoadMs)}
          />
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Alertas recentes</CardTitle>
          <CardDescription>Limites ultrapassados nas amostras e nas verificações (últimos 10).</CardDescription>
        </CardHeader>
        <CardContent>
          {alerts.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum alerta: todos os limites dentro do esperado.</p>
          ) : (
            <ul className="divide-y" data-testid="alerts">
              {alerts.map((a) => (
                <li key={a.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                  <span className="flex items-start gap-2">
                    <Badge variant={a.level === 'error' ? 'destructive' : 'secondary'}>{a.level === 'error' ? 'Erro' : 'Aviso'}</Badge>
                    {a.message}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{time(a.at)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
