import type { DocumentDetail, DocumentSummary } from '@viabiliza/contracts/documents';
import { CircleCheck, ScanSearch, TriangleAlert } from 'lucide-react';

import { useDocumentDetails } from '@/features/documents/api/get-document';
import { AuthenticityBlock } from '@/features/documents/components/authenticity-block';
import { DocumentTextDialog } from '@/features/documents/components/document-text-dialog';
import { FileTypeIcon } from '@/features/documents/components/file-type-icon';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Spec 02 §2 'Extraction tab': confidence above 80 shows success, otherwise a warning. */
export function ConfidenceBadge({ value }: { value: number }) {
  const high = value > 80;
  return (
    <Badge variant={high ? 'success' : 'warning'}>
      {high ? <CircleCheck aria-hidden /> : <TriangleAlert aria-hidden />}
      {formatPercent(value)}
    </Badge>
  );
}

const FIELD_GRID =
  'grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_3.5rem_5.5rem]';

/**
 * Key fields as an ARIA table laid out with CSS grid: four columns from `sm` up; on a phone the value
 * gets a line of its own under label, page and confidence, where a real <table> would squeeze it.
 */
function KeyFieldsTable({ detail }: { detail: DocumentDetail }) {
  if (detail.keyFields.length === 0) {
    return <p className="text-sm text-muted-foreground">Nenhum dado-chave identificado neste documento.</p>;
  }
  return (
    <div role="table" aria-label={`Dados extraídos de ${detail.fileName}`} className="text-sm">
      <div role="rowgroup">
        <div role="row" className={cn(FIELD_GRID, 'sr-only border-b pb-2 font-medium sm:not-sr-only')}>
          <span role="columnheader">Campo</span>
          <span role="columnheader">Valor</span>
          <span role="columnheader">Página</span>
          <span role="columnheader" className="text-right">
            Confiança
          </span>
        </div>
      </div>
      <div role="rowgroup" className="divide-y">
        {detail.keyFields.map((field, i) => (
          <div role="row" key={`${field.key}-${i}`} className={cn(FIELD_GRID, 'py-2.5')}>
            <span role="cell" className="col-start-1 row-start-1 text-xs text-muted-foreground sm:text-sm">
              {field.label}
            </span>
            <span
              role="cell"
              className="col-span-3 col-start-1 row-start-2 font-medium break-words sm:col-span-1 sm:col-start-2 sm:row-start-1"
            >
              {field.value}
            </span>
            <span role="cell" className="col-start-2 row-start-1 text-xs text-muted-foreground sm:col-start-3 sm:text-sm">
              p. {field.page}
            </span>
            <span role="cell" className="col-start-3 row-start-1 justify-self-end sm:col-start-4">
              <ConfidenceBadge value={field.confidence} />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

function ExtractionCard({ document: doc, detail }: { document: DocumentSummary; detail: ReturnType<typeof useDocumentDetails>[number] }) {
  // The summary already carries type, pages and confidence; the detail adds the key fields.
  const info: DocumentSummary = detail.data ?? doc;
  return (
    <Card className="gap-4" data-testid="extraction-card">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <FileTypeIcon fileName={info.fileName} className="mt-0.5" />
          <div className="min-w-0 flex-1 space-y-2">
            <CardTitle className="truncate leading-snug" title={info.fileName}>
              <h3>{info.fileName}</h3>
            </CardTitle>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="secondary">{info.documentTypeLabel ?? 'Documento'}</Badge>
              {info.typeConfidence !== null && (
                <span className="text-muted-foreground">Classificação: {formatPercent(info.typeConfidence)}</span>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              {info.pageCount !== null && <>{info.pageCount} página(s)</>}
              {info.pageCount !== null && info.confidence !== null && ' · '}
              {info.confidence !== null && <>Confiança média: {formatPercent(info.confidence)}</>}
            </p>
          </div>
        </div>
        <div className="shrink-0 pl-8 sm:pl-0">
          <DocumentTextDialog document={info} />
        </div>
      </CardHeader>
      <CardContent>
        {detail.isPending ? (
          <div role="status" aria-label="Carregando dados extraídos" className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : detail.isError ? (
          <QueryError
            title="Erro ao carregar os dados extraídos"
            error={detail.error}
            onRetry={() => void detail.refetch()}
            isRetrying={detail.isFetching}
          />
        ) : (
          <>
            <KeyFieldsTable detail={detail.data} />
            <AuthenticityBlock authenticity={detail.data.authenticity} fileName={detail.data.fileName} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * 'Extração IA' (spec 02 §2 and §3, with real extraction): for each completed document its type, key
 * fields with page and confidence, page count, mean confidence and the text per page.
 */
export function ExtractionView({ documents }: { documents: readonly DocumentSummary[] }) {
  const completed = documents.filter((d) => d.status === 'completed');
  const details = useDocumentDetails(completed.map((d) => d.id));

  if (completed.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center text-sm text-muted-foreground">
        <ScanSearch className="size-8" aria-hidden />
        <p>Nenhum documento extraído ainda.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {completed.map((doc, i) => (
        <ExtractionCard key={doc.id} document={doc} detail={details[i]!} />
      ))}
    </div>
  );
}
