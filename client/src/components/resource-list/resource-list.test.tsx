// ResourceList and useResourceList on a real router and query client, with a list served from
// memory: the presets' controls write the URL, the query reads the view, the export gets every
// row of it, empty and no-match states, a whole-list query, and a page past the end.
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { columnHelper, labelledOptions } from '@/components/data-table';
import { dismissToast } from '@/components/ui/toast';
import type { ListView, TablePage, WholeView } from '@/lib/list-view';
import { ResourceList } from './resource-list';
import { defineList, useResourceList } from './use-resource-list';
import { preset } from './presets';

interface Person {
  id: string;
  name: string;
  approval_status: string;
}
const PEOPLE: Person[] = [
  { id: '1', name: 'Asha', approval_status: 'pending' },
  { id: '2', name: 'Bhaskar', approval_status: 'approved' },
  { id: '3', name: 'Chaitra', approval_status: 'approved' },
];
type Filters = { approval_status: string; city: string };

const col = columnHelper<Person>();
const columns = [col.accessor('name', { header: 'Name', meta: { sort: true } })];
const list = defineList<Filters>({
  defaults: { approval_status: 'all', city: '' },
  pageSize: 2,
  pageSizeOptions: [2, 10],
  clampPage: true,
  controls: () => [
    preset.search({ label: 'Search people' }),
    preset.approvalStatus({
      label: 'Approval',
      labels: { pending: 'Waiting', approved: 'Approved', rejected: 'Refused' },
      allLabel: 'Everyone',
      allValue: 'all',
    }),
    preset.select('city', { label: 'City', options: labelledOptions(['Pune'], {}) }),
  ],
});

const views: ListView<Filters>[] = [];
const matching = (view: WholeView<Filters>) =>
  PEOPLE.filter(
    (p) =>
      (view.filters.approval_status === 'all' ||
        p.approval_status === view.filters.approval_status) &&
      (!view.filters.city || view.filters.city === 'Mumbai') &&
      p.name.toLowerCase().includes(view.search.toLowerCase()),
  );
const page = (view: ListView<Filters>) =>
  queryOptions({
    queryKey: ['people', view],
    queryFn: async (): Promise<TablePage<Person>> => {
      views.push(view);
      const rows = matching(view);
      return { rows: rows.slice(view.from, view.to + 1), count: rows.length };
    },
  });
const exported = vi.fn(async (view: WholeView<Filters>) => matching(view));

let url = '';
function People() {
  const state = useResourceList(list, page);
  url = useLocation().search;
  return (
    <ResourceList
      {...state}
      label="People"
      columns={columns}
      empty={{ title: 'Nobody yet', body: 'Add the first person.' }}
      noMatch={{ title: 'Nobody matches' }}
      export={{
        filename: (view) => `people-${view.filters.approval_status}`,
        columns: [{ header: 'Name', value: 'name' }],
        rows: exported,
      }}
    />
  );
}

function Roles() {
  const query = useQuery({ queryKey: ['roles'], queryFn: async () => PEOPLE.slice(0, 2) });
  return (
    <ResourceList query={query} label="Roles" columns={columns} empty={{ title: 'No roles' }} />
  );
}

function mount(element: React.ReactNode, at = '/people') {
  const router = createMemoryRouter([{ path: '/people', element }], { initialEntries: [at] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const names = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

beforeEach(() => {
  views.length = 0;
  exported.mockClear();
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => dismissToast());

describe('ResourceList', () => {
  it('shows a page of the view, with the total and the pagination', async () => {
    mount(<People />);
    await waitFor(() => expect(names()).toEqual(['Asha', 'Bhaskar']));
    expect(screen.getByText('Showing 1–2 of 3')).toBeInTheDocument();
    expect(views.at(-1)).toMatchObject({ from: 0, to: 1, search: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()).toEqual(['Chaitra']));
    expect(url).toBe('?page=2');
    expect(views.at(-1)).toMatchObject({ from: 2, to: 3 });
  });

  it('draws the approval preset with its "all" value and filters through the URL', async () => {
    mount(<People />);
    const approval = await screen.findByLabelText('Approval');
    expect(
      Array.from((approval as HTMLSelectElement).options).map((o) => `${o.value}:${o.text}`),
    ).toEqual(['all:Everyone', 'pending:Waiting', 'approved:Approved', 'rejected:Refused']);
    fireEvent.change(approval, { target: { value: 'approved' } });
    await waitFor(() => expect(names()).toEqual(['Bhaskar', 'Chaitra']));
    expect(url).toBe('?approval_status=approved');
    expect(views.at(-1)?.filters).toEqual({ approval_status: 'approved', city: '' });
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeInTheDocument();
  });

  it('says nothing matches a filtered view, and exports every row of it', async () => {
    mount(<People />, '/people?approval_status=approved');
    await waitFor(() => expect(names()).toEqual(['Bhaskar', 'Chaitra']));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    expect(exported).toHaveBeenCalledWith({
      search: '',
      filters: { approval_status: 'approved', city: '' },
      sort: null,
    });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Pune' } });
    expect(await screen.findByText('Nobody matches')).toBeInTheDocument();
    expect(screen.queryByText('Add the first person.')).toBeNull();
  });

  it('goes back to the last page when the URL asks for one past the end', async () => {
    mount(<People />, '/people?page=5');
    await waitFor(() => expect(url).toBe('?page=2'));
    await waitFor(() => expect(names()).toEqual(['Chaitra']));
  });

  it('lists a whole list from a query answering an array, without a toolbar', async () => {
    mount(<Roles />);
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(table.querySelector('caption')).toHaveTextContent('Roles (2 rows in all)');
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});
