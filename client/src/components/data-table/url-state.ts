// A list's view (filters, free-text search, page, page size and sort) kept in the URL's search
// params, so it can be shared and survives a reload. Values equal to their default stay out of
// the URL. Changing anything but the page goes back to page 1.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListView, SortState, WholeView } from '@/lib/list-view';

export type { SortState };

export interface TableUrlStateOptions<F extends Record<string, string>> {
  /** Filter keys and their default values ('' for "no filter"); only these keys are read. */
  defaults?: F;
  /** Rows per page when the URL says nothing (default 25). */
  pageSize?: number;
  /** The page sizes a URL may ask for (default 10, 25, 50, 100). */
  pageSizeOptions?: number[];
  /** The sort when the URL says nothing. */
  sort?: SortState | null;
  /** A prefix for every param, for two tables on one page (e.g. 'm' → m.page, m.q). */
  prefix?: string;
  /** Milliseconds the search waits after the last keystroke before it reaches the URL (300). */
  debounceMs?: number;
}

/** What `useTableUrlState` returns: the view's values, setters, and the PostgREST range. */
export interface TableUrlState<F extends Record<string, string> = Record<string, string>> {
  filters: F;
  /**
   * Sets one filter (its default removes it from the URL) and goes back to page 1.
   * `replace` rewrites the current history entry instead of adding one (typed filters).
   */
  setFilter: <K extends keyof F & string>(
    key: K,
    value: F[K] | string,
    options?: { replace?: boolean },
  ) => void;
  /** Sets several filters at once. */
  setFilters: (values: Partial<F>, options?: { replace?: boolean }) => void;
  /** The search as typed (bind the input to this). */
  searchInput: string;
  /** Updates the input at once and the URL after the debounce. */
  setSearch: (value: string) => void;
  /** The debounced search from the URL (use this in queries), trimmed. */
  search: string;
  /** 1-based page. */
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  pageSizeOptions: number[];
  setPageSize: (size: number) => void;
  sort: SortState | null;
  /** Sets the sort; null goes back to the default sort. */
  setSort: (sort: SortState | null) => void;
  /** Ascending, then descending, then back to the default sort (the default column flips). */
  toggleSort: (id: string) => void;
  /** First row index for PostgREST `.range(from, to)` (0-based, inclusive). */
  from: number;
  /** Last row index for PostgREST `.range(from, to)` (inclusive). */
  to: number;
  /** True when any filter or the search differs from its default. */
  isFiltered: boolean;
  /** Clears filters, search, page and sort back to their defaults. */
  reset: () => void;
  /** Everything the server query depends on, for its query key: `keys.list(state.key)`. */
  key: ListView<F>;
  /** The view without the page (search, filters, sort): what a CSV export of every row reads. */
  view: WholeView<F>;
}

const DEFAULT_SIZES = [10, 25, 50, 100];

/** `name` / `name.desc` ⇄ SortState (PostgREST's order syntax). */
export function parseSort(value: string | null): SortState | null {
  if (!value) return null;
  const [id, dir] = value.split('.');
  if (!id || !/^[A-Za-z0-9_]+$/.test(id)) return null;
  return { id, desc: dir === 'desc' };
}
export const formatSort = (sort: SortState) => `${sort.id}.${sort.desc ? 'desc' : 'asc'}`;

/** The 0-based inclusive row range of a 1-based page. */
export function pageRange(page: number, pageSize: number) {
  const from = (Math.max(1, page) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

const sameSort = (a: SortState | null, b: SortState | null) =>
  a === b || (!!a && !!b && a.id === b.id && a.desc === b.desc);

/**
 * The list view in the URL. `defaults` names the filters (values are strings: encode numbers or
 * booleans yourself). Feed `search`, `filters`, `sort`, `from` and `to` to the query and put them
 * in its query key.
 */
export function useTableUrlState<F extends Record<string, string> = Record<string, never>>(
  options: TableUrlStateOptions<F> = {},
): TableUrlState<F> {
  const {
    defaults = {} as F,
    pageSize: defaultSize = 25,
    pageSizeOptions = DEFAULT_SIZES,
    sort: defaultSort = null,
    prefix = '',
    debounceMs = 300,
  } = options;
  const param = useCallback((name: string) => (prefix ? `${prefix}.${name}` : name), [prefix]);
  const [params, setParams] = useSearchParams();

  const filters = useMemo(() => {
    const out = { ...defaults };
    for (const k of Object.keys(defaults) as (keyof F & string)[]) {
      const v = params.get(param(k));
      if (v !== null) out[k] = v as F[keyof F & string];
    }
    return out;
    // defaults is usually an inline literal: compare by content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, param, JSON.stringify(defaults)]);

  const search = (params.get(param('q')) ?? '').trim();
  const sizeParam = Number(params.get(param('size')));
  const pageSize = pageSizeOptions.includes(sizeParam) ? sizeParam : defaultSize;
  const pageParam = Number(params.get(param('page')));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const sortParam = params.get(param('sort'));
  const sort = parseSort(sortParam) ?? defaultSort;

  // The params as last written: a debounced search, or two setters in one event, build on the
  // newest URL rather than the one their render saw (react-router's updater gets the latter).
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  /** Applies changes to a copy of the current params; null or '' removes a param. */
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean, replace = false) => {
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(param(name));
        else next.set(param(name), value);
      }
      if (resetPage) next.delete(param('page'));
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams, param],
  );

  const setFilters = useCallback(
    (values: Partial<F>, options?: { replace?: boolean }) => {
      const changes: Record<string, string | null> = {};
      for (const [k, v] of Object.entries(values)) {
        if (!(k in defaults)) continue;
        changes[k] = v === undefined || v === defaults[k] ? null : (v as string);
      }
      update(changes, true, options?.replace);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update, JSON.stringify(defaults)],
  );
  const setFilter = useCallback(
    <K extends keyof F & string>(k: K, value: F[K] | string, options?: { replace?: boolean }) =>
      setFilters({ [k]: value } as unknown as Partial<F>, options),
    [setFilters],
  );

  // The search input updates at once; the URL after the debounce (replacing history entries).
  const [searchInput, setSearchInput] = useState(search);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastUrlSearch = useRef(search);
  useEffect(() => {
    // The URL changed under us (back button, reset, shared link): follow it.
    if (search !== lastUrlSearch.current) {
      lastUrlSearch.current = search;
      setSearchInput((typed) => (typed.trim() === search ? typed : search));
    }
  }, [search]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const setSearch = useCallback(
    (value: string) => {
      setSearchInput(value);
      clearTimeout(pending.current);
      pending.current = setTimeout(() => {
        lastUrlSearch.current = value.trim();
        update({ q: value.trim() || null }, true, true);
      }, debounceMs);
    },
    [update, debounceMs],
  );

  const setPage = useCallback(
    (p: number) => update({ page: p > 1 ? String(Math.floor(p)) : null }, false),
    [update],
  );
  const setPageSize = useCallback(
    (size: number) => update({ size: size === defaultSize ? null : String(size) }, true),
    [update, defaultSize],
  );
  const setSort = useCallback(
    (next: SortState | null) =>
      update({ sort: !next || sameSort(next, defaultSort) ? null : formatSort(next) }, true),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update, defaultSort?.id, defaultSort?.desc],
  );
  const toggleSort = useCallback(
    (id: string) => {
      if (sort?.id !== id) setSort({ id, desc: false });
      else if (!sort.desc) setSort({ id, desc: true });
      // Descending: back to the default, unless this is the default (then flip to ascending).
      else setSort(sameSort(sort, defaultSort) ? { id, desc: false } : null);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sort?.id, sort?.desc, setSort, defaultSort?.id, defaultSort?.desc],
  );

  const reset = useCallback(() => {
    clearTimeout(pending.current);
    setSearchInput('');
    lastUrlSearch.current = '';
    const changes: Record<string, null> = { q: null, sort: null, size: null };
    for (const k of Object.keys(defaults)) changes[k] = null;
    update(changes, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [update, JSON.stringify(defaults)]);

  const isFiltered =
    search !== '' || (Object.keys(defaults) as (keyof F)[]).some((k) => filters[k] !== defaults[k]);

  const range = pageRange(page, pageSize);
  const sortId = sort?.id;
  const sortDesc = sort?.desc;
  const queryKey = useMemo(
    () => ({
      search,
      filters,
      sort: sortId ? { id: sortId, desc: !!sortDesc } : null,
      from: range.from,
      to: range.to,
    }),
    [search, filters, sortId, sortDesc, range.from, range.to],
  );

  const view = useMemo(
    () => ({ search: queryKey.search, filters: queryKey.filters, sort: queryKey.sort }),
    [queryKey.search, queryKey.filters, queryKey.sort],
  );

  return {
    view,
    filters,
    setFilter,
    setFilters,
    searchInput,
    setSearch,
    search,
    page,
    setPage,
    pageSize,
    pageSizeOptions,
    setPageSize,
    sort,
    setSort,
    toggleSort,
    ...range,
    isFiltered,
    reset,
    key: queryKey,
  };
}
