import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';

export default function NotFoundRoute() {
  usePageMeta({ title: 'Página não encontrada', noindex: true });

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      {/* The spec's text, kept, and said in Portuguese for the people who use the product. */}
      <h1 className="text-2xl font-semibold">
        Página não encontrada <span lang="en" className="block text-base font-normal text-muted-foreground">Oops! Page not found</span>
      </h1>
      <p className="max-w-md text-sm text-muted-foreground">O endereço não existe ou foi removido. Confira o link ou volte para o início.</p>
      <Button asChild variant="outline">
        <Link to="/">Voltar para o início</Link>
      </Button>
    </div>
  );
}
