import { ChevronLeft, ChevronRight } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';

/** 'Página 2 de 5' with previous and next; hidden when everything fits on one page. */
export function HistoryPagination({
  page,
  pageSize,
  total,
  onPage,
  busy,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Paginação do histórico" className="flex flex-wrap items-center justify-between gap-3 border-t px-4 pt-4 sm:px-6">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {first <= total ? `${formatNumber(first)}–${formatNumber(last)} de ${formatNumber(total)} · ` : ''}
        Página {formatNumber(Math.min(page, pages))} de {formatNumber(pages)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          <ChevronLeft aria-hidden />
          Anterior
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
          Próxima
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
