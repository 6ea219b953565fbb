import { HISTORY_MESSAGES, type AnalysisListItem } from '@viabiliza/contracts/history';
import { History } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { SharedWithMe } from '@/features/collaboration/components/shared-with-me';
import { useAnalysisHistory } from '@/features/history/api/get-analysis-history';
import { useExportAnalysisText } from '@/features/history/api/export-analysis-text';
import { HistoryFilters } from '@/features/history/components/history-filters';
import { HistoryList, HistoryListSkeleton } from '@/features/history/components/history-list';
import { useHistoryFilters } from '@/features/history/hooks/use-history-filters';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { QueryError } from '@/components/errors/query-error';
import { PageLoader } from '@/components/layout/page-loader';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';

/** /history (spec 01 §2 'History'): the signed-in user's analyses, filtered and paged on the server. */
export default function HistoryRoute() {
  const { user, isLoading } = useSession();
  usePageMeta({ title: HISTORY_MESSAGES.title, noindex: true });

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para acessar o histórico de análises" />;
  return <HistoryScreen />;
}

function HistoryScreen() {
  const { values, filters, update, clear, hasFilters } = useHistoryFilters();
  const history = useAnalysisHistory(filters);
  const exporter = useExportAnalysisText();

  // Spec 01 §8: the failure is also announced as a toast, once per failure.
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!history.error || announced.current === history.error) return;
    announced.current = history.error;
    toast.error(history.error instanceof ApiError ? HISTORY_MESSAGES.loadError : HISTORY_MESSAGES.unexpectedError);
  }, [history.error]);

  const exportItem = (item: AnalysisListItem) =>
    exporter.mutate({ id: item.id, title: item.property.title, createdAt: item.createdAt });

  return (
    <div className="mx-auto w-full max-w-5xl min-w-0 space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="space-y-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <History className="size-7 text-primary" aria-hidden />
          {HISTORY_MESSAGES.title}
        </h1>
        <p className="text-sm text-muted-foreground">Todas as suas análises, das mais recentes às mais antigas.</p>
      </div>

      <SharedWithMe />

      <HistoryFilters
        values={values}
        types={history.data?.types ?? []}
        providers={history.data?.providers ?? []}
        onChange={update}
        onClear={clear}
        hasFilters={hasFilters}
      />

      {history.data ? (
        <>
          {history.isError && (
            <QueryError
              title={HISTORY_MESSAGES.loadError}
              error={history.error}
              onRetry={() => void history.refetch()}
              isRetrying={history.isFetching}
            />
          )}
          <HistoryList
            data={history.data}
            updating={history.isPlaceholderData || history.isFetching}
            filtered={hasFilters}
            onPage={(page) => {
              update({ page });
              document.getElementById('conteudo')?.scrollIntoView({ block: 'start' });
            }}
            onClear={clear}
            onExport={exportItem}
            exportingId={exporter.isPending ? (exporter.variables?.id ?? null) : null}
          />
        </>
      ) : history.isError ? (
        <QueryError
          title={HISTORY_MESSAGES.loadError}
          error={history.error}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : (
        <HistoryListSkeleton />
      )}
    </div>
  );
}
