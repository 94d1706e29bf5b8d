// A server-paged list from one filtered, ordered PostgREST query: the page with its exact count
// (as a react-query `queryOptions`, keeping the previous page while the next loads), and every
// row of the view for a CSV export. Each feature's api module describes its query once:
//
//   export const accountList = pagedList({
//     key: accountKeys.list,
//     query: (view) => sdk().from('users').select('*', { count: 'exact' }) … .order(…),
//   });
//   useResourceList(accountFilters, accountList.page);  exportRows: accountList.all
import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { RestResponse } from '@havyaka/sdk';
import { fetchAllRows } from './csv';
import { unwrap } from './errors-core';
import type { ListView, TablePage, WholeView } from './list-view';

/** A query builder that can still be cut to a range (the SDK's filter and transform builders). */
export interface RangeableQuery<R> {
  range(from: number, to: number): PromiseLike<RestResponse<R[]>>;
}

export interface PagedList<T, F> {
  /** One page and the exact count of its view. */
  fetchPage: (view: ListView<F>) => Promise<TablePage<T>>;
  /** The page's query options (`useQuery(list.page(view))`). */
  page: (view: ListView<F>) => ReturnType<typeof pagedQueryOptions<T>>;
  /** Every row of a view (not just the page), in requests of 1,000 rows, for an export. */
  all: (view: WholeView<F>) => Promise<T[]>;
}

const pagedQueryOptions = <T>(queryKey: QueryKey, queryFn: () => Promise<TablePage<T>>) =>
  queryOptions({ queryKey, queryFn, placeholderData: keepPreviousData });

/** Where the rows come from: the view's query (ranged here), or a read of one range. */
type Source<R, F> =
  | {
      /** The view's filtered and ordered query, not yet ranged (select with `count: 'exact'`). */
      query: (view: WholeView<F>) => RangeableQuery<R>;
    }
  | {
      /** Reads rows `from`–`to` of the view (when the query needs a request of its own first). */
      read: (view: WholeView<F>, from: number, to: number) => PromiseLike<RestResponse<R[]>>;
    };

export function pagedList<R, F, T = R>(
  options: Source<R, F> & {
    /** The page's query key (the feature's key factory), from the view. */
    key: (view: ListView<F>) => QueryKey;
    /** Turns the rows as read into the list's rows (adds counts, checks shapes). */
    rows?: (raw: R[]) => T[] | Promise<T[]>;
  },
): PagedList<T, F> {
  const { key, rows = (raw: R[]) => raw as unknown as T[] } = options;
  const range =
    'read' in options
      ? options.read
      : (view: WholeView<F>, from: number, to: number) => options.query(view).range(from, to);
  const read = async (view: WholeView<F>, from: number, to: number) => {
    const res = await range(view, from, to);
    return { rows: await rows(unwrap(res)), count: res.count };
  };
  const fetchPage = async (view: ListView<F>) => {
    const page = await read(view, view.from, view.to);
    return { rows: page.rows, count: page.count ?? page.rows.length };
  };
  return {
    fetchPage,
    page: (view) => pagedQueryOptions(key(view), () => fetchPage(view)),
    all: (view) => fetchAllRows(async (from, to) => (await read(view, from, to)).rows),
  };
}
