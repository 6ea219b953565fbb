import type { DashboardStats } from '@viabiliza/contracts/dashboard';
import { Building2, CircleCheck, FileText, LineChart, type LucideIcon } from 'lucide-react';

import { countLabel, rateLabel } from '@/features/dashboard/utils/figures';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';

interface StatCard {
  id: string;
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
}

function plural(n: number, one: string, many: string) {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

function cards(stats: DashboardStats): StatCard[] {
  const finished = stats.runs.completed + stats.runs.failed;
  return [
    {
      id: 'propriedades',
      label: 'Propriedades',
      value: countLabel(stats.totalProperties),
      hint: 'Imóveis cadastrados',
      icon: Building2,
      tone: 'bg-primary/10 text-primary',
    },
    {
      id: 'documentos',
      label: 'Documentos',
      value: countLabel(stats.totalDocuments),
      hint: `${plural(stats.month.documents, 'enviado', 'enviados')} este mês`,
      icon: FileText,
      tone: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
    },
    {
      id: 'analises',
      label: 'Análises',
      value: countLabel(stats.totalAnalyses),
      hint: `${plural(stats.month.analyses, 'realizada', 'realizadas')} este mês`,
      icon: LineChart,
      tone: 'bg-violet-500/10 text-violet-700 dark:text-violet-400',
    },
    {
      id: 'taxa-de-sucesso',
      label: 'Taxa de Sucesso',
      value: rateLabel(stats.successRate),
      hint: finished
        ? `${formatNumber(stats.runs.completed)} de ${plural(finished, 'execução concluída', 'execuções concluídas')}`
        : 'Nenhuma execução finalizada ainda',
      icon: CircleCheck,
      tone: 'bg-success/10 text-success',
    },
  ];
}

/** The four stat cards of spec 01 §2 'Dashboard', with the user's real figures. */
export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  if (!stats) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[116px] rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Estatísticas">
      {cards(stats).map((card) => (
        <li key={card.id}>
          <Card className="h-full gap-0 py-4 sm:py-5" data-testid={`stat-${card.id}`}>
            <CardContent className="flex h-full flex-col gap-2 px-4 sm:px-5">
              <div className="flex items-start justify-between gap-2">
                <span className="text-sm font-medium text-muted-foreground">{card.label}</span>
                <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${card.tone}`}>
                  <card.icon className="size-4" aria-hidden />
                </span>
              </div>
              <span className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl" data-testid="stat-value">
                {card.value}
              </span>
              <span className="mt-auto text-xs text-muted-foreground">{card.hint}</span>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
