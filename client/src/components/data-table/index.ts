// The data-table kit: DataTable, its URL state, pagination and filter controls.
export { DataTable, columnLabel, TABLE_MEDIA_QUERY } from './data-table';
export type { BulkActionContext, DataTableProps } from './data-table';
export { columnHelper, dataTableFeatures } from './columns';
export type { DataTableColumn, DataTableColumnMeta, DataTableFeatures } from './columns';
export { useTableUrlState, pageRange, parseSort, formatSort } from './url-state';
export type { SortState, TableUrlState, TableUrlStateOptions } from './url-state';
export { Pagination, pageCount, paginationProps } from './pagination';
export type { PaginationProps } from './pagination';
export { FilterBar, SearchFilter, SelectFilter, TextFilter, labelledOptions } from './filter-bar';
export type { FilterOption } from './filter-bar';
export { useMediaQuery } from './use-media-query';
export { ExportCsvButton } from './export-button';
export { CellSelect } from './cell-select';
export { tableQueryProps, tableSortProps } from './table-props';
export type { TablePage } from './table-props';
