// Column definitions for DataTable: TanStack Table v9 ColumnDefs over the kit's feature set,
// with typed `meta` for what the kit adds (labels for cards and CSV, server sort keys).
import {
  createColumnHelper,
  tableFeatures,
  type CellData,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** Extra, optional settings a column may carry in `meta`. */
export interface DataTableColumnMeta {
  /** The label on the mobile cards (and a fallback accessible name); defaults to the header text. */
  label?: string;
  /** Sortable by the server: true sorts by the column id, a string by that field. */
  sort?: boolean | string;
  /** Hide this column on the mobile cards (e.g. a duplicate of the card title). */
  hideOnCard?: boolean;
  /** Show this cell as the card's heading on mobile. */
  cardTitle?: boolean;
  /** Extra classes for the column's cells (e.g. 'text-right tabular-nums'). */
  className?: string;
}

/** The TanStack feature set DataTable uses: the core only (sorting and paging are server-side). */
export const dataTableFeatures = tableFeatures({ columnMeta: {} as DataTableColumnMeta });
export type DataTableFeatures = typeof dataTableFeatures;

/** A DataTable column: `ColumnDef` bound to the kit's features (pass these as `columns`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<T extends RowData, V extends CellData = any> = ColumnDef<
  DataTableFeatures,
  T,
  V
>;

/**
 * A typed column helper: `const col = columnHelper<Member>();`
 * `col.accessor('name', { header: 'Name', meta: { sort: true } })`,
 * `col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => … })`.
 */
export const columnHelper = <T extends RowData>() => createColumnHelper<DataTableFeatures, T>();
