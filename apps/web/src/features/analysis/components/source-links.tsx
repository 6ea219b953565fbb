import type { InsightLink } from '@viabiliza/contracts/intelligence';
import { FileText, Sigma } from 'lucide-react';
import { useState } from 'react';

import { useSourcePages } from '@/features/analysis/api/get-source-page';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

function PageDialog({ link, onClose }: { link: Extract<InsightLink, { kind: 'document' }>; onClose: () => void }) {
  const pages = useSourcePages(link.documentId);
  const page = pages.data?.pages.find((p) => p.number === link.page);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {link.fileName}, p. {link.page}
          </DialogTitle>
          <DialogDescription>{link.label || 'Texto extraído da página citada.'}</DialogDescription>
        </DialogHeader>
        {pages.isPending ? (
          <Skeleton className="h-40 w-full" role="status" aria-label="Carregando página" />
        ) : pages.isError ? (
          <p className="text-sm text-destructive">Não foi possível abrir a página do documento.</p>
        ) : page ? (
          <pre className="text-sm whitespace-pre-wrap break-words font-sans" data-testid="source-page-text">
            {page.text}
          </pre>
        ) : (
          <p className="text-sm text-muted-foreground">A página citada não está mais disponível.</p>
        )}
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
              <Button variant="link" size="sm" className="h-auto p-0 text-xs has-[>svg]:px-0" onClick={() => setOpen(link)}>
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
      {open && <PageDialog link={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
