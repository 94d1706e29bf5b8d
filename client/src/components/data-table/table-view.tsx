// DataTable from 768 px: a captioned <table> with sortable headers (aria-sort) and the
// selection's checkboxes.
import type { Header, ReactTable, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { CellContent } from './cell-content';
import { Checkbox, type RowSelection } from './checkbox';
import type { DataTableColumn, DataTableFeatures } from './columns';
import { text } from './text';
import type { SortState } from './url-state';

/** The server sort key of a column: `meta.sort` true → its id, a string → that field. */
export function sortKey(meta: { sort?: boolean | string } | undefined, id: string) {
  if (!meta?.sort) return null;
  return typeof meta.sort === 'string' ? meta.sort : id;
}

const metaOf = <T extends RowData>(column: { columnDef: unknown }) =>
  (column.columnDef as DataTableColumn<T>).meta;

function SortIcon({ active }: { active: SortState | null }) {
  if (!active) return <ArrowUpDown className="h-4 w-4 text-stone-400" aria-hidden />;
  return active.desc ? (
    <ArrowDown className="h-4 w-4" aria-hidden />
  ) : (
    <ArrowUp className="h-4 w-4" aria-hidden />
  );
}

export function TableView<T extends RowData>({
  table,
  label,
  caption,
  total,
  isFetching,
  sort,
  onSortToggle,
  selection,
}: {
  table: ReactTable<DataTableFeatures, T>;
  label: string;
  caption?: ReactNode;
  total?: number;
  isFetching?: boolean;
  sort?: SortState | null;
  onSortToggle?: (id: string) => void;
  selection: RowSelection<T>;
}) {
  const headerCell = (header: Header<DataTableFeatures, T, unknown>) => {
    const meta = metaOf<T>(header.column);
    const key = sortKey(meta, header.column.id);
    const active = key && sort?.id === key ? sort : null;
    const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
    const ariaSort = key
      ? active
        ? active.desc
          ? 'descending'
          : 'ascending'
        : 'none'
      : undefined;
    return (
      <th
        key={header.id}
        scope="col"
        colSpan={header.colSpan}
        aria-sort={ariaSort}
        className={`px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-700 uppercase ${meta?.className ?? ''}`}
      >
        {key && onSortToggle ? (
          <button
            type="button"
            onClick={() => onSortToggle(key)}
            className="inline-flex items-center gap-1 rounded uppercase hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-orange-800"
          >
            {content}
            <SortIcon active={active} />
          </button>
        ) : (
          content
        )}
      </th>
    );
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table
        aria-label={label}
        className="min-w-full divide-y divide-stone-200 text-sm"
        aria-busy={isFetching || undefined}
      >
        <caption className={caption ? 'px-3 py-2 text-left text-stone-700' : 'sr-only'}>
          {caption ?? label}
          {total !== undefined && <span className="sr-only"> ({text.total(total)})</span>}
        </caption>
        <thead className="bg-stone-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection.selectable && (
                <th scope="col" className="w-10 px-3 py-2">
                  <Checkbox
                    label={text.selectAll}
                    checked={selection.allOnPage}
                    indeterminate={selection.someOnPage}
                    onChange={selection.setAll}
                  />
                </th>
              )}
              {group.headers.map(headerCell)}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-stone-100">
          {table.getRowModel().rows.map((row, i) => {
            const selected = selection.isSelected(row.id);
            return (
              <tr
                key={row.id}
                aria-selected={selection.selectable ? selected : undefined}
                className={selected ? 'bg-orange-50' : 'hover:bg-stone-50'}
              >
                {selection.selectable && (
                  <td className="px-3 py-2">
                    <Checkbox
                      label={text.selectRow(selection.rowName(row.original, i))}
                      checked={selected}
                      onChange={(on) => selection.toggle(row.id, on)}
                    />
                  </td>
                )}
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 align-top text-stone-900 ${metaOf<T>(cell.column)?.className ?? ''}`}
                  >
                    <CellContent cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
