import { TriangleAlert } from 'lucide-react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch dynamically/i.test(error.message)
  );
}

/** errorElement of the route tree: render errors and failed lazy route loads end here. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  usePageMeta({ title: 'Erro', noindex: true });
  console.warn(error);

  const isStaleBuild = isChunkLoadError(error);
  const description = isStaleBuild
    ? 'Uma nova versão do Viabiliza está disponível. Recarregue a página para continuar.'
    : isRouteErrorResponse(error)
      ? `Erro ${error.status}. Tente novamente em alguns instantes.`
      : errorMessage(error);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <TriangleAlert className="size-12 text-destructive" aria-hidden />
      <h1 className="text-2xl font-semibold">Algo deu errado</h1>
      <p className="max-w-md text-muted-foreground">{description}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Recarregar página</Button>
        <Button variant="outline" asChild>
          <Link to="/" reloadDocument>
            Voltar para o início
          </Link>
        </Button>
      </div>
    </div>
  );
}
