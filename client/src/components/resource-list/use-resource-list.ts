// A resource list's state: its view in the URL (useTableUrlState) and the page the server
// answers for it (react-query), described once per resource in its filters.ts.
import {
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  pageCount,
  useTableUrlState,
  type TableUrlState,
  type TableUrlStateOptions,
} from '@/components/data-table';
import type { ListView, TablePage } from '@/lib/list-view';
import type { FilterControl } from './presets';

/** A list's view: its filters' keys and defaults, sort, page size (the URL state's options)
 *  and the filter bar's controls, in order. Keep it at module scope (filters.ts); the controls
 *  are made when the list renders, so their words are the language on screen. */
export interface ListSpec<F extends Record<string, string>> extends TableUrlStateOptions<F> {
  controls?: () => readonly FilterControl<F>[];
  /** A page past the end (after deletions, or a narrower filter) goes to the last page. */
  clampPage?: boolean;
}

/** Types a list spec (`export const eventList = defineList<EventFilters>({ … })`). */
export const defineList = <F extends Record<string, string>>(spec: ListSpec<F>) => spec;

/** What `useResourceList` gives ResourceList (spread it: `<ResourceList {...list} … />`). */
export interface ResourceListState<T, F extends Record<string, string>> {
  state: TableUrlState<F>;
  query: UseQueryResult<TablePage<T>>;
  controls?: readonly FilterControl<F>[];
}

/**
 * The URL state of `spec` and the page `query(view)` reads for it (a feature's `list.page`,
 * `queryOptions` answering `{ rows, count }`; `select` may cut a page from a whole list).
 */
export function useResourceList<
  T,
  F extends Record<string, string>,
  D = TablePage<T>,
  K extends QueryKey = QueryKey,
>(
  spec: ListSpec<F>,
  query: (view: ListView<F>) => UseQueryOptions<D, Error, TablePage<T>, K>,
): ResourceListState<T, F> {
  const state = useTableUrlState<F>(spec);
  const result = useQuery(query(state.key));

  const lastPage = pageCount(result.data?.count ?? 0, state.pageSize);
  const { page, setPage } = state;
  const settled = result.isSuccess && !result.isPlaceholderData;
  useEffect(() => {
    if (spec.clampPage && settled && page > lastPage) setPage(lastPage);
  }, [spec.clampPage, settled, page, lastPage, setPage]);

  return { state, query: result, controls: spec.controls?.() };
}
