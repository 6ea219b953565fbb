import type { DocumentSummary } from '@viabiliza/contracts/documents';
import { FolderOpen } from 'lucide-react';

import { DocumentListItem } from '@/features/documents/components/document-list-item';
import { QueryError } from '@/components/errors/query-error';
import { Skeleton } from '@/components/ui/skeleton';

/** 'Arquivos Enviados' (spec 01 §2 'Upload area'), with its loading, error and empty states. */
export function DocumentList({
  documents,
  isPending,
  error,
  onRetry,
  isRetrying,
  onRemove,
}: {
  documents: readonly DocumentSummary[];
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
  onRemove: (doc: DocumentSummary) => void;
}) {
  return (
    <section aria-labelledby="uploaded-files-title" className="space-y-2">
      <h2 id="uploaded-files-title" className="font-semibold">
        Arquivos Enviados
        {documents.length > 0 && <span className="ml-2 text-sm font-normal text-muted-foreground">({documents.length})</span>}
      </h2>
      {isPending ? (
        <div role="status" aria-label="Carregando arquivos" className="divide-y rounded-xl border px-4">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="flex items-center gap-3 py-3">
              <Skeleton className="size-5" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-16" />
              </div>
              <Skeleton className="size-8" />
            </div>
          ))}
        </div>
      ) : error ? (
        <QueryError title="Erro ao carregar arquivos" error={error} onRetry={onRetry} isRetrying={isRetrying} />
      ) : documents.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          <FolderOpen className="size-6" aria-hidden />
          Nenhum arquivo enviado ainda.
        </div>
      ) : (
        <ul aria-labelledby="uploaded-files-title" className="divide-y rounded-xl border px-4">
          {documents.map((doc) => (
            <DocumentListItem key={doc.id} document={doc} onRemove={onRemove} />
          ))}
        </ul>
      )}
    </section>
  );
}
