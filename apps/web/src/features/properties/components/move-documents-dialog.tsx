import { ArrowRightLeft, FileText } from 'lucide-react';
import { useMemo, useState } from 'react';

import { useProperties } from '@/features/properties/api/get-properties';
import { useMoveDocument } from '@/features/properties/api/move-document';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

export interface MovableDocument {
  id: string;
  fileName: string;
  propertyId: string | null;
}

/**
 * 'Trazer de outro imóvel': the documents of the person's other properties, each with 'Mover para
 * este imóvel'. A run reads only its property's documents, so a file of another property enters
 * this one only by this explicit move (the server checks both are the person's).
 */
export function MoveDocumentsDialog({ propertyId, documents }: { propertyId: string; documents: readonly MovableDocument[] }) {
  const [open, setOpen] = useState(false);
  const properties = useProperties({ enabled: open });
  const move = useMoveDocument();
  const groups = useMemo(() => {
    const others = documents.filter((d) => d.propertyId && d.propertyId !== propertyId);
    return (properties.data?.properties ?? [])
      .filter((p) => p.id !== propertyId)
      .map((p) => ({ property: p, documents: others.filter((d) => d.propertyId === p.id) }))
      .filter((g) => g.documents.length > 0);
  }, [documents, properties.data, propertyId]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="min-h-11 sm:min-h-9">
          <ArrowRightLeft aria-hidden />
          Trazer documento de outro imóvel
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Trazer documento de outro imóvel</DialogTitle>
          <DialogDescription>
            Uma análise usa apenas os documentos do próprio imóvel. Mover um documento o tira do outro imóvel.
          </DialogDescription>
        </DialogHeader>
        {properties.isPending ? (
          <div role="status" aria-label="Carregando imóveis" className="space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">Seus outros imóveis não têm documentos.</p>
        ) : (
          <div className="space-y-4">
            {groups.map((g) => (
              <section key={g.property.id} aria-label={g.property.title} className="space-y-2">
                <h3 className="text-sm font-medium break-words">{g.property.title}</h3>
                <ul className="space-y-2">
                  {g.documents.map((d) => (
                    <li key={d.id} className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center">
                      <span className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                        <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                        <span className="truncate" title={d.fileName}>
                          {d.fileName}
                        </span>
                      </span>
                      <Button
                        size="sm"
                        variant="secondary"
                        className="min-h-11 sm:min-h-9"
                        disabled={move.isPending}
                        aria-label={`Mover ${d.fileName} para este imóvel`}
                        onClick={() => move.mutate({ propertyId, documentId: d.id })}
                      >
                        Mover para este imóvel
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
