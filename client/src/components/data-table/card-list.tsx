// DataTable below 768 px (spec §9's mobile breakpoint): one card per row listing "label: value",
// the title column as its heading, and a "Sort by" select standing in for the headers.
import type { ReactTable, RowData } from '@tanstack/react-table';
import { useId } from 'react';
import { controlClass } from '@/components/ui/field';
import { CellContent } from './cell-content';
import { Labelled } from './filter-bar';
import { Checkbox, type RowSelection } from './checkbox';
import type { DataTableColumn, DataTableFeatures } from './columns';
import { sortKey } from './table-view';
import { text } from './text';
import type { SortState } from './url-state';

/** The header's text: a string header, else `meta.label`, else the column id. */
export function columnLabel<T extends RowData>(column: DataTableColumn<T>): string {
  if (column.meta?.label) return column.meta.label;
  if (typeof column.header === 'string') return column.header;
  const c = column as { id?: string; accessorKey?: unknown };
  return c.id ?? String(c.accessorKey ?? '');
}

const defOf = <T extends RowData>(column: { columnDef: unknown }) =>
  column.columnDef as DataTableColumn<T>;

/** "Sort by": each sortable column ascending and descending, and the default order. */
function SortSelect<T extends RowData>({
  table,
  sort,
  onSortChange,
}: {
  table: ReactTable<DataTableFeatures, T>;
  sort?: SortState | null;
  onSortChange: (sort: SortState | null) => void;
}) {
  const id = useId();
  const sortable = table
    .getAllLeafColumns()
    .map((c) => ({ key: sortKey(defOf<T>(c).meta, c.id), label: columnLabel(defOf<T>(c)) }))
    .filter((c): c is { key: string; label: string } => c.key !== null);
  if (sortable.length === 0) return null;
  return (
    <Labelled id={id} label={text.sortLabel} className="mb-3">
      <select
        id={id}
        className={controlClass}
        value={sort ? `${sort.id}.${sort.desc ? 'desc' : 'asc'}` : ''}
        onChange={(e) => {
          const [key, dir] = e.target.value.split('.');
          onSortChange(key ? { id: key, desc: dir === 'desc' } : null);
        }}
      >
        <option value="">{text.sortDefault}</option>
        {sortable.flatMap(({ key, label }) =>
          [false, true].map((desc) => (
            <option key={`${key}.${desc}`} value={`${key}.${desc ? 'desc' : 'asc'}`}>
              {text.sortOption(label, desc)}
            </option>
          )),
        )}
      </select>
    </Labelled>
  );
}

export function CardList<T extends RowData>({
  table,
  label,
  isFetching,
  sort,
  onSortChange,
  selection,
}: {
  table: ReactTable<DataTableFeatures, T>;
  label: string;
  isFetching?: boolean;
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  selection: RowSelection<T>;
}) {
  return (
    <div aria-busy={isFetching || undefined}>
      {onSortChange && <SortSelect table={table} sort={sort} onSortChange={onSortChange} />}
      {selection.selectable && (
        <label className="mb-2 flex items-center gap-2 text-sm text-stone-800">
          <Checkbox
            label={text.selectAll}
            checked={selection.allOnPage}
            indeterminate={selection.someOnPage}
            onChange={selection.setAll}
          />
          <span aria-hidden>{text.selectAll}</span>
        </label>
      )}
      <ul aria-label={label} className="space-y-3">
        {table.getRowModel().rows.map((row, i) => {
          const cells = row.getAllCells();
          const titleCell = cells.find((c) => defOf<T>(c.column).meta?.cardTitle);
          const selected = selection.isSelected(row.id);
          return (
            <li
              key={row.id}
              className={`rounded-lg border bg-white p-4 shadow-sm ${selected ? 'border-orange-300 bg-orange-50' : 'border-stone-200'}`}
            >
              <div className="flex items-start gap-3">
                {selection.selectable && (
                  <Checkbox
                    label={text.selectRow(selection.rowName(row.original, i))}
                    checked={selected}
                    onChange={(on) => selection.toggle(row.id, on)}
                  />
                )}
                <div className="min-w-0 flex-1">
                  {titleCell && (
                    <p className="mb-2 font-semibold text-stone-900">
                      <CellContent cell={titleCell} />
                    </p>
                  )}
                  <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
                    {cells
                      .filter((c) => c !== titleCell && !defOf<T>(c.column).meta?.hideOnCard)
                      .map((cell) => (
                        <div key={cell.id} className="contents">
                          <dt className="font-medium text-stone-600">
                            {columnLabel(defOf<T>(cell.column))}
                          </dt>
                          <dd className="break-words text-stone-900">
                            <CellContent cell={cell} />
                          </dd>
                        </div>
                      ))}
                  </dl>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
