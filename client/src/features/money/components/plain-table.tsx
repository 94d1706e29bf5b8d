// The money screens' small tables: a header row, then a row a record, every cell padded alike.
// Not the kit's DataTable (no sorting, paging or cards): these lists are short and whole.
import type { ReactNode } from 'react';

export interface PlainColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned (amounts): the header and the cells. */
  right?: boolean;
  /** The cells' own classes (`font-mono`, `tabular-nums`). */
  className?: string;
  /** A cell's tooltip (a truncated narration in full). */
  title?: (row: T) => string | undefined;
}

export function PlainTable<T>({
  columns,
  rows,
  rowKey,
  rowData,
  label,
  scroll = false,
  ruled = false,
  className = 'w-full',
}: {
  columns: PlainColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Each row's data attributes (`data-testid`, for the browser tests). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  label?: string;
  /** In its own box that scrolls sideways: a table wider than a phone never widens the page. */
  scroll?: boolean;
  /** A line under the header and under every row (the receipts' look) rather than above each row. */
  ruled?: boolean;
  className?: string;
}) {
  const align = (c: PlainColumn<T>) => (c.right ? 'p-2 text-right' : 'p-2');
  const table = (
    <table className={`${className} text-left text-sm`} aria-label={label}>
      <thead>
        <tr className={ruled ? 'border-b border-stone-300' : undefined}>
          {columns.map((c, i) => (
            <th key={i} className={align(c)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={ruled ? 'border-b border-stone-100' : 'border-t border-stone-200'}
            {...rowData?.(row)}
          >
            {columns.map((c, i) => (
              <td
                key={i}
                className={c.className ? `${align(c)} ${c.className}` : align(c)}
                title={c.title?.(row)}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scroll ? <div className="overflow-x-auto">{table}</div> : table;
}
