import type { DocumentPage, DocumentSummary } from '@viabiliza/contracts/documents';
import { ScanText } from 'lucide-react';
import { useState } from 'react';

import { useDocumentPages } from '@/features/documents/api/get-document-pages';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatPercent } from '@/lib/format';

export function pageMethodLabel(page: Pick<DocumentPage, 'method' | 'confidence'>): string {
  if (page.method === 'text') return 'Camada de texto';
  return page.confidence === null ? 'OCR' : `OCR (${formatPercent(page.confidence)})`;
}

function PagesContent({ documentId }: { documentId: string }) {
  const pages = useDocumentPages(documentId, { enabled: true });

  if (pages.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Spinner />
        Carregando texto...
      </div>
    );
  }
  if (pages.isError) {
    return (
      <QueryError
        title="Erro ao carregar o texto"
        error={pages.error}
        onRetry={() => void pages.refetch()}
        isRetrying={pages.isFetching}
      />
    );
  }
  if (pages.data.pages.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">Nenhum texto extraído.</p>;
  }
  return (
    <div
      // Focusable so the keyboard can scroll a long text.
      tabIndex={0}
      aria-label="Texto extraído por página"
      className="max-h-[65vh] space-y-5 overflow-y-auto rounded-md pr-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {pages.data.pages.map((page) => (
        <section key={page.number} aria-labelledby={`page-${documentId}-${page.number}`} className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`page-${documentId}-${page.number}`} className="text-sm font-semibold">
              Página {page.number}
            </h3>
            <Badge variant={page.method === 'ocr' ? 'outline' : 'secondary'}>{pageMethodLabel(page)}</Badge>
          </div>
          {page.text.trim() ? (
            <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap">
              {page.text}
            </pre>
          ) : (
            <p className="text-sm text-muted-foreground">Página sem texto.</p>
          )}
        </section>
      ))}
    </div>
  );
}

/** 'Ver texto': the extracted text page by page, with the method (text layer or OCR) of each page. */
export function DocumentTextDialog({ document: doc }: { document: DocumentSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ScanText aria-hidden />
          Ver texto
          <span className="sr-only"> de {doc.fileName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="grid-rows-[auto_minmax(0,1fr)] sm:max-w-3xl">
        <DialogHeader className="min-w-0 pr-6">
          <DialogTitle className="truncate leading-snug">{doc.fileName}</DialogTitle>
          <DialogDescription>
            Texto extraído{doc.pageCount ? ` · ${doc.pageCount} página(s)` : ''}
          </DialogDescription>
        </DialogHeader>
        {open && <PagesContent documentId={doc.id} />}
      </DialogContent>
    </Dialog>
  );
}
