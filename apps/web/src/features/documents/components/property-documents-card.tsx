import type { ReactNode } from 'react';
import { FolderOpen } from 'lucide-react';

import { usePropertyDocuments } from '@/features/documents/api/get-property-documents';
import { DocumentStatusBadge } from '@/features/documents/components/document-status-badge';
import { FileTypeIcon } from '@/features/documents/components/file-type-icon';
import { QueryError } from '@/components/errors/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatFileSize, formatNumber } from '@/lib/format';

/**
 * 'Documentos do imóvel' on a property's page: the files attached to it (sent from its workspace or
 * read by one of its analyses), each with its type, size, date and status. `action` leads to the
 * workspace where more are sent.
 */
export function PropertyDocumentsCard({ propertyId, action }: { propertyId: string; action?: ReactNode }) {
  const documents = usePropertyDocuments(propertyId);
  const list = documents.data?.documents ?? [];
  return (
    <Card className="gap-3 py-4 sm:py-6" data-testid="property-documents">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <FolderOpen className="size-5 text-primary" aria-hidden />
            Documentos do imóvel{documents.data ? ` (${formatNumber(list.length)})` : ''}
          </h2>
        </CardTitle>
        <CardDescription>Os arquivos deste imóvel; uma nova análise dele parte deles.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {documents.isPending ? (
          <div role="status" aria-label="Carregando documentos do imóvel" className="space-y-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : documents.isError ? (
          <QueryError
            title="Erro ao carregar os documentos do imóvel"
            error={documents.error}
            onRetry={() => void documents.refetch()}
            isRetrying={documents.isFetching}
          />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
            <p>Nenhum documento anexado a este imóvel.</p>
            {action}
          </div>
        ) : (
          <ul className="divide-y" aria-label="Documentos do imóvel">
            {list.map((doc) => (
              <li key={doc.id} className="flex items-center gap-3 py-2.5" data-testid="property-document">
                <FileTypeIcon fileName={doc.fileName} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" title={doc.fileName}>
                    {doc.fileName}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {[doc.documentTypeLabel, formatFileSize(doc.fileSize), formatDate(doc.createdAt)].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <DocumentStatusBadge status={doc.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
