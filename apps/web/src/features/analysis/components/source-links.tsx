import type { InsightLink } from '@viabiliza/contracts/intelligence';
import { FileText, Sigma } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { useSourcePages } from '@/features/analysis/api/get-source-page';
import { findQuote } from '@/features/analysis/utils/dossier';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

/** A document page in a dialog; with a quote, the phrase is highlighted and scrolled into view. */
export function PageDialog({
  documentId,
  fileName,
  page: pageNumber,
  description,
  quote,
  onClose,
}: {
  documentId: string;
  fileName: string;
  page: number;
  description?: string;
  quote?: string;
  onClose: () => void;
}) {
  const pages = useSourcePages(documentId);
  const page = pages.data?.pages.find((p) => p.number === pageNumber);
  const found = page && quote ? findQuote(page.text, quote) : null;
  const mark = useRef<HTMLElement>(null);
  // Opened without a Radix trigger, the dialog does not know where to return focus: the element
  // that had it when the dialog opened (the citation) gets it back on close, Escape included.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => {
    // On the next frame, once the dialog has laid out the page text it scrolls within.
    const id = requestAnimationFrame(() => mark.current?.scrollIntoView({ block: 'center' }));
    return () => cancelAnimationFrame(id);
  }, [found?.start, found?.end]);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="flex max-h-[85vh] flex-col sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>
            {fileName}, p. {pageNumber}
          </DialogTitle>
          <DialogDescription>{description || 'Texto extraído da página citada.'}</DialogDescription>
        </DialogHeader>
        {/* The page text scrolls under a fixed title, so the file and page stay in sight beside the highlight. */}
        <div className="-mx-6 min-h-0 overflow-y-auto px-6 py-1" tabIndex={0} aria-label="Texto da página" data-testid="source-page-scroll">
          {pages.isPending ? (
            <Skeleton className="h-40 w-full" role="status" aria-label="Carregando página" />
          ) : pages.isError ? (
            <p className="text-sm text-destructive">Não foi possível abrir a página do documento.</p>
          ) : page ? (
            <>
              {quote && !found && (
                <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300" role="status">
                  O trecho citado não foi localizado no texto desta página: “{quote}”.
                </p>
              )}
              <pre className="text-sm whitespace-pre-wrap break-words font-sans" data-testid="source-page-text">
                {found ? (
                  <>
                    {page.text.slice(0, found.start)}
                    <mark ref={mark} className="rounded-sm bg-yellow-200 px-0.5 text-foreground ring-2 ring-yellow-400 dark:bg-yellow-500/40">
                      {page.text.slice(found.start, found.end)}
                    </mark>
                    {page.text.slice(found.end)}
                  </>
                ) : (
                  page.text
                )}
              </pre>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">A página citada não está mais disponível.</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Where an insight or suggestion comes from: document pages open in a dialog, figures are named. */
export function SourceLinks({ links }: { links: InsightLink[] }) {
  const [open, setOpen] = useState<Extract<InsightLink, { kind: 'document' }> | null>(null);
  if (links.length === 0) return null;
  return (
    <div className="text-xs text-muted-foreground">
      <span className="font-medium text-foreground">Base: </span>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {links.map((link, i) => (
          <li key={i} className="min-w-0">
            {link.kind === 'document' ? (
              <Button variant="link" size="sm" className="h-auto min-h-11 p-0 text-xs has-[>svg]:px-0 sm:min-h-0" onClick={() => setOpen(link)}>
                <FileText aria-hidden className="size-3" />
                {link.fileName}, p. {link.page}
              </Button>
            ) : (
              <span className="inline-flex items-center gap-1 break-words">
                <Sigma aria-hidden className="size-3 shrink-0" />
                {link.label}
              </span>
            )}
          </li>
        ))}
      </ul>
      {open && <PageDialog documentId={open.documentId} fileName={open.fileName} page={open.page} description={open.label} onClose={() => setOpen(null)} />}
    </div>
  );
}
