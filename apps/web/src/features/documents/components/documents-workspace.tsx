import { ScanText, Upload } from 'lucide-react';

import { useDeleteDocument } from '@/features/documents/api/delete-document';
import { useDocuments } from '@/features/documents/api/get-documents';
import { useDocumentEvents } from '@/features/documents/api/subscribe-document-events';
import { DocumentList } from '@/features/documents/components/document-list';
import { DropZone } from '@/features/documents/components/drop-zone';
import { ExtractionView } from '@/features/documents/components/extraction-view';
import { ProcessingPanel } from '@/features/documents/components/processing-panel';
import { useUploadFlow } from '@/features/documents/hooks/use-upload-flow';
import { QueryError } from '@/components/errors/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The documents part of the analysis screen: 'Upload' (drop zone, processing panel, 'Arquivos
 * Enviados') and 'Extração IA'. The event stream and the announcements live here, above the tabs, so
 * progress and toasts continue whichever tab is open.
 */
export function DocumentsWorkspace() {
  const documents = useDocuments();
  useDocumentEvents({ enabled: true });
  const flow = useUploadFlow(documents.data?.documents);
  const remove = useDeleteDocument();
  const list = documents.data?.documents ?? [];
  const completedCount = list.filter((d) => d.status === 'completed').length;

  return (
    <Tabs defaultValue="upload" className="gap-4">
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="upload" className="px-4">
          <Upload aria-hidden />
          Upload
        </TabsTrigger>
        <TabsTrigger value="extraction" className="px-4">
          <ScanText aria-hidden />
          Extração IA
          {completedCount > 0 && (
            <span className="rounded-full bg-primary/10 px-1.5 text-xs text-primary tabular-nums">{completedCount}</span>
          )}
        </TabsTrigger>
      </TabsList>

      <TabsContent value="upload">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Documentos do imóvel</h2>
            </CardTitle>
            <CardDescription>
              Envie matrículas, escrituras, IPTU, ITBI, plantas e laudos. O texto é extraído automaticamente,
              com OCR para documentos digitalizados.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <DropZone onFiles={flow.send} />
            {flow.processing && <ProcessingPanel state={flow.processing} />}
            <DocumentList
              documents={list}
              isPending={documents.isPending}
              error={documents.error}
              onRetry={() => void documents.refetch()}
              isRetrying={documents.isFetching}
              onRemove={(doc) => remove.mutate(doc.id)}
            />
          </CardContent>
        </Card>
      </TabsContent>

      <TabsContent value="extraction" className="space-y-4">
        {flow.processing && <ProcessingPanel state={flow.processing} />}
        {documents.isPending ? (
          <div role="status" aria-label="Carregando documentos" className="space-y-3 rounded-xl border p-6">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : documents.isError ? (
          <QueryError
            title="Erro ao carregar arquivos"
            error={documents.error}
            onRetry={() => void documents.refetch()}
            isRetrying={documents.isFetching}
          />
        ) : (
          <ExtractionView documents={list} />
        )}
      </TabsContent>
    </Tabs>
  );
}
