import { ScanText, Upload } from 'lucide-react';

import { useDeleteDocument } from '@/features/documents/api/delete-document';
import { useDocuments } from '@/features/documents/api/get-documents';
import { useDocumentEvents } from '@/features/documents/api/subscribe-document-events';
import { DocumentList } from '@/features/documents/components/document-list';
import { DropZone } from '@/features/documents/components/drop-zone';
import { ExtractionView } from '@/features/documents/components/extraction-view';
import { ProcessingPanel } from '@/features/documents/components/processing-panel';
import { useUploadFlow, type UploadFlow } from '@/features/documents/hooks/use-upload-flow';
import { QueryError } from '@/components/errors/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export interface DocumentsState {
  documents: ReturnType<typeof useDocuments>;
  flow: UploadFlow;
  remove: ReturnType<typeof useDeleteDocument>;
}

/**
 * The list, its live events, the upload flow and removal. Call it above whatever tabs show the
 * parts, so progress and toasts continue whichever tab is open. The workspace is one property's:
 * the list is its documents and uploads are attached to it; without one yet ('Novo imóvel') the list
 * is empty and the first upload creates the property, handed to `onPropertyCreated`.
 */
export function useDocumentsState(propertyId: string | null = null, onPropertyCreated?: (propertyId: string) => void): DocumentsState {
  const documents = useDocuments({ propertyId, scoped: true });
  useDocumentEvents({ enabled: true });
  const flow = useUploadFlow(documents.data?.documents, propertyId, onPropertyCreated);
  const remove = useDeleteDocument();
  return { documents, flow, remove };
}

/** Drop zone, processing panel and 'Arquivos Enviados'. */
export function UploadArea({ state }: { state: DocumentsState }) {
  const { documents, flow, remove } = state;
  return (
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
          documents={documents.data?.documents ?? []}
          isPending={documents.isPending}
          error={documents.error}
          onRetry={() => void documents.refetch()}
          isRetrying={documents.isFetching}
          onRemove={(doc) => remove.mutate(doc.id)}
        />
      </CardContent>
    </Card>
  );
}

/** 'Extração IA': progress while files are processed, then each file's type, key fields and text. */
export function ExtractionArea({ state }: { state: DocumentsState }) {
  const { documents, flow } = state;
  return (
    <div className="space-y-4">
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
        <ExtractionView documents={documents.data.documents} />
      )}
    </div>
  );
}

/** How many files have been extracted, for the 'Extração IA' tab's counter. */
export function completedCount(state: DocumentsState): number {
  return (state.documents.data?.documents ?? []).filter((d) => d.status === 'completed').length;
}

/** The documents part of the analysis screen: tabs 'Upload' and 'Extração IA'. */
export function DocumentsWorkspace({ state }: { state: DocumentsState }) {
  const completed = completedCount(state);
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
          {completed > 0 && <span className="rounded-full bg-primary/10 px-1.5 text-xs text-primary tabular-nums">{completed}</span>}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="upload">
        <UploadArea state={state} />
      </TabsContent>
      <TabsContent value="extraction">
        <ExtractionArea state={state} />
      </TabsContent>
    </Tabs>
  );
}
