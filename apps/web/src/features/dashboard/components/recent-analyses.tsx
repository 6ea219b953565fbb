import { DASHBOARD_MESSAGES, type RecentAnalysis } from '@viabiliza/contracts/dashboard';
import { HISTORY_MESSAGES } from '@viabiliza/contracts/history';
import { Clock, Cpu, ExternalLink, FileSearch } from 'lucide-react';
import { Link } from 'react-router';

import { tokensLabel } from '@/features/dashboard/utils/figures';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, relativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Spec 01 §2: type badge, provider, relative time, 200-character preview, tokens and 'Ver Completo' (new window). */
function RecentItem({ item, highlighted }: { item: RecentAnalysis; highlighted: boolean }) {
  return (
    <li
      className={cn('space-y-2 px-4 py-4 sm:px-6', highlighted && 'bg-primary/5 shadow-[inset_3px_0_0_var(--color-primary)]')}
      data-testid="recent-analysis"
      data-highlighted={highlighted || undefined}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <Badge variant="secondary">{item.typeLabel}</Badge>
        <span className="inline-flex items-center gap-1">
          <Cpu className="size-3.5" aria-hidden />
          {item.providerName ?? HISTORY_MESSAGES.noProvider}
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
            {relativeTime(item.createdAt)}
          </time>
        </span>
        {highlighted && <Badge variant="outline" className="border-primary/40 text-primary">Imóvel buscado</Badge>}
      </div>
      <h3 className="font-medium break-words">{item.propertyTitle}</h3>
      {item.preview && <p className="text-sm leading-relaxed break-words text-muted-foreground">{item.preview}</p>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground tabular-nums">{tokensLabel(item.tokensUsed)}</span>
        <Button asChild variant="outline" size="sm">
          <a href={`/dashboard/analysis/${item.id}`} target="_blank" rel="noopener">
            {DASHBOARD_MESSAGES.viewFull}
            <ExternalLink aria-hidden />
            <span className="sr-only"> (abre em nova janela)</span>
          </a>
        </Button>
      </div>
    </li>
  );
}

/** The 'Recentes' tab: the 5 latest analyses, the searched property's ones highlighted. */
export function RecentAnalyses({ items, highlightPropertyId }: { items: RecentAnalysis[] | undefined; highlightPropertyId: string | null }) {
  return (
    <Card className="gap-0 overflow-hidden py-0">
      <CardHeader className="border-b px-4 py-4 sm:px-6 [.border-b]:pb-4">
        <CardTitle>Análises Recentes</CardTitle>
        <CardDescription>As 5 últimas análises, com o início de cada relatório.</CardDescription>
      </CardHeader>
      <CardContent className="p-0">
        {!items ? (
          <div className="space-y-3 p-4 sm:p-6" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
            <FileSearch className="size-10 text-muted-foreground/60" aria-hidden />
            <p className="font-medium">{DASHBOARD_MESSAGES.noAnalyses}</p>
            <Button asChild size="sm">
              <Link to="/analise">Fazer Primeira Análise</Link>
            </Button>
          </div>
        ) : (
          <ul className="divide-y">
            {items.map((item) => (
              <RecentItem key={item.id} item={item} highlighted={item.propertyId === highlightPropertyId} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
