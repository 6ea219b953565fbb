import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent on the current page. */
  to?: string;
}

/** The detail pages' own trail (spec 01 §2 'Analysis detail'), e.g. Dashboard > Histórico > Análise #1a2b3c4d. */
export function DetailBreadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Trilha da análise" data-testid="detail-breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`} className="inline-flex min-w-0 items-center gap-1.5">
            {item.to ? (
              <>
                <Link
                  to={item.to}
                  className="rounded-sm transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  {item.label}
                </Link>
                <ChevronRight className="size-3.5 shrink-0" aria-hidden />
              </>
            ) : (
              <span aria-current="page" className="truncate font-medium text-foreground">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
