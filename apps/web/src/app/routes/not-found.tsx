import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';

export default function NotFoundRoute() {
  usePageMeta({ title: 'Página não encontrada', noindex: true });

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Button asChild variant="outline">
        <Link to="/">Voltar para o início</Link>
      </Button>
    </div>
  );
}
