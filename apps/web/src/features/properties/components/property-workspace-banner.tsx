import { Building2, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * Top of the workspace opened by 'Nova análise deste imóvel': which property the run will be saved
 * against, a way to its page and a way out (an analysis that creates a new property).
 */
export function PropertyWorkspaceBanner({
  propertyId,
  title,
  loading,
  missing,
}: {
  propertyId: string;
  title: string | null;
  loading: boolean;
  missing: boolean;
}) {
  if (missing) {
    return (
      <section
        aria-label="Imóvel da análise"
        className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 sm:flex-row sm:items-center"
      >
        <TriangleAlert className="size-5 shrink-0 text-warning" aria-hidden />
        <div className="flex-1 space-y-0.5">
          <p className="font-medium">Imóvel não encontrado</p>
          <p className="text-sm text-muted-foreground">Ele não existe ou não é seu. Esta análise criará um novo imóvel.</p>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to="/analise">Continuar sem imóvel</Link>
        </Button>
      </section>
    );
  }
  return (
    <section
      aria-label="Imóvel da análise"
      data-testid="property-workspace-banner"
      className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <Building2 className="size-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-sm text-muted-foreground">Análise do imóvel</p>
        {loading || !title ? (
          <Skeleton className="h-5 w-48" role="status" aria-label="Carregando imóvel" />
        ) : (
          <p className="font-medium break-words">{title}</p>
        )}
        <p className="text-sm text-muted-foreground">
          Os documentos dele e o último questionário foram carregados; a análise usa apenas os documentos deste imóvel e fica salva nele.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={`/dashboard/property/${propertyId}/history`}>Ver imóvel</Link>
        </Button>
        <Button asChild variant="ghost" className="w-full sm:w-auto">
          <Link to="/analise">Novo imóvel</Link>
        </Button>
      </div>
    </section>
  );
}

/**
 * Top of /analise without a property: 'Novo imóvel' starts with no documents; its first upload (or
 * its first analysis) creates the property, and no other property's file enters its analysis.
 */
export function NewPropertyBanner() {
  return (
    <section
      aria-label="Imóvel da análise"
      data-testid="new-property-banner"
      className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <Building2 className="size-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium">Novo imóvel</p>
        <p className="text-sm text-muted-foreground">
          Começa sem documentos: os arquivos enviados aqui pertencem a este imóvel, e a análise usa apenas eles.
        </p>
      </div>
    </section>
  );
}
