import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageRange, parseSort, useTableUrlState, type TableUrlState } from './url-state';

type Filters = { status: string; role: string };
let state: TableUrlState<Filters>;
let search = '';

function Probe() {
  state = useTableUrlState<Filters>({
    defaults: { status: 'approved', role: '' },
    pageSize: 25,
    sort: { id: 'created_at', desc: true },
    debounceMs: 50,
  });
  search = useLocation().search;
  return (
    <input
      aria-label="Search"
      value={state.searchInput}
      onChange={(e) => state.setSearch(e.target.value)}
    />
  );
}

function mount(url = '/list') {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
    initialEntries: [url],
  });
  return render(<RouterProvider router={router} />);
}

describe('useTableUrlState', () => {
  it('starts from the defaults with a clean URL', () => {
    mount();
    expect(state.filters).toEqual({ status: 'approved', role: '' });
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(25);
    expect(state.sort).toEqual({ id: 'created_at', desc: true });
    expect([state.from, state.to]).toEqual([0, 24]);
    expect(state.isFiltered).toBe(false);
    expect(search).toBe('');
  });

  it('round-trips filters, page, size and sort through the URL', async () => {
    const first = mount();
    act(() => state.setFilter('status', 'pending'));
    act(() => state.setPageSize(50));
    act(() => state.toggleSort('name'));
    act(() => state.setPage(3));
    expect(search).toBe('?status=pending&size=50&sort=name.asc&page=3');
    const url = `/list${search}`;
    first.unmount();

    mount(url);
    expect(state.filters).toEqual({ status: 'pending', role: '' });
    expect(state.page).toBe(3);
    expect(state.pageSize).toBe(50);
    expect(state.sort).toEqual({ id: 'name', desc: false });
    expect([state.from, state.to]).toEqual([100, 149]);
    expect(state.isFiltered).toBe(true);
    expect(state.key).toEqual({
      search: '',
      filters: { status: 'pending', role: '' },
      sort: { id: 'name', desc: false },
      from: 100,
      to: 149,
    });
  });

  it('goes back to page 1 when a filter changes, and drops defaults from the URL', () => {
    mount('/list?page=4&status=pending');
    act(() => state.setFilter('status', 'approved'));
    expect(state.page).toBe(1);
    expect(search).toBe('');
  });

  it('debounces the search into q and resets the page', async () => {
    mount('/list?page=2');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' rao ' } });
    expect(state.searchInput).toBe(' rao ');
    expect(state.search).toBe('');
    await act(() => new Promise((r) => setTimeout(r, 80)));
    expect(state.search).toBe('rao');
    expect(search).toBe('?q=rao');
  });

  it('cycles sort ascending → descending → default; setSort(null) restores the default', () => {
    mount();
    act(() => state.toggleSort('name'));
    expect(state.sort).toEqual({ id: 'name', desc: false });
    act(() => state.toggleSort('name'));
    expect(state.sort).toEqual({ id: 'name', desc: true });
    act(() => state.toggleSort('name'));
    expect(state.sort).toEqual({ id: 'created_at', desc: true });
    expect(search).toBe('');
    act(() => state.toggleSort('created_at'));
    expect(state.sort).toEqual({ id: 'created_at', desc: false });
    act(() => state.toggleSort('created_at'));
    expect(search).toBe('');
    act(() => state.setSort({ id: 'city', desc: true }));
    expect(search).toBe('?sort=city.desc');
    act(() => state.setSort(null));
    expect(state.sort).toEqual({ id: 'created_at', desc: true });
    expect(search).toBe('');
  });

  it('composes changes made before a re-render, and a late debounced search keeps them', async () => {
    mount();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'bhat' } });
    act(() => {
      state.setFilter('role', 'admin');
      state.setPageSize(50);
    });
    expect(search).toBe('?role=admin&size=50');
    await act(() => new Promise((r) => setTimeout(r, 80)));
    expect(search).toBe('?role=admin&size=50&q=bhat');
  });

  it('ignores hostile or out-of-range params', () => {
    mount('/list?page=-2&size=100000&sort=name);drop');
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(25);
    expect(state.sort).toEqual({ id: 'created_at', desc: true });
  });

  it('reset clears everything', () => {
    mount('/list?q=x&status=pending&page=2&sort=name.asc');
    act(() => state.reset());
    expect(search).toBe('');
    expect(state.searchInput).toBe('');
  });
});

describe('helpers', () => {
  it('pageRange gives PostgREST inclusive ranges', () => {
    expect(pageRange(1, 10)).toEqual({ from: 0, to: 9 });
    expect(pageRange(3, 25)).toEqual({ from: 50, to: 74 });
  });
  it('parseSort reads name / name.desc and refuses odd ids', () => {
    expect(parseSort('name.desc')).toEqual({ id: 'name', desc: true });
    expect(parseSort('name')).toEqual({ id: 'name', desc: false });
    expect(parseSort('a,b')).toBeNull();
  });
});
