import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

interface Edges {
  /** The table is wider than the box. */
  overflow: boolean;
  /** More columns to the left / to the right of what is shown. */
  before: boolean;
  after: boolean;
}

const NONE: Edges = { overflow: false, before: false, after: false };

/**
 * A table wider than a phone (issue 18 §7) scrolls inside this box, never the page, and never loses a
 * column: the first column stays in place so each row keeps its name, a shadow marks the side with
 * more columns, and a line under the box says the table scrolls while it does. The box is a named,
 * focusable region, so the keyboard scrolls it too. The table inside keeps its own semantics.
 *
 * `stickyFirstColumn={false}` when the table pins its own first column (and colours it itself).
 */
export function ScrollTable({
  label,
  labelledBy,
  children,
  className,
  boxClassName,
  stickyFirstColumn = true,
  mutedHead = false,
  zebra = false,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
  className?: string;
  boxClassName?: string;
  stickyFirstColumn?: boolean;
  /** The table's head row is on bg-muted: its pinned cell matches. */
  mutedHead?: boolean;
  /** Even body rows are on bg-muted/40: their pinned cells get the same colour, opaque. */
  zebra?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>(NONE);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const overflow = el.scrollWidth > el.clientWidth + 1;
    const next = overflow ? { overflow, before: el.scrollLeft > 1, after: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 } : NONE;
    setEdges((prev) => (prev.overflow === next.overflow && prev.before === next.before && prev.after === next.after ? prev : next));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const table = el.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <div data-scroll-cue className={cn('relative min-w-0', className)}>
      <div className="relative">
        <div
          ref={ref}
          role="region"
          aria-label={labelledBy ? undefined : label}
          aria-labelledby={labelledBy}
          // Focusable only when there is something to scroll to.
          tabIndex={edges.overflow ? 0 : undefined}
          onScroll={measure}
          className={cn(
            // relative: an absolutely placed child (an sr-only note in a cell) stays inside the scroll box instead of widening the page.
            'relative w-full overflow-x-auto overscroll-x-contain focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            // The pinned cells need an opaque background, or the columns scrolling under them show through.
            stickyFirstColumn &&
              '[&_tr>*:first-child]:sticky [&_tr>*:first-child]:left-0 [&_tr>*:first-child]:z-[1] [&_tr>*:first-child]:bg-card',
            // Once columns pass under the pinned one, a line marks its edge.
            stickyFirstColumn && edges.before && '[&_tr>*:first-child]:shadow-[inset_-1px_0_0_var(--border)]',
            stickyFirstColumn && mutedHead && '[&_thead_tr>*:first-child]:bg-muted',
            stickyFirstColumn && zebra && '[&_tbody>tr:nth-child(even)>*:first-child]:bg-[color-mix(in_oklab,var(--muted)_40%,var(--card))]',
            boxClassName,
          )}
        >
          {children}
        </div>
        <div
          aria-hidden
          className={cn(
            'pointer-events-none absolute inset-y-0 right-0 w-6 bg-gradient-to-l from-foreground/15 to-transparent transition-opacity',
            edges.after ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
      {edges.overflow && (
        <p className="mt-1 text-xs text-muted-foreground" data-testid="scroll-table-hint">
          Deslize a tabela para o lado para ver todas as colunas.
        </p>
      )}
    </div>
  );
}
