// The DataTable props every list screen wires the same way, from its query and its URL state
// (ResourceList, components/resource-list, does it for you):
// `<DataTable {...tableQueryProps(list)} {...tableSortProps(state)} … />`.
import type { UseQueryResult } from '@tanstack/react-query';
import type { SortState, TablePage } from '@/lib/list-view';

export type { TablePage };

/**
 * rows, total, loading, refetching, error and Retry from a query returning a page
 * (`{ rows, count }`) or a whole list (an array: its length is the total).
 */
export function tableQueryProps<T>(query: UseQueryResult<TablePage<T>> | UseQueryResult<T[]>) {
  const data: TablePage<T> | T[] | undefined = query.data;
  const page = Array.isArray(data) ? { rows: data, count: data.length } : data;
  return {
    rows: page?.rows,
    total: page?.count,
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
