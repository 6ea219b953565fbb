import type { DocumentSummary } from '@viabiliza/contracts/documents';
import { RotateCcw, ShieldAlert, Trash2, TriangleAlert } from 'lucide-react';

import { useRetryDocument } from '@/features/documents/api/retry-document';
import { DocumentStatusBadge } from '@/features/documents/components/document-status-badge';
import { FileTypeIcon } from '@/features/documents/components/file-type-icon';
import { extractionFraction } from '@/features/documents/utils/document-list';
import { etaLabel, pageLabel, retryLabel } from '@/features/documents/utils/progress-label';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatFileSize } from '@/lib/format';
import { cn } from '@/lib/utils';

/** One row of 'Arquivos Enviados': icon, name, size, status, progress or the reason it stopped. */
export function DocumentListItem({
  document: doc,
  onRemove,
}: {
  document: DocumentSummary;
  onRemove: (doc: DocumentSummary) => void;
}) {
  const processing = doc.status === 'processing';
  const percent = Math.round(extractionFraction(doc) * 100);
  const pages = pageLabel(doc);
  const eta = etaLabel(doc);
  const retrying = retryLabel(doc);
  const retry = useRetryDocument();
  return (
    <li className="flex gap-3 py-3" data-testid="document-item">
      <FileTypeIcon fileName={doc.fileName} className="mt-0.5" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 truncate font-medium" title={doc.fileName}>
            {doc.fileName}
          </p>
          <DocumentStatusBadge status={doc.status} retrying={Boolean(retrying)} />
        </div>
        <p className="text-xs text-muted-foreground">{formatFileSize(doc.fileSize)}</p>
        {processing && (
          <div className="space-y-1">
            <Progress
              value={percent}
              aria-label={`Extração de ${doc.fileName}`}
              // Until the server has counted the pages there is no share to show, only activity.
              className={cn('h-1.5', !doc.pageCount && 'animate-pulse')}
            />
            <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
              <span>{doc.progressPhase === 'ocr' ? 'Lendo imagem (OCR)...' : 'Extraindo texto...'}</span>
              {pages || eta ? (
                <span className="tabular-nums">{[pages, eta].filter(Boolean).join(' · ')}</span>
              ) : null}
            </p>
          </div>
        )}
        {retrying && (
          <p className="flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300" data-testid="document-retrying">
            <RotateCcw className="mt-px size-3.5 shrink-0" aria-hidden />
            {retrying}
          </p>
        )}
        {doc.status === 'error' && doc.errorMessage && (
          <p className="flex items-start gap-1.5 text-xs text-destructive">
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
            {doc.errorMessage}
          </p>
        )}
        {doc.status === 'error' && (
          <Button
            variant="outline"
            size="sm"
            className="h-8"
            disabled={retry.isPending}
            aria-label={`Tentar novamente ${doc.fileName}`}
            onClick={() => retry.mutate(doc.id)}
          >
            <RotateCcw aria-hidden />
            Tentar novamente
          </Button>
        )}
        {doc.status === 'quarantined' && (
          <p className="flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300">
            <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden />
            {doc.quarantineReason ?? 'Arquivo isolado por segurança'}
          </p>
        )}
        {doc.warnings.length > 0 && doc.status !== 'quarantined' && (
          <p className="text-xs text-muted-foreground">Avisos: {doc.warnings.join('; ')}</p>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        className="shrink-0 text-muted-foreground hover:text-destructive"
        aria-label={`Remover ${doc.fileName}`}
        onClick={() => onRemove(doc)}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
