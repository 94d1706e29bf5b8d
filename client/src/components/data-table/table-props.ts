// The DataTable props every list screen wires the same way, from its query and its URL state:
// `<DataTable {...tableQueryProps(list)} {...tableSortProps(state)} … />`.
import type { UseQueryResult } from '@tanstack/react-query';
import type { SortState } from './url-state';

/** A page of rows and the exact count of the whole view (PostgREST `count: 'exact'`). */
export interface TablePage<T> {
  rows: T[];
  count: number;
}

/** rows, total, loading, refetching, error and Retry from a query returning `{ rows, count }`. */
export function tableQueryProps<T>(query: UseQueryResult<TablePage<T>>) {
  return {
    rows: query.data?.rows,
    total: query.data?.count,
    isLoading: query.isPending,
    isFetching: query.isFetching && !query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

/** The sort, sortable headers and the cards' "Sort by" select, from `useTableUrlState`. */
export function tableSortProps(state: {
  sort: SortState | null;
  toggleSort: (id: string) => void;
  setSort: (sort: SortState | null) => void;
}) {
  return { sort: state.sort, onSortToggle: state.toggleSort, onSortChange: state.setSort };
}
