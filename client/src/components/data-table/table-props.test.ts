import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { tableQueryProps, tableSortProps, type TablePage } from './table-props';

const query = (q: Partial<UseQueryResult<TablePage<string>>>) =>
  q as UseQueryResult<TablePage<string>>;

describe('tableQueryProps', () => {
  it('gives the rows and the exact count, and marks a refetch (not the first load) as fetching', () => {
    const refetch = vi.fn();
    const props = tableQueryProps(
      query({
        data: { rows: ['a', 'b'], count: 42 },
        isPending: false,
        isFetching: true,
        error: null,
        refetch,
      }),
    );
    expect(props).toMatchObject({
      rows: ['a', 'b'],
      total: 42,
      isLoading: false,
      isFetching: true,
    });
    props.onRetry();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('is loading, not fetching, on the first load', () => {
    const props = tableQueryProps(query({ isPending: true, isFetching: true, error: null }));
    expect(props).toMatchObject({
      rows: undefined,
      total: undefined,
      isLoading: true,
      isFetching: false,
    });
  });
});

describe('tableSortProps', () => {
  it('wires the headers and the cards’ select to the URL state', () => {
    const toggleSort = vi.fn();
    const setSort = vi.fn();
    const sort = { id: 'created_at', desc: true };
    expect(tableSortProps({ sort, toggleSort, setSort })).toEqual({
      sort,
      onSortToggle: toggleSort,
      onSortChange: setSort,
    });
  });
});
