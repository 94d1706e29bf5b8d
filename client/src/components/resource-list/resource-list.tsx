// A list screen in one component (as refine's and shadcn's data tables): DataTable with its
// rows from a query, and, for a list whose view lives in the URL (useResourceList), the filter
// bar drawn from the resource's controls, the CSV export of every matching row, the sortable
// headers and the pagination. A resource keeps its columns in columns.tsx and its view in
// filters.ts, in its feature folder; see docs/kit.md.
import type { UseQueryResult } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { Fragment, type ReactNode } from 'react';
import {
  DataTable,
  ExportCsvButton,
  FilterBar,
  Pagination,
  paginationProps,
  tableQueryProps,
  tableSortProps,
  type BulkActionContext,
  type DataTableColumn,
  type TableUrlState,
} from '@/components/data-table';
import type { CsvColumn } from '@/lib/csv';
import type { TablePage, WholeView } from '@/lib/list-view';
import type { FilterControl } from './presets';

/** What the list says when it has no rows. */
export interface EmptyText {
  title: string;
  body?: ReactNode;
}

/** "Export CSV" of every row of the view (not just the page). */
export interface ExportSpec<T, F> {
  /** The file name (a function of the view when it depends on it). */
  filename: string | ((view: WholeView<F>) => string);
  columns: readonly CsvColumn<T>[];
  /** The button's label (default "Export CSV"). */
  label?: string;
  /** Every row of the view: the feature's `list.all`. */
  rows: (view: WholeView<F>) => Promise<readonly T[]> | readonly T[];
}

/** A row's key: its `id` unless the resource says otherwise (a row without one must). */
type RowIdProp<T> = T extends { id: string }
  ? { getRowId?: (row: T) => string }
  : { getRowId: (row: T) => string };

const byId = (row: unknown) => (row as { id: string }).id;

export type ResourceListProps<T extends RowData, F extends Record<string, string>> = ListProps<
  T,
  F
> &
  RowIdProp<T>;

interface ListProps<T extends RowData, F extends Record<string, string>> {
  /** The rows: a page (`useResourceList`) or a whole list (any query answering an array). */
  query: UseQueryResult<TablePage<T>> | UseQueryResult<T[]>;
  /** The view in the URL: adds the filter bar, the sortable headers and the pagination. */
  state?: TableUrlState<F>;
  /** The filter bar's controls (from the resource's filters.ts). */
  controls?: readonly FilterControl<F>[];
  label: string;
  columns: DataTableColumn<T>[];
  /** No rows at all; and no rows matching the filters (default: the same as `empty`). */
  empty: EmptyText;
  noMatch?: EmptyText;
  export?: ExportSpec<T, F>;
  /** The filter bar's other actions (create, record, sync), after the export. */
  actions?: ReactNode;
  selectable?: boolean;
  rowLabel?: (row: T) => string;
  bulkActions?: (ctx: BulkActionContext<T>) => ReactNode;
  /** Below the rows and the pagination (a total, a balance). */
  footer?: ReactNode;
}

function Toolbar<T, F extends Record<string, string>>({
  state,
  controls = [],
  exportSpec,
  actions,
}: {
  state: TableUrlState<F>;
  controls?: readonly FilterControl<F>[];
  exportSpec?: ExportSpec<T, F>;
  actions?: ReactNode;
}) {
  const exportButton = exportSpec && (
    <ExportCsvButton
      filename={
        typeof exportSpec.filename === 'function'
          ? exportSpec.filename(state.view)
          : exportSpec.filename
      }
      columns={exportSpec.columns}
      label={exportSpec.label}
      rows={() => exportSpec.rows(state.view)}
    />
  );
  return (
    <FilterBar
      state={state}
      actions={
        exportButton || actions ? (
          <>
            {exportButton}
            {actions}
          </>
        ) : undefined
      }
    >
      {controls.map((control, i) => (
        <Fragment key={i}>{control(state)}</Fragment>
      ))}
    </FilterBar>
  );
}

export function ResourceList<T extends RowData, F extends Record<string, string>>({
  query,
  state,
  controls,
  empty,
  noMatch = empty,
  export: exportSpec,
  actions,
  footer,
  getRowId = byId,
  ...table
}: ResourceListProps<T, F>) {
  const shown = state?.isFiltered ? noMatch : empty;
  const rows = tableQueryProps(query);
  return (
    <DataTable
      {...table}
      getRowId={getRowId as (row: T) => string}
      {...rows}
      {...(state ? tableSortProps(state) : {})}
      emptyTitle={shown.title}
      emptyBody={shown.body}
      toolbar={
        state && (
          <Toolbar state={state} controls={controls} exportSpec={exportSpec} actions={actions} />
        )
      }
      footer={
        state || footer ? (
          <>
            {state && <Pagination {...paginationProps(state, rows.total)} />}
            {footer}
          </>
        ) : undefined
      }
    />
  );
}
