import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { useQueries } from '@tanstack/react-query';
import { GitCompareArrows, History } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { getAnalysisQueryOptions } from '@/features/analysis/api/get-analysis';
import { ScenarioComparison } from '@/features/analysis/components/scenario-comparison';
import { COMPARE_MAX, compareIds } from '@/features/analysis/utils/comparison';
import { useAnalysisHistory } from '@/features/history/api/get-analysis-history';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { QueryError } from '@/components/errors/query-error';
import { PageLoader } from '@/components/layout/page-loader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatDecimal } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

/**
 * /comparar?ids=a,b,c (issue 18): up to four of the person's analyses side by side — of one property
 * (its scenarios) or any — with the key figures, their differences against the first and a chart.
 */
export default function CompareRoute() {
  usePageMeta({ title: 'Comparar análises', noindex: true });
  const { user, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  const ids = compareIds(params.get('ids'));

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para comparar análises" />;

  const setIds = (next: string[]) => setParams(next.length ? { ids: next.join(',') } : {}, { replace: true });
  const toggle = (id: string) => setIds(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(0, COMPARE_MAX));

  return (
    <div className="container mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <GitCompareArrows className="size-6 shrink-0" aria-hidden />
            Comparar análises
          </h1>
          <p className="text-sm text-muted-foreground">Escolha até {COMPARE_MAX} análises para ver lado a lado.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/history">
            <History aria-hidden />
            Ver Histórico
          </Link>
        </Button>
      </div>
      <ComparedAnalyses ids={ids} />
      <AnalysisPicker selected={ids} onToggle={toggle} />
    </div>
  );
}

function ComparedAnalyses({ ids }: { ids: string[] }) {
  const queries = useQueries({ queries: ids.map((id) => getAnalysisQueryOptions(id)) });
  if (ids.length < 2) {
    return (
      <Card>
        <CardContent className="px-4 py-6 text-sm text-muted-foreground sm:px-6">Escolha pelo menos duas análises na lista abaixo para compará-las.</CardContent>
      </Card>
    );
  }
  const failed = queries.find((q) => q.isError);
  if (failed) return <QueryError title="Não foi possível carregar uma das análises" error={failed.error} onRetry={() => void failed.refetch()} />;
  if (queries.some((q) => !q.data)) {
    return (
      <div role="status" aria-label="Carregando comparação" className="space-y-4">
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return <ScenarioComparison analyses={queries.map((q) => q.data!.analysis)} />;
}

function AnalysisPicker({ selected, onToggle }: { selected: string[]; onToggle: (id: string) => void }) {
  const history = useAnalysisHistory({ q: undefined, type: undefined, provider: undefined, page: 1, pageSize: 100 });
  const items = history.data?.items ?? [];
  // The chosen analyses' property first: its scenarios are what is usually compared.
  const firstProperty = items.find((i) => i.id === selected[0])?.propertyId;
  const sorted = [...items].sort((a, b) => Number(b.propertyId === firstProperty) - Number(a.propertyId === firstProperty));
  const full = selected.length >= COMPARE_MAX;

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">Suas análises</h2>
        </CardTitle>
        <CardDescription>
          {selected.length} de {COMPARE_MAX} escolhidas{full ? ': desmarque uma para escolher outra.' : '.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {history.isError ? (
          <QueryError title="Não foi possível carregar suas análises" error={history.error} onRetry={() => void history.refetch()} />
        ) : !history.data ? (
          <Skeleton role="status" aria-label="Carregando análises" className="h-40 w-full" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Você ainda não tem análises salvas.</p>
        ) : (
          <ul className="divide-y" aria-label="Análises para comparar">
            {sorted.map((item) => {
              const checked = selected.includes(item.id);
              const inputId = `compare-${item.id}`;
              return (
                <li key={item.id} className="flex items-start gap-3 py-2">
                  <input
                    id={inputId}
                    type="checkbox"
                    className="mt-1 size-4 shrink-0 accent-primary"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => onToggle(item.id)}
                  />
                  <label htmlFor={inputId} className="min-w-0 flex-1 cursor-pointer text-sm">
                    <span className="block font-medium break-words">
                      {item.property.title} · #{item.id.slice(0, 8)}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {analysisTypeLabel(item.analysisType)} · {formatDateTime(item.createdAt)}
                      {item.viabilityScore !== null && ` · nota ${formatDecimal(item.viabilityScore, 1)}/10`}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
