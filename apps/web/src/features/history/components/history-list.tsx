import type { AnalysisListItem, HistoryResponse } from '@viabiliza/contracts/history';

import { HistoryEmptyState } from '@/features/history/components/history-empty-state';
import { HistoryListItem } from '@/features/history/components/history-list-item';
import { HistoryPagination } from '@/features/history/components/history-pagination';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';

/** 'Análises (n)': n counts every match over all pages; the rows are the current page. */
export function HistoryList({
  data,
  updating,
  filtered,
  onPage,
  onClear,
  onExport,
  exportingId,
}: {
  data: HistoryResponse;
  updating: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
  onClear: () => void;
  onExport: (item: AnalysisListItem) => void;
  exportingId: string | null;
}) {
  return (
    <Card className="gap-0 py-0 pb-4" aria-busy={updating}>
      <CardHeader className="flex items-center justify-between gap-2 border-b px-4 py-4 sm:px-6 [.border-b]:pb-4">
        <CardTitle>
          <h2 className="text-lg" aria-live="polite">
            Análises ({formatNumber(data.total)})
          </h2>
        </CardTitle>
        {updating && <Spinner label="Atualizando lista" className="text-muted-foreground" />}
      </CardHeader>
      <CardContent className="px-0">
        {data.items.length === 0 ? (
          data.total > 0 ? (
            // A page past the end (an old link): offer the way back instead of an empty box.
            <div className="px-4 py-10 text-center text-sm text-muted-foreground sm:px-6">
              Esta página não existe mais.{' '}
              <button type="button" className="text-primary underline underline-offset-2" onClick={() => onPage(1)}>
                Voltar para a primeira página
              </button>
            </div>
          ) : (
            <HistoryEmptyState filtered={filtered} onClear={onClear} />
          )
        ) : (
          <ul className="divide-y" aria-label="Análises">
            {data.items.map((item) => (
              <HistoryListItem key={item.id} item={item} onExport={onExport} exporting={exportingId === item.id} />
            ))}
          </ul>
        )}
      </CardContent>
      <HistoryPagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} busy={updating} />
    </Card>
  );
}

export function HistoryListSkeleton() {
  return (
    <Card className="gap-0 py-0" role="status" aria-label="Carregando histórico">
      <div className="border-b px-4 py-4 sm:px-6">
        <Skeleton className="h-6 w-36" />
      </div>
      <ul className="divide-y">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="space-y-2 px-4 py-4 sm:px-6">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-full" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
