import type { ReactNode } from 'react';

/**
 * A table on wide screens; below 640 px each row becomes a card whose cells carry their column's
 * name, so nothing scrolls sideways at 375 px. The roles are explicit because a table restyled as
 * blocks may lose its table semantics in the accessibility tree.
 */
export function StackedTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <table role="table" aria-label={caption} className="block w-full text-sm sm:table">
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup" className="hidden sm:table-header-group">
        <tr role="row" className="border-b">
          {columns.map((c) => (
            <th key={c} role="columnheader" scope="col" className="px-2 py-2 text-left align-bottom text-xs font-medium text-muted-foreground first:pl-0">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block space-y-3 sm:table-row-group sm:space-y-0">
        {rows.map((row) => (
          <tr key={row.key} role="row" className="block rounded-lg border p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0 sm:last:border-b-0">
            {row.cells.map((cell, i) => (
              <td
                key={columns[i]}
                role="cell"
                data-label={columns[i]}
                className="flex items-start justify-between gap-4 py-1 text-right before:shrink-0 before:text-left before:text-xs before:font-medium before:text-muted-foreground before:content-[attr(data-label)] sm:table-cell sm:px-2 sm:py-2 sm:text-left sm:align-top sm:before:content-none sm:first:pl-0"
              >
                <div className="min-w-0 break-words">{cell}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

