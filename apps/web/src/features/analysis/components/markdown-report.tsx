import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

import { rehypeNumericColumns } from '@/features/analysis/utils/markdown-table';
import { ScrollTable } from '@/components/scroll-table';
import { cn } from '@/lib/utils';

function alignClass(align: unknown, numeric: boolean): string {
  if (align === 'center') return 'text-center';
  if (align === 'right' || numeric) return 'text-right tabular-nums';
  return 'text-left';
}

type CellProps = ComponentProps<'td'> & { node?: unknown; 'data-numeric'?: string };

const components: Components = {
  h1: ({ node: _node, ...props }) => <h2 className="mt-6 mb-3 text-xl font-bold first:mt-0" {...props} />,
  h2: ({ node: _node, ...props }) => <h3 className="mt-6 mb-2 border-b pb-1 text-lg font-semibold first:mt-0" {...props} />,
  h3: ({ node: _node, ...props }) => <h4 className="mt-4 mb-2 font-semibold" {...props} />,
  h4: ({ node: _node, ...props }) => <h5 className="mt-3 mb-1 font-medium" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-2 leading-relaxed" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-6" {...props} />,
  li: ({ node: _node, ...props }) => <li className="leading-relaxed" {...props} />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-3 border-l-4 border-primary/30 pl-4 text-muted-foreground" {...props} />
  ),
  hr: () => <hr className="my-6" />,
  a: ({ node: _node, href, ...props }) => (
    <a href={href} className="text-primary underline underline-offset-2" target="_blank" rel="noopener noreferrer" {...props} />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]', className)} {...props} />
  ),
  // Wide tables scroll inside their own box, first column pinned; the page never scrolls sideways (375 px).
  table: ({ node: _node, ...props }) => (
    <ScrollTable label="Tabela do relatório" className="my-4" boxClassName="rounded-lg border" mutedHead zebra>
      <table className="w-full border-collapse text-sm" {...props} />
    </ScrollTable>
  ),
  thead: ({ node: _node, ...props }) => <thead className="bg-muted" {...props} />,
  tbody: ({ node: _node, ...props }) => <tbody className="[&>tr:nth-child(even)]:bg-muted/40" {...props} />,
  tr: ({ node: _node, ...props }) => <tr className="border-b last:border-0" {...props} />,
  th: ({ node: _node, style, 'data-numeric': numeric, ...props }: CellProps) => (
    <th className={cn('px-3 py-2 font-semibold whitespace-nowrap', alignClass(style?.textAlign, numeric === 'true'))} {...props} />
  ),
  td: ({ node: _node, style, 'data-numeric': numeric, children, ...props }: CellProps) => (
    <td
      className={cn(
        'px-3 py-2 align-top',
        alignClass(style?.textAlign, numeric === 'true'),
        numeric === 'true' && 'whitespace-nowrap',
      )}
      {...props}
    >
      {/* Text columns wrap, but not down to one word per line (min-width on a cell itself is ignored). */}
      {numeric === 'true' ? children : <div className="min-w-36">{children}</div>}
    </td>
  ),
};

/** The Markdown report (GFM tables included); raw HTML in it is never rendered. */
export function MarkdownReport({ content }: { content: string }) {
  return (
    <div className="min-w-0 text-sm break-words text-foreground sm:text-base" data-testid="analysis-report">
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeNumericColumns]} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
