// The list screens' table (TanStack Table v9, server-side paging and sorting): loading, error
// (with Retry) and empty states, optional row selection with a bulk-action bar, sortable
// headers, and one card per row below 768 px (spec §9's mobile breakpoint).
import { useTable, type Header, type RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { controlClass } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Button } from '@/components/ui/button';
import { dataMessage } from '@/lib/errors';
import { dataTableFeatures, type DataTableColumn, type DataTableFeatures } from './columns';
import { text } from './text';
import { useMediaQuery } from './use-media-query';
import type { SortState } from './url-state';

/** The mobile breakpoint of spec §9: cards below it, a table from it up. */
export const TABLE_MEDIA_QUERY = '(min-width: 768px)';

export interface BulkActionContext<T> {
  /** The selected rows of this page. */
  rows: T[];
  /** Unticks every row (call after the action succeeds). */
  clear: () => void;
}

export interface DataTableProps<T extends RowData> {
  /** Column definitions (see `columnHelper`); keep them stable (module scope or useMemo). */
  columns: DataTableColumn<T>[];
  /** This page's rows (undefined while the first load runs). */
  rows: T[] | undefined;
  /** A stable id per row (selection and React keys). */
  getRowId: (row: T) => string;
  /** The table's accessible name (and visible caption unless `caption` is given). */
  label: string;
  /** A visible caption; defaults to a screen-reader-only caption holding `label`. */
  caption?: ReactNode;
  /** The exact total from the server (count: 'exact'); told to screen readers in the caption. */
  total?: number;
  /** First load in progress (shows skeleton rows). */
  isLoading?: boolean;
  /** A refetch in progress with the previous rows still shown (marks the table busy). */
  isFetching?: boolean;
  /** The load error, shown with a Retry button calling `onRetry`. */
  error?: unknown;
  onRetry?: () => void;
  /** The empty state's title, and optional body (e.g. a "create the first one" link). */
  emptyTitle?: string;
  emptyBody?: ReactNode;
  /** The current sort (from `useTableUrlState().sort`). */
  sort?: SortState | null;
  /** Called with a sort key when a sortable header is pressed (`state.toggleSort`). */
  onSortToggle?: (id: string) => void;
  /** Sets a sort directly: gives the cards (below 768 px) a "Sort by" select (`state.setSort`). */
  onSortChange?: (sort: SortState | null) => void;
  /** Adds checkboxes (row and select-all-on-page). */
  selectable?: boolean;
  /** The accessible name of a row's checkbox, e.g. the member's name (default "row N"). */
  rowLabel?: (row: T) => string;
  /** Called whenever the selection changes, with the selected rows. */
  onSelectionChange?: (rows: T[]) => void;
  /** The bulk-action slot shown while rows are selected. */
  bulkActions?: (ctx: BulkActionContext<T>) => ReactNode;
  /** Content above the table (filter bar, export button, …). */
  toolbar?: ReactNode;
  /** Content below the table (usually `<Pagination>`). */
  footer?: ReactNode;
}

/** The header's text: a string header, else `meta.label`, else the column id. */
export function columnLabel<T extends RowData>(column: DataTableColumn<T>): string {
  if (column.meta?.label) return column.meta.label;
  if (typeof column.header === 'string') return column.header;
  const c = column as { id?: string; accessorKey?: unknown };
  return c.id ?? String(c.accessorKey ?? '');
}

function sortKey(meta: { sort?: boolean | string } | undefined, id: string) {
  if (!meta?.sort) return null;
  return typeof meta.sort === 'string' ? meta.sort : id;
}

function Checkbox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="h-5 w-5 cursor-pointer accent-orange-800"
    />
  );
}

/** A server-paged table. Pair with `useTableUrlState`, `Pagination` and `FilterBar`. */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    getRowId,
    label,
    caption,
    total,
    isLoading,
    isFetching,
    error,
    onRetry,
    emptyTitle = text.emptyTitle,
    emptyBody,
    sort,
    onSortToggle,
    onSortChange,
    selectable,
    rowLabel,
    onSelectionChange,
    bulkActions,
    toolbar,
    footer,
  } = props;
  const wide = useMediaQuery(TABLE_MEDIA_QUERY, true);
  const sortSelectId = useId();
  // A new page of rows renders in the background, in short slices that yield to the browser
  // (the previous rows or the skeleton stay until it is ready), not in one long task.
  const shownRows = useDeferredValue(rows);
  const data = useMemo(() => shownRows ?? [], [shownRows]);
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row: T) => getRowId(row),
  });

  // Selection belongs to the rows on screen: a new page (or refetch with other ids) starts empty.
  const pageKey = data.map(getRowId).join('\u0000');
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({
    key: pageKey,
    ids: new Set(),
  });
  const selectedIds = selection.key === pageKey ? selection.ids : new Set<string>();
  const selectedRows = data.filter((r) => selectedIds.has(getRowId(r)));
  const setSelected = (ids: Set<string>) => {
    setSelection({ key: pageKey, ids });
    onSelectionChange?.(data.filter((r) => ids.has(getRowId(r))));
  };
  const clear = () => setSelected(new Set());
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selectedIds);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const allOnPage = data.length > 0 && selectedRows.length === data.length;
  const someOnPage = selectedRows.length > 0 && !allOnPage;
  const labelOf = (row: T, index: number) => rowLabel?.(row) ?? text.rowFallback(index + 1);

  if (error && !rows?.length) {
    return (
      <section aria-label={label} className="space-y-3">
        {toolbar}
        <ErrorState title={text.errorTitle} message={dataMessage(error)} onRetry={onRetry} />
      </section>
    );
  }

  const headerGroups = table.getHeaderGroups();
  const sortable = table
    .getAllLeafColumns()
    .map((c) => ({
      key: sortKey((c.columnDef as DataTableColumn<T>).meta, c.id),
      label: columnLabel(c.columnDef as DataTableColumn<T>),
    }))
    .filter((c): c is { key: string; label: string } => c.key !== null);
  const tableRows = table.getRowModel().rows;

  const headerCell = (header: Header<DataTableFeatures, T, unknown>) => {
    const def = header.column.columnDef as DataTableColumn<T>;
    const key = sortKey(def.meta, header.column.id);
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
        className={`px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-700 uppercase ${def.meta?.className ?? ''}`}
      >
        {key && onSortToggle ? (
          <button
            type="button"
            onClick={() => onSortToggle(key)}
            className="inline-flex items-center gap-1 rounded uppercase hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-orange-800"
          >
            {content}
            {active ? (
              active.desc ? (
                <ArrowDown className="h-4 w-4" aria-hidden />
              ) : (
                <ArrowUp className="h-4 w-4" aria-hidden />
              )
            ) : (
              <ArrowUpDown className="h-4 w-4 text-stone-400" aria-hidden />
            )}
          </button>
        ) : (
          content
        )}
      </th>
    );
  };

  const bulkBar =
    selectable && selectedRows.length > 0 ? (
      <div
        role="region"
        aria-label={text.selected(selectedRows.length)}
        className="flex flex-wrap items-center gap-3 rounded-md border border-orange-200 bg-orange-50 px-3 py-2"
      >
        <span className="text-sm font-semibold text-stone-900" aria-live="polite">
          {text.selected(selectedRows.length)}
        </span>
        {bulkActions?.({ rows: selectedRows, clear })}
        <Button variant="ghost" className="ml-auto" onClick={clear}>
          {text.clearSelection}
        </Button>
      </div>
    ) : null;

  let body: ReactNode;
  if (!shownRows && (isLoading || rows)) {
    body = <LoadingState label={text.loading} rows={5} height="h-12" />;
  } else if (data.length === 0) {
    body = <EmptyState title={emptyTitle}>{emptyBody}</EmptyState>;
  } else if (wide) {
    body = (
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
            {headerGroups.map((group) => (
              <tr key={group.id}>
                {selectable && (
                  <th scope="col" className="w-10 px-3 py-2">
                    <Checkbox
                      label={text.selectAll}
                      checked={allOnPage}
                      indeterminate={someOnPage}
                      onChange={(on) => setSelected(on ? new Set(data.map(getRowId)) : new Set())}
                    />
                  </th>
                )}
                {group.headers.map(headerCell)}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-stone-100">
            {tableRows.map((row, i) => (
              <tr
                key={row.id}
                aria-selected={selectable ? selectedIds.has(row.id) : undefined}
                className={selectedIds.has(row.id) ? 'bg-orange-50' : 'hover:bg-stone-50'}
              >
                {selectable && (
                  <td className="px-3 py-2">
                    <Checkbox
                      label={text.selectRow(labelOf(row.original, i))}
                      checked={selectedIds.has(row.id)}
                      onChange={(on) => toggle(row.id, on)}
                    />
                  </td>
                )}
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 align-top text-stone-900 ${(cell.column.columnDef as DataTableColumn<T>).meta?.className ?? ''}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else {
    body = (
      <div aria-busy={isFetching || undefined}>
        {onSortChange && sortable.length > 0 && (
          <div className="mb-3">
            <label
              htmlFor={sortSelectId}
              className="mb-1 block text-sm font-semibold text-stone-800"
            >
              {text.sortLabel}
            </label>
            <select
              id={sortSelectId}
              className={controlClass}
              value={sort ? `${sort.id}.${sort.desc ? 'desc' : 'asc'}` : ''}
              onChange={(e) => {
                const [id, dir] = e.target.value.split('.');
                onSortChange(id ? { id, desc: dir === 'desc' } : null);
              }}
            >
              <option value="">{text.sortDefault}</option>
              {sortable.flatMap(({ key, label: name }) =>
                [false, true].map((desc) => (
                  <option key={`${key}.${desc}`} value={`${key}.${desc ? 'desc' : 'asc'}`}>
                    {text.sortOption(name, desc)}
                  </option>
                )),
              )}
            </select>
          </div>
        )}
        {selectable && (
          <label className="mb-2 flex items-center gap-2 text-sm text-stone-800">
            <Checkbox
              label={text.selectAll}
              checked={allOnPage}
              indeterminate={someOnPage}
              onChange={(on) => setSelected(on ? new Set(data.map(getRowId)) : new Set())}
            />
            <span aria-hidden>{text.selectAll}</span>
          </label>
        )}
        <ul aria-label={label} className="space-y-3">
          {tableRows.map((row, i) => {
            const cells = row.getAllCells();
            const titleCell = cells.find(
              (c) => (c.column.columnDef as DataTableColumn<T>).meta?.cardTitle,
            );
            return (
              <li
                key={row.id}
                className={`rounded-lg border bg-white p-4 shadow-sm ${selectedIds.has(row.id) ? 'border-orange-300 bg-orange-50' : 'border-stone-200'}`}
              >
                <div className="flex items-start gap-3">
                  {selectable && (
                    <Checkbox
                      label={text.selectRow(labelOf(row.original, i))}
                      checked={selectedIds.has(row.id)}
                      onChange={(on) => toggle(row.id, on)}
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    {titleCell && (
                      <p className="mb-2 font-semibold text-stone-900">
                        <table.FlexRender cell={titleCell} />
                      </p>
                    )}
                    <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
                      {cells
                        .filter((c) => {
                          const meta = (c.column.columnDef as DataTableColumn<T>).meta;
                          return c !== titleCell && !meta?.hideOnCard;
                        })
                        .map((cell) => (
                          <div key={cell.id} className="contents">
                            <dt className="font-medium text-stone-600">
                              {columnLabel(cell.column.columnDef as DataTableColumn<T>)}
                            </dt>
                            <dd className="break-words text-stone-900">
                              <table.FlexRender cell={cell} />
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

  return (
    <section aria-label={label} className="space-y-3">
      {toolbar}
      {error ? (
        <ErrorState title={text.errorTitle} message={dataMessage(error)} onRetry={onRetry} />
      ) : null}
      {bulkBar}
      {body}
      {footer}
    </section>
  );
}
