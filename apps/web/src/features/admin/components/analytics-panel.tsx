import { useState } from 'react';
import { Activity, Download, FileBarChart, Users } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { COST_PER_TOKEN, type AnalyticsReport } from '@viabiliza/contracts/analytics';

import { useAnalytics, type AnalyticsPeriod } from '@/features/admin/api/get-analytics';
import { analyticsCsv } from '@/features/admin/utils/analytics-csv';
import { QueryError } from '@/components/errors/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCurrency, formatDate, formatDecimal, formatNumber } from '@/lib/format';

/** The app's chart palette (spec 01 §9), as CSS colours. */
const COLORS = ['oklch(0.546 0.245 262.881)', 'oklch(0.596 0.145 163.225)', 'oklch(0.666 0.179 58.318)', 'oklch(0.577 0.245 27.325)'];
const PERIODS: { value: AnalyticsPeriod; label: string }[] = [
  { value: '7', label: '7d' },
  { value: '30', label: '30d' },
  { value: '90', label: '90d' },
];

const pct = (v: number | null) => (v === null ? '—' : `${formatDecimal(v)}%`);
const seconds = (v: number | null) => (v === null ? '—' : `${formatDecimal(v)} s`);

function exportCsv(r: AnalyticsReport) {
  const blob = new Blob(['\uFEFF', analyticsCsv(r)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `analytics-${r.periodDays}d-${r.generatedAt.slice(0, 10)}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

function Kpis({ r }: { r: AnalyticsReport }) {
  const cards = [
    { id: 'active-users', label: 'Usuários ativos', value: formatNumber(r.kpis.activeUsers), note: `Conversão ${pct(r.kpis.conversionPercent)} (${formatNumber(r.kpis.convertedUsers)} de ${formatNumber(r.kpis.newUsers)} novos)`, icon: Users },
    { id: 'analyses', label: 'Análises realizadas', value: formatNumber(r.kpis.analyses), note: `Tempo médio ${seconds(r.kpis.avgRunSeconds)}`, icon: FileBarChart },
    { id: 'success-rate', label: 'Taxa de sucesso', value: pct(r.kpis.successRate), note: `${formatNumber(r.kpis.runsCompleted)} concluídas, ${formatNumber(r.kpis.runsFailed)} com falha`, icon: Activity },
  ];
  // No revenue card: the product is free, so there is no revenue to estimate.
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {cards.map((c) => (
        <Card key={c.id} className="gap-2" data-testid={`kpi-${c.id}`}>
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle className="text-sm font-medium text-muted-foreground">{c.label}</CardTitle>
            <c.icon className="size-4 text-muted-foreground" aria-hidden />
          </CardHeader>
          <CardContent className="space-y-1">
            <p className="text-2xl font-bold tabular-nums" data-testid={`kpi-${c.id}-value`}>
              {c.value}
            </p>
            <p className="text-xs text-muted-foreground">{c.note}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function HourlyChart({ r }: { r: AnalyticsReport }) {
  const data = r.hourly.map((h) => ({ ...h, label: `${String(h.hour).padStart(2, '0')}h` }));
  const peak = r.hourly.reduce((best, h) => (h.analyses > best.analyses ? h : best), r.hourly[0]!);
  return (
    <div role="img" aria-label={`Análises por hora do dia; pico às ${peak.hour}h com ${peak.analyses}`} className="h-64 w-full min-w-0 sm:h-72">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} tickLine={false} interval={2} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} tickLine={false} axisLine={false} width={40} />
          <Tooltip formatter={(v) => [formatNumber(Number(v)), 'Análises']} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
          <Line type="linear" dataKey="analyses" name="Análises" stroke={COLORS[0]} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

function Providers({ r }: { r: AnalyticsReport }) {
  if (!r.providers.length) return <p className="text-sm text-muted-foreground">Nenhuma análise no período.</p>;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <div role="img" aria-label="Uso por provider" className="h-60 w-full min-w-0">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Pie data={r.providers} dataKey="analyses" nameKey="name" innerRadius="55%" outerRadius="85%" isAnimationActive={false}>
                {r.providers.map((p, i) => (
                  <Cell key={p.provider} fill={COLORS[i % COLORS.length]} />
                ))}
              </Pie>
              <Tooltip formatter={(v, name) => [`${formatNumber(Number(v))} análise(s)`, name]} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
            </PieChart>
          </ResponsiveContainer>
        </div>
        <div role="img" aria-label="Custo por provider" className="h-60 w-full min-w-0">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={r.providers} margin={{ top: 8, right: 8, bottom: 0, left: -8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
              <XAxis dataKey="name" tick={{ fontSize: 11 }} tickLine={false} interval={0} />
              <YAxis tick={{ fontSize: 11 }} tickLine={false} axisLine={false} width={48} />
              <Tooltip formatter={(v) => [formatCurrency(Number(v)), 'Custo']} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
              <Bar dataKey="cost" name="Custo" fill={COLORS[2]} maxBarSize={40} isAnimationActive={false} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </div>
      <ul className="divide-y">
        {r.providers.map((p, i) => (
          <li key={p.provider} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="analytics-provider">
            <div className="flex items-center gap-2">
              <span className="size-3 rounded-full" style={{ background: COLORS[i % COLORS.length] }} aria-hidden />
              <span className="font-medium">{p.name}</span>
            </div>
            <p className="text-sm text-muted-foreground">
              {formatNumber(p.analyses)} análise(s)
              {/* The engine (Motor Viabiliza) uses no tokens and costs nothing: only AI models show them. */}
              {p.tokens > 0 && <> · {formatNumber(p.tokens)} tokens · {formatCurrency(p.cost)}</>} · sucesso {pct(p.successRate)}
            </p>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">Custo estimado a R$ {formatNumber(COST_PER_TOKEN, { minimumFractionDigits: 3 })} por token usado.</p>
    </div>
  );
}

function Performance({ r }: { r: AnalyticsReport }) {
  const items = [
    { label: 'Tempo médio de análise', value: seconds(r.performance.avgRunSeconds), note: 'Da fila à conclusão, sem as respostas do cache.' },
    {
      label: 'Uptime medido',
      value: pct(r.performance.uptimePercent),
      note: `${formatNumber(r.performance.samples)} de ${formatNumber(r.performance.expectedSamples)} amostras de monitoramento registradas desde a primeira do período.`,
    },
    {
      label: 'Alertas abertos',
      value: formatNumber(r.performance.openAlerts),
      note: `${formatNumber(r.performance.openCriticalAlerts)} crítico(s) agora: serviços fora do ar ou lentos e amostras acima dos limites (detalhes em /admin).`,
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {items.map((i) => (
        <Card key={i.label} className="gap-2">
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">{i.label}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-1">
            <p className="text-2xl font-bold tabular-nums">{i.value}</p>
            <p className="text-xs text-muted-foreground">{i.note}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Spec 02 §6 'Analytics', every figure from the server. */
export function AnalyticsPanel() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('7');
  const analytics = useAnalytics(period);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="inline-flex rounded-md border p-0.5" role="group" aria-label="Período">
          {PERIODS.map((p) => (
            <Button key={p.value} size="sm" variant={period === p.value ? 'default' : 'ghost'} aria-pressed={period === p.value} onClick={() => setPeriod(p.value)}>
              {p.label}
            </Button>
          ))}
        </div>
        <Button variant="outline" disabled={!analytics.data} onClick={() => analytics.data && exportCsv(analytics.data)}>
          <Download aria-hidden />
          Exportar CSV
        </Button>
      </div>
      {analytics.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Carregando analytics">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : analytics.isError ? (
        <QueryError title="Erro ao carregar analytics" error={analytics.error} onRetry={() => void analytics.refetch()} isRetrying={analytics.isFetching} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            De {formatDate(analytics.data.since)} até hoje · {analytics.data.periodDays} dias
          </p>
          <Kpis r={analytics.data} />
          <Tabs defaultValue="usage">
            <TabsList>
              <TabsTrigger value="usage">Padrões de uso</TabsTrigger>
              <TabsTrigger value="providers">Provedores</TabsTrigger>
              <TabsTrigger value="performance">Desempenho</TabsTrigger>
            </TabsList>
            <TabsContent value="usage">
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Uso por hora do dia</CardTitle>
                  <CardDescription>Análises concluídas no período, por hora (horário de Brasília).</CardDescription>
                </CardHeader>
                <CardContent>
                  <HourlyChart r={analytics.data} />
                </CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="providers">
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Provedores</CardTitle>
                  <CardDescription>Uso, custo estimado pelos tokens e taxa de sucesso das execuções.</CardDescription>
                </CardHeader>
                <CardContent>
                  <Providers r={analytics.data} />
                </CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="performance">
              <Performance r={analytics.data} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}
