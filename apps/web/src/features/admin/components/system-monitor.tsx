import { Activity, ArrowDown, ArrowUp, Cpu, MemoryStick, Minus, RefreshCw, ServerCrash, Timer, Users } from 'lucide-react';
import type * as React from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonitorSample, MonitorService, ServiceStatus } from '@viabiliza/contracts/monitor';

import { useSystemMonitor } from '@/features/admin/api/get-system-monitor';
import { responseTimeLabel } from '@/features/admin/utils/response-time';
import { QueryError } from '@/components/errors/query-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatDecimal, formatFileSize, formatNumber } from '@/lib/format';

const time = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function Trend({ now, before, label }: { now: number | null; before: number | null | undefined; label: string }) {
  if (now === null || before === null || before === undefined || now === before) {
    return <Minus className="size-4 text-muted-foreground" aria-label={`${label}: estável`} />;
  }
  return now > before ? (
    <ArrowUp className="size-4 text-amber-600" aria-label={`${label}: em alta desde a última amostra`} />
  ) : (
    <ArrowDown className="size-4 text-emerald-600" aria-label={`${label}: em queda desde a última amostra`} />
  );
}

function MetricCard({ title, icon, value, hint, trend }: { title: string; icon: React.ReactNode; value: string; hint: string; trend: React.ReactNode }) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-2">
          <span className="text-2xl font-bold tabular-nums">{value}</span>
          {trend}
        </div>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

const STATUS_BADGE: Record<ServiceStatus, string> = {
  healthy: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  critical: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

function ServiceRow({ service }: { service: MonitorService }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div>
        <p className="font-medium">{service.name}</p>
        <p className="text-sm text-muted-foreground">
          {service.latencyMs === null ? 'Sem resposta em 3 s' : `${formatDecimal(service.latencyMs)} ms`}
        </p>
      </div>
      <Badge className={STATUS_BADGE[service.status]}>{service.message}</Badge>
    </li>
  );
}

function Charts({ samples }: { samples: MonitorSample[] }) {
  if (samples.length < 2) {
    return (
      <p className="text-sm text-muted-foreground">
        Coletando amostras: o servidor grava uma a cada 30 segundos. Os gráficos aparecem a partir da segunda.
      </p>
    );
  }
  const data = samples.map((s) => ({
    hora: time(s.at),
    p50: s.p50Ms,
    p95: s.p95Ms,
    cpu: s.cpuPercent,
    memoria: s.memoryPercent,
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Tempo de resposta (ms)</CardTitle>
          <CardDescription>Mediana e percentil 95 de cada intervalo</CardDescription>
        </CardHeader>
        <CardContent className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="hora" fontSize={12} />
              <YAxis fontSize={12} width={40} />
              <Tooltip formatter={(value) => responseTimeLabel(value)} />
              <Legend />
              <Line type="monotone" dataKey="p50" name="p50" stroke="#2563eb" dot={false} isAnimationActive={false} connectNulls />
              <Line type="monotone" dataKey="p95" name="p95" stroke="#dc2626" dot={false} isAnimationActive={false} connectNulls />
            </LineChart>
          </ResponsiveContainer>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">CPU e memória (%)</CardTitle>
          <CardDescription>Do processo do servidor, por amostra</CardDescription>
        </CardHeader>
        <CardContent className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="hora" fontSize={12} />
              <YAxis fontSize={12} width={40} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="cpu" name="CPU" stroke="#7c3aed" dot={false} isAnimationActive={false} />
              <Line type="monotone" dataKey="memoria" name="Memória" stroke="#059669" dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </CardContent>
      </Card>
    </div>
  );
}

export function SystemMonitor() {
  const query = useSystemMonitor();

  if (query.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Carregando monitor do sistema">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <QueryError title="Falha ao carregar o monitor do sistema" error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  }

  const { current, samples, services } = query.data;
  const previous = samples.at(-1);
  const critical = services.filter((s) => s.status === 'critical');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Atualizado em {formatDateTime(current.at)} · instância {current.instanceId}
        </p>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Atualizar
        </Button>
      </div>

      {critical.length > 0 && (
        <Alert variant="destructive">
          <ServerCrash aria-hidden />
          <AlertTitle>Serviço crítico</AlertTitle>
          <AlertDescription>
            {critical.map((s) => s.name).join(', ')}: {critical.length === 1 ? 'não respondeu' : 'não responderam'} dentro de 400 ms.
          </AlertDescription>
        </Alert>
      )}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <MetricCard
          title="Usuários ativos"
          icon={<Users className="size-4 text-muted-foreground" aria-hidden />}
          value={formatNumber(current.activeUsers)}
          hint="Com sessão usada na última hora"
          trend={<Trend now={current.activeUsers} before={previous?.activeUsers} label="Usuários ativos" />}
        />
        <MetricCard
          title="Tempo de resposta"
          icon={<Timer className="size-4 text-muted-foreground" aria-hidden />}
          value={responseTimeLabel(current.p95Ms, current.requests)}
          hint={`p95 de ${formatNumber(current.requests)} requisições no intervalo atual · erros ${formatDecimal(current.errorRatePercent)}%`}
          trend={<Trend now={current.p95Ms} before={previous?.p95Ms} label="Tempo de resposta" />}
        />
        <MetricCard
          title="CPU"
          icon={<Cpu className="size-4 text-muted-foreground" aria-hidden />}
          value={`${formatDecimal(current.cpuPercent)}%`}
          hint="Do processo, sobre todos os núcleos"
          trend={<Trend now={current.cpuPercent} before={previous?.cpuPercent} label="CPU" />}
        />
        <MetricCard
          title="Memória"
          icon={<MemoryStick className="size-4 text-muted-foreground" aria-hidden />}
          value={`${formatDecimal(current.memoryPercent)}%`}
          hint={`${formatFileSize(current.memoryBytes)} residentes · fila: ${formatNumber(current.queueDepth)}`}
          trend={<Trend now={current.memoryPercent} before={previous?.memoryPercent} label="Memória" />}
        />
      </div>

      <Charts samples={samples} />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Activity className="size-4" aria-hidden />
            Serviços
          </CardTitle>
          <CardDescription>Latência medida agora: abaixo de 200 ms operacional, abaixo de 400 ms lentidão, acima disso indisponível.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {services.map((s) => (
              <ServiceRow key={s.id} service={s} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
