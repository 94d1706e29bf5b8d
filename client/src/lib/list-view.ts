// The shape of a list's view, shared by the URL state (components/data-table), the resource
// list (components/resource-list) and every feature's list query (features/*/api).

/** A sort: the column (or server field) id and its direction. */
export interface SortState {
  id: string;
  desc: boolean;
}

/** What one page of a list asks the server for: `useTableUrlState().key`. */
export interface ListView<F> {
  search: string;
  filters: F;
  sort: SortState | null;
  /** The page's first and last row for PostgREST `.range(from, to)` (0-based, inclusive). */
  from: number;
  to: number;
}

/** A view without its page (`useTableUrlState().view`): what an export of every row reads. */
export type WholeView<F> = Omit<ListView<F>, 'from' | 'to'>;

/** A page of rows and the exact count of the whole view (PostgREST `count: 'exact'`). */
export interface TablePage<T> {
  rows: T[];
  count: number;
}
