import { goalPercent, type DashboardStats } from '@viabiliza/contracts/dashboard';
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';

import { OwnStatusCard } from '@/features/dashboard/components/own-status-card';
import { SystemStatusList } from '@/features/dashboard/components/system-status-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';

function GoalBar({ label, value, goal, testId }: { label: string; value: number; goal: number; testId: string }) {
  const percent = goalPercent(value, goal);
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">
          {formatNumber(value)} / {formatNumber(goal)}
        </span>
      </div>
      <Progress value={percent} aria-label={`${label}: ${formatNumber(value)} de ${formatNumber(goal)}`} />
      <p className="text-xs text-muted-foreground">{Math.round(percent)}% da meta mensal</p>
    </div>
  );
}

/** The 'Visão Geral' tab: this month against the goals (spec 01 §9), the person's own status and, for admins, the server's. */
export function OverviewPanel({ stats }: { stats: DashboardStats | undefined }) {
  // The server's month (America/Sao_Paulo) named in Portuguese: 'novembro de 2026'.
  const month = stats ? format(new Date(new Date(stats.month.start).getTime() + 12 * 3600_000), "MMMM 'de' yyyy", { locale: ptBR }) : '';
  return (
    <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle>Progresso do Mês</CardTitle>
          <CardDescription>{stats ? `Metas de ${month}` : 'Metas do mês'}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {stats ? (
            <>
              <GoalBar label="Análises este mês" value={stats.month.analyses} goal={stats.goals.analyses} testId="goal-analyses" />
              <GoalBar label="Documentos este mês" value={stats.month.documents} goal={stats.goals.documents} testId="goal-documents" />
            </>
          ) : (
            <Skeleton className="h-32" />
          )}
        </CardContent>
      </Card>
      <OwnStatusCard own={stats?.own} />
      {/* The server's checks reach admins only: for anyone else the server does not send them. */}
      {stats?.system && (
        <Card className="lg:col-span-2" data-testid="server-status">
          <CardHeader>
            <CardTitle>Status do Sistema</CardTitle>
            <CardDescription>Verificado agora pelo servidor. Visível só para administradores.</CardDescription>
          </CardHeader>
          <CardContent>
            <SystemStatusList checks={stats.system} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
