import { breadcrumbTrail } from '@viabiliza/contracts/navigation';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

import { useBreadcrumbLabels } from '@/lib/breadcrumb-labels';

/**
 * Hidden on '/' (breadcrumbTrail returns nothing there). An id in the path reads 'Análise #c88efab8',
 * or what the page names it (a property's title).
 */
export function BreadcrumbTrail({ pathname }: { pathname: string }) {
  const trail = breadcrumbTrail(pathname, useBreadcrumbLabels());
  if (trail.length === 0) return null;

  return (
    <nav aria-label="Trilha de navegação" className="border-b bg-muted/40">
      <ol className="mx-auto flex max-w-7xl flex-wrap items-center gap-1.5 px-4 py-2 text-sm text-muted-foreground sm:px-6 lg:px-8">
        {trail.map((crumb, index) => {
          const isLast = index === trail.length - 1;
          return (
            <li key={crumb.href} className="inline-flex min-w-0 items-center gap-1.5">
              {isLast ? (
                <span aria-current="page" className="truncate font-medium text-foreground" data-testid="breadcrumb-current">
                  {crumb.label}
                </span>
              ) : (
                <>
                  <Link
                    to={crumb.href}
                    className="rounded-sm transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    {crumb.label}
                  </Link>
                  <ChevronRight className="size-3.5" aria-hidden />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
