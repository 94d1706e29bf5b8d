import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { columnHelper, type DataTableColumn } from './columns';
import { DataTable } from './data-table';
import { Pagination } from './pagination';

interface Member {
  id: string;
  name: string;
  city: string;
}
const col = columnHelper<Member>();
const columns: DataTableColumn<Member>[] = [
  col.accessor('name', { header: 'Name', meta: { sort: true, cardTitle: true } }),
  col.accessor('city', { header: 'City', meta: { sort: 'city_name' } }),
];
const rows: Member[] = [
  { id: 'a', name: 'Asha Rao', city: 'Mumbai' },
  { id: 'b', name: 'Bhat K', city: 'Pune' },
];
const id = (m: Member) => m.id;
/** What every table here shows: the members, labelled. */
const members = { label: 'Members', columns, rows, getRowId: id };

describe('DataTable', () => {
  it('renders a labelled table with sortable headers exposing aria-sort', () => {
    const onSortToggle = vi.fn();
    render(
      <DataTable
        {...members}
        sort={{ id: 'name', desc: true }}
        onSortToggle={onSortToggle}
        total={42}
      />,
    );
    const table = screen.getByRole('table', { name: 'Members' });
    expect(table.querySelector('caption')).toHaveTextContent('Members (42 rows in all)');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /City/ })).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(screen.getByRole('button', { name: /City/ }));
    expect(onSortToggle).toHaveBeenCalledWith('city_name');
  });

  it('selects rows with named checkboxes, select-all on the page, and a bulk-action slot', () => {
    const onSelectionChange = vi.fn();
    const remove = vi.fn();
    render(
      <DataTable
        {...members}
        selectable
        rowLabel={(m) => m.name}
        onSelectionChange={onSelectionChange}
        bulkActions={({ rows: picked }) => (
          <button onClick={() => remove(picked.map((m) => m.id))}>Delete</button>
        )}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bhat K' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([rows[1]]);
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith(rows);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(['a', 'b']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('renders its cells again only when their rows change, not for a selection or a refetch', () => {
    const renders = vi.fn();
    const counted: DataTableColumn<Member>[] = [
      col.accessor('name', {
        header: 'Name',
        cell: ({ getValue }) => {
          renders();
          return getValue();
        },
      }),
    ];
    const table = (props: { rows: Member[]; isFetching?: boolean }) => (
      <DataTable label="Members" columns={counted} getRowId={id} selectable {...props} />
    );
    const { rerender } = render(table({ rows }));
    expect(renders).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    rerender(table({ rows, isFetching: true }));
    expect(renders).toHaveBeenCalledTimes(2);
    rerender(table({ rows: [rows[0], { ...rows[1], name: 'Bhat Kumar' }] }));
    expect(screen.getByText('Bhat Kumar')).toBeInTheDocument();
    expect(renders).toHaveBeenCalledTimes(4);
  });

  it('shows loading, empty, and error with Retry', () => {
    const retry = vi.fn();
    const { rerender } = render(<DataTable {...members} rows={undefined} isLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    rerender(<DataTable {...members} rows={[]} emptyTitle="No members" />);
    expect(screen.getByText('No members')).toBeInTheDocument();
    rerender(
      <DataTable
        {...members}
        rows={undefined}
        error={{ status: 403, message: 'x' }}
        onRetry={retry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Access forbidden');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });

  it('shows one card per row with column labels below 768 px', () => {
    const original = globalThis.matchMedia;
    globalThis.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof matchMedia;
    try {
      const onSortChange = vi.fn();
      render(<DataTable {...members} sort={null} onSortChange={onSortChange} />);
      expect(screen.queryByRole('table')).toBeNull();
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'city_name.desc' } });
      expect(onSortChange).toHaveBeenCalledWith({ id: 'city_name', desc: true });
      const cards = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(within(cards[0]).getByText('Asha Rao')).toBeInTheDocument();
      expect(within(cards[0]).getByText('City')).toBeInTheDocument();
      expect(within(cards[0]).getByText('Mumbai')).toBeInTheDocument();
    } finally {
      globalThis.matchMedia = original;
    }
  });
});

describe('Pagination', () => {
  it('shows page x of y and the range, and moves between pages', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageSize={25} total={60} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 26–50 of 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
  it('disables both directions on a single page', () => {
    render(<Pagination page={1} pageSize={25} total={3} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });
});
