// The list screens' table (TanStack Table v9, server-side paging and sorting): loading, error
// (with Retry) and empty states, optional row selection with a bulk-action bar, and the rows
// as a table from 768 px (table-view.tsx) or one card per row below it (card-list.tsx).
import { useTable, type RowData } from '@tanstack/react-table';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { dataMessage } from '@/lib/errors';
import { CardList } from './card-list';
import type { RowSelection } from './checkbox';
import { dataTableFeatures, type DataTableColumn } from './columns';
import { TableView } from './table-view';
import { text } from './text';
import { useMediaQuery } from './use-media-query';
import type { SortState } from './url-state';

export { columnLabel } from './card-list';

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

/** The selection of the rows on screen: a new page (or a refetch with other ids) starts empty. */
function useRowSelection<T extends RowData>(
  data: T[],
  getRowId: (row: T) => string,
  {
    selectable = false,
    rowLabel,
    onSelectionChange,
  }: Pick<DataTableProps<T>, 'selectable' | 'rowLabel' | 'onSelectionChange'>,
) {
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
  const allOnPage = data.length > 0 && selectedRows.length === data.length;
  const state: RowSelection<T> = {
    selectable,
    isSelected: (id) => selectedIds.has(id),
    toggle: (id, on) => {
      const next = new Set(selectedIds);
      if (on) next.add(id);
      else next.delete(id);
      setSelected(next);
    },
    allOnPage,
    someOnPage: selectedRows.length > 0 && !allOnPage,
    setAll: (on) => setSelected(on ? new Set(data.map(getRowId)) : new Set()),
    rowName: (row, index) => rowLabel?.(row) ?? text.rowFallback(index + 1),
  };
  return { state, selectedRows, clear: () => setSelected(new Set()) };
}

/** A server-paged table. Pair with `useTableUrlState`, `Pagination` and `FilterBar`. */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    getRowId,
    label,
    isLoading,
    isFetching,
    error,
    onRetry,
    emptyTitle = text.emptyTitle,
    emptyBody,
    sort,
    bulkActions,
    toolbar,
    footer,
  } = props;
  const wide = useMediaQuery(TABLE_MEDIA_QUERY, true);
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
  const selection = useRowSelection(data, getRowId, props);

  if (error && !rows?.length) {
    return (
      <section aria-label={label} className="space-y-3">
        {toolbar}
        <ErrorState title={text.errorTitle} message={dataMessage(error)} onRetry={onRetry} />
      </section>
    );
  }

  const selected = selection.selectedRows;
  const bulkBar =
    selection.state.selectable && selected.length > 0 ? (
      <div
        role="region"
        aria-label={text.selected(selected.length)}
        className="flex flex-wrap items-center gap-3 rounded-md border border-orange-200 bg-orange-50 px-3 py-2"
      >
        <span className="text-sm font-semibold text-stone-900" aria-live="polite">
          {text.selected(selected.length)}
        </span>
        {bulkActions?.({ rows: selected, clear: selection.clear })}
        <Button variant="ghost" className="ml-auto" onClick={selection.clear}>
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
      <TableView
        table={table}
        label={label}
        caption={props.caption}
        total={props.total}
        isFetching={isFetching}
        sort={sort}
        onSortToggle={props.onSortToggle}
        selection={selection.state}
      />
    );
  } else {
    body = (
      <CardList
        table={table}
        label={label}
        isFetching={isFetching}
        sort={sort}
        onSortChange={props.onSortChange}
        selection={selection.state}
      />
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
